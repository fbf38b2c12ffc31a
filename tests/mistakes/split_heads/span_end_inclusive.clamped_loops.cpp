// Wrong on purpose (suite only): the mistake span_end_inclusive in split_heads (loops up to (i + 1) * w inclusive, stopped at the last column).
#include <vector>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i) {
        std::vector<arma::uword> cols;
        for (arma::uword c = i * w; c <= (i + 1) * w && c < M.n_cols; ++c) cols.push_back(c);  // the mistake: c < (i + 1) * w
        arma::mat P(M.n_rows, cols.size());
        for (arma::uword r = 0; r < M.n_rows; ++r)
            for (arma::uword k = 0; k < cols.size(); ++k) P(r, k) = M(r, cols[k]);
        parts.push_back(P);
    }
    return parts;
}

}  // namespace attn
