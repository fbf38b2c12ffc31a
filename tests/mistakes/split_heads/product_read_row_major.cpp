// Wrong on purpose (suite only): the mistake product_read_row_major in split_heads (M and each part indexed row by row).
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: the number of heads must be at least 1");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads, L = M.n_rows, n = M.n_cols;
    const double* src = M.memptr();
    std::vector<arma::mat> out;
    for (arma::uword i = 0; i < heads; ++i) {
        arma::mat part(L, w);
        double* dst = part.memptr();
        for (arma::uword r = 0; r < L; ++r)
            for (arma::uword c = 0; c < w; ++c) dst[r * w + c] = src[r * n + i * w + c];  // the mistake: row by row
        out.push_back(part);
    }
    return out;
}

}  // namespace attn
