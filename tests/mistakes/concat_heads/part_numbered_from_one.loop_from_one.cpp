// Wrong on purpose (suite only): the mistake part_numbered_from_one in concat_heads (a loop counted from 1).
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    arma::mat out(parts[0].n_rows, 0);
    for (std::size_t k = 1; k <= parts.size(); ++k) {
        const arma::mat& part = parts[k - 1];
        const std::string name = "part " + std::to_string(k);  // the mistake: parts[k - 1] is part k - 1
        require_shapes(part.n_rows == out.n_rows, "concat_heads", "every head must have the same number of rows (L)",
                       {"part 0", parts[0]}, {name.c_str(), part});
        out = arma::join_rows(out, part);
    }
    return out;
}

}  // namespace attn
