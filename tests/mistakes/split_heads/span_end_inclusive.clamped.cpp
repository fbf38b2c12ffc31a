// Wrong on purpose (suite only): the mistake span_end_inclusive in split_heads (each block ends at (i + 1) * w, kept inside M by std::min).
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;  // one head's width
    std::vector<arma::mat> parts;
    parts.reserve(heads);
    for (arma::uword i = 0; i < heads; ++i)
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.cols(i * w, std::min((i + 1) * w, M.n_cols - 1))));  // the mistake: (i + 1) * w - 1
    return parts;
}

}  // namespace attn
