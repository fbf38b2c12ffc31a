// Wrong on purpose (suite only): the mistake heads_concat_no_columns_lost_rows in concat_heads (an early return when the widths sum to 0).
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads",
                       "every head must have the same number of rows (L)", {"part 0", parts[0]}, {name.c_str(), parts[i]});
    }
    arma::uword width = 0;
    for (const arma::mat& part : parts) width += part.n_cols;
    if (width == 0) return arma::mat();  // the mistake: no columns is not no rows
    arma::mat out = parts[0];
    for (std::size_t i = 1; i < parts.size(); ++i) out = arma::join_rows(out, parts[i]);
    return out;
}

}  // namespace attn
