// Wrong on purpose (suite only): the mistake heads_concat_width_not_summed in concat_heads.
#include <algorithm>
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    arma::uword width = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads", "every head must have the same number of rows (L)",
                       {"part 0", parts[0]}, {name.c_str(), parts[i]});
        width = std::max(width, parts[i].n_cols);  // the mistake: the widest part's width, not the sum
    }
    arma::mat out(parts[0].n_rows, width);
    arma::uword c = 0;
    for (const arma::mat& p : parts) {
        for (arma::uword r = 0; r < p.n_rows; ++r)
            for (arma::uword j = 0; j < p.n_cols; ++j) out(r, c + j) = p(r, j);
        c += p.n_cols;
    }
    return out;
}

}  // namespace attn
