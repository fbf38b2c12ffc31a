// Wrong on purpose (suite only): inside_value_range starts each column's smallest and largest value at 0.
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
    require_shapes(z.n_cols == V.n_cols, "inside_value_range", "z must be as wide as V (d_v)", {"z", z}, {"V", V});
    constexpr double slack = 1e-12;  // weights sum to 1 only up to rounding
    for (arma::uword c = 0; c < V.n_cols; ++c) {
        double lo = 0.0, hi = 0.0;  // the mistake: not V(0, c), so 0 joins every column's range
        for (arma::uword r = 0; r < V.n_rows; ++r) {
            if (V(r, c) < lo) lo = V(r, c);
            if (V(r, c) > hi) hi = V(r, c);
        }
        if (z(c) < lo - slack || z(c) > hi + slack) return false;
    }
    return true;
}

}  // namespace attn
