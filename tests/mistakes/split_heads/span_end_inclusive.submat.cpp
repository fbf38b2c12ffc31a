// Wrong on purpose (suite only): each head taken with submat up to column (i + 1) * w, one past its last.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts(heads);
    for (arma::uword i = 0; i < heads; ++i)
        parts[i] = M.submat(0, i * w, M.n_rows - 1, (i + 1) * w);  // the mistake: the end column is included
    return parts;
}

}  // namespace attn
