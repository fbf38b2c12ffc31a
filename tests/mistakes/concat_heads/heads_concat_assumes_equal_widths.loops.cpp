// Wrong on purpose (suite only): the mistake heads_concat_assumes_equal_widths in concat_heads (loops, the total width taken from part 0).
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
    const arma::uword L = parts[0].n_rows, h = parts.size(), d_v = parts[0].n_cols;
    arma::mat out(L, h * d_v, arma::fill::zeros);  // the mistake: the widths added up, not h times part 0's
    arma::uword c0 = 0;
    for (const arma::mat& p : parts) {
        for (arma::uword i = 0; i < L; ++i)
            for (arma::uword j = 0; j < p.n_cols; ++j) out(i, c0 + j) = p(i, j);
        c0 += p.n_cols;
    }
    return out;
}

}  // namespace attn
