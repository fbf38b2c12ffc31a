// Wrong on purpose (suite only): the mistake shape_rule_not_checked in split_heads.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    // the mistake: the entries counted, not the columns (3x10 holds 30, which 3 heads divide)
    require_shapes(M.n_elem % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i)
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.cols(i * w, (i + 1) * w - 1)));
    return parts;
}

}  // namespace attn
