// Wrong on purpose (suite only): the mistake part_named_by_another_index in concat_heads.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no parts to join");
    arma::uword width = 0;
    for (const arma::mat& p : parts) {
        require_shapes(p.n_rows == parts[0].n_rows, "concat_heads", "every head must have the same number of rows (L)",
                       {"part 0", parts[0]}, {"part 1", p});  // the mistake: every part is called part 1
        width += p.n_cols;
    }
    arma::mat out(parts[0].n_rows, width);
    arma::uword at = 0;
    for (const arma::mat& p : parts)
        for (arma::uword j = 0; j < p.n_cols; ++j) out.col(at++) = p.col(j);
    return out;
}

}  // namespace attn
