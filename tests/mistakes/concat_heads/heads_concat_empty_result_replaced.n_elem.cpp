// Wrong on purpose (suite only): the mistake heads_concat_empty_result_replaced in concat_heads. (a test of n_elem == 0)
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
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (out.n_elem == 0) {  // the mistake: no entries yet is taken as no part yet
            out = parts[i];
            continue;
        }
        out = arma::join_rows(out, parts[i]);
    }
    return out;
}

}  // namespace attn
