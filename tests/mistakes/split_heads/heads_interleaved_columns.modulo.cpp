// Wrong on purpose (suite only): column j goes to head j % heads, as a loop over the columns deals them out.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts(heads, arma::mat(M.n_rows, w));
    for (arma::uword j = 0; j < M.n_cols; ++j) parts[j % heads].col(j / heads) = M.col(j);  // the mistake
    return parts;
}

}  // namespace attn
