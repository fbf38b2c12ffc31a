// Wrong on purpose (suite only): the mistake span_end_given_a_count in split_heads.
// Each block's end given as its width, as Eigen's middleCols(start, n) takes it.
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
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.submat(0, i * w, M.n_rows - 1, w)));  // (L, w)
    return parts;
}

}  // namespace attn
