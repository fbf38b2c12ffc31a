// Wrong on purpose (suite only): the mistake heads_concat_no_columns_lost_rows in concat_heads.
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
    arma::mat out;
    for (const arma::mat& part : parts)
        if (part.n_cols > 0) out = arma::join_rows(out, part);  // the mistake: L x 0 parts skipped, out stays 0x0
    return out;
}

}  // namespace attn
