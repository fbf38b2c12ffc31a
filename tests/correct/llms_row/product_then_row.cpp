// Right, written another way (suite only): the last row of A V, and the ranges as whole rows of minima and maxima.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec llms_output_row(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "llms_output_row", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    require_shape(A.n_rows > 0, "llms_output_row", "A needs at least one row (a last token)", {"A", A});
    const arma::mat Z = A * V;  // (L_Q, d_v)
    return Z.row(Z.n_rows - 1);
}

bool inside_value_range(const arma::rowvec& z, const arma::mat& V) {
    require_shapes(z.n_cols == V.n_cols, "inside_value_range", "z must be as wide as V (d_v)", {"z", z}, {"V", V});
    const arma::rowvec lo = arma::min(V, 0), hi = arma::max(V, 0);
    return arma::all(z >= lo - 1e-12) && arma::all(z <= hi + 1e-12);
}

}  // namespace attn
