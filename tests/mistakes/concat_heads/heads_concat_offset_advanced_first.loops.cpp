// Wrong on purpose (suite only): the mistake heads_concat_offset_advanced_first in concat_heads.
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
    for (const arma::mat& p : parts) width += p.n_cols;
    arma::mat out(parts[0].n_rows, width, arma::fill::zeros);
    arma::uword c = 0;
    for (const arma::mat& p : parts) {
        c += p.n_cols;  // the mistake: c moved on first
        for (arma::uword r = 0; r < p.n_rows; ++r)
            for (arma::uword j = 0; j < p.n_cols; ++j)
                if (c + j < out.n_cols) out(r, c + j) = p(r, j);
    }
    return out;
}

}  // namespace attn
