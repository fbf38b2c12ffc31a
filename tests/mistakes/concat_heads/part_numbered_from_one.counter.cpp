// Wrong on purpose (suite only): the mistake part_numbered_from_one in concat_heads (a counter moved on before the part is named).
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    arma::uword width = 0, n = 0;
    for (const arma::mat& p : parts) {
        ++n;  // the mistake: the part being checked is part n - 1; count after naming it
        if (p.n_rows != parts[0].n_rows)
            throw ShapeError("concat_heads: every head must have the same number of rows (L); got part 0 " +
                             shape_of(parts[0]) + " and part " + std::to_string(n) + " " + shape_of(p));
        width += p.n_cols;
    }
    arma::mat out(parts[0].n_rows, width);
    arma::uword c = 0;
    for (const arma::mat& p : parts) {
        for (arma::uword j = 0; j < p.n_cols; ++j) out.col(c + j) = p.col(j);
        c += p.n_cols;
    }
    return out;
}

}  // namespace attn
