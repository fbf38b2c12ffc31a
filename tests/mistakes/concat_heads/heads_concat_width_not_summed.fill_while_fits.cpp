// Wrong on purpose (suite only): the mistake heads_concat_width_not_summed in concat_heads.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    const arma::uword L = parts[0].n_rows;
    arma::uword width = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].n_rows != L)
            require_shapes(false, "concat_heads", "every head must have the same number of rows (L)", {"part 0", parts[0]},
                           {("part " + std::to_string(i)).c_str(), parts[i]});
    }
    for (const arma::mat& p : parts) width = p.n_cols;  // the mistake: the last part's width, not the sum
    arma::mat out(L, width, arma::fill::zeros);
    arma::uword c = 0;
    for (const arma::mat& p : parts)
        for (arma::uword j = 0; j < p.n_cols && c < width; ++j, ++c)
            for (arma::uword r = 0; r < L; ++r) out(r, c) = p(r, j);
    return out;
}

}  // namespace attn
