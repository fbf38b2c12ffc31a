// Wrong on purpose (suite only): inside_value_range refuses only a z too narrow for V; the loop
// runs over V's columns, so an entry too many is never read and nothing is thrown.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec llms_output_row(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "llms_output_row", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    require_shape(A.n_rows > 0, "llms_output_row", "A needs at least one row", {"A", A});
    return mix_value_rows(A.row(A.n_rows - 1), V);  // (1, d_v)
}

bool inside_value_range(const arma::rowvec& z, const arma::mat& V) {
    require_shapes(z.n_cols >= V.n_cols, "inside_value_range",  // the mistake: >= where the rule is ==
                   "z needs an entry for every column of V", {"z", z}, {"V", V});
    for (arma::uword c = 0; c < V.n_cols; ++c) {
        const double lo = V.col(c).min(), hi = V.col(c).max();
        if (z(c) < lo - 1e-12 || z(c) > hi + 1e-12) return false;
    }
    return true;
}

}  // namespace attn
