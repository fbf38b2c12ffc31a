// Wrong on purpose (suite only): each part is M.cols(i * w, (i + 1) * w - 1), which for w = 0 asks for column 0 - 1.
// Exercise split_heads (chapter 09): a projection cut into its heads.
#include <string>
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)", {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i) parts.push_back(M.cols(i * w, (i + 1) * w - 1));  // the mistake
    return parts;
}

}  // namespace attn
