// Wrong on purpose (suite only): each head is cut `heads` columns wide, the number of heads taken for a head's width.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i)
        parts.push_back(M.cols(i * heads, (i + 1) * heads - 1));  // the mistake: `heads` used as the width of a head
    return parts;
}

}  // namespace attn
