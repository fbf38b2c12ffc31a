// Wrong on purpose (suite only): the last row's weights read as A(V.n_rows - 1, j) in a loop (L_K - 1,
// the keys), where the last query is A.n_rows - 1 (L_Q - 1).
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec llms_output_row(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "llms_output_row", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    require_shape(A.n_rows > 0, "llms_output_row", "A needs at least one row", {"A", A});
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < V.n_rows; ++j) z += A(V.n_rows - 1, j) * V.row(j);  // the mistake: A.n_rows - 1
    return z;
}

bool inside_value_range(const arma::rowvec& z, const arma::mat& V) {
    require_shapes(z.n_cols == V.n_cols, "inside_value_range", "z must be as wide as V (d_v)", {"z", z}, {"V", V});
    constexpr double slack = 1e-12;  // weights sum to 1 only up to rounding
    for (arma::uword c = 0; c < V.n_cols; ++c) {
        // A weighted average with non-negative weights summing to 1 cannot leave
        // the interval spanned by the numbers it averages.
        const double lo = V.col(c).min(), hi = V.col(c).max();
        if (z(c) < lo - slack || z(c) > hi + slack) return false;
    }
    return true;
}

}  // namespace attn
