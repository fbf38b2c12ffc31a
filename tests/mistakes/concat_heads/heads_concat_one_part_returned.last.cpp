// Wrong on purpose (suite only): the mistake heads_concat_one_part_returned, each part replacing the one before.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    arma::uword width = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        // the heads are rows of the same tokens: a part with other rows belongs to another sequence
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads",
                       "every head must have the same number of rows (L)", {"part 0", parts[0]}, {name.c_str(), parts[i]});
        width += parts[i].n_cols;
    }
    (void)width;
    arma::mat out;
    for (const arma::mat& p : parts) out = p;  // the mistake: out = arma::join_rows(out, p)
    return out;
}

}  // namespace attn
