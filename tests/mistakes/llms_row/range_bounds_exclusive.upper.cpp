// Wrong on purpose (suite only): the top bound strict, so the largest value itself is outside.
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
    for (arma::uword c = 0; c < V.n_cols; ++c) {
        const double lo = V.col(c).min(), hi = V.col(c).max();
        if (z(c) < lo - 1e-12 || z(c) >= hi) return false;  // the mistake: >= at the top
    }
    return true;
}

}  // namespace attn
