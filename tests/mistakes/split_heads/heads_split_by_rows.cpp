// Wrong on purpose (suite only): split_heads cuts blocks of rows (tokens) instead
// of blocks of columns (features).
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_rows % heads == 0, "split_heads", "the length must split evenly into the heads",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_rows / heads;  // the mistake: rows per head
    std::vector<arma::mat> parts;
    parts.reserve(heads);
    for (arma::uword i = 0; i < heads; ++i)
        parts.push_back(w == 0 ? arma::mat(0, M.n_cols) : arma::mat(M.rows(i * w, (i + 1) * w - 1)));  // (L / h, d)
    return parts;
}

}  // namespace attn
