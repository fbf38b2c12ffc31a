// Right, written another way (suite only): the last row mixed in a loop, the ranges found in loops.
#include <algorithm>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec llms_output_row(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "llms_output_row", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    require_shape(A.n_rows > 0, "llms_output_row", "A needs at least one row (a last token)", {"A", A});
    const arma::uword last = A.n_rows - 1;
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < V.n_rows; ++j)
        for (arma::uword c = 0; c < V.n_cols; ++c) z(c) += A(last, j) * V(j, c);
    return z;
}

bool inside_value_range(const arma::rowvec& z, const arma::mat& V) {
    require_shapes(z.n_cols == V.n_cols, "inside_value_range", "z must be as wide as V (d_v)", {"z", z}, {"V", V});
    for (arma::uword c = 0; c < V.n_cols; ++c) {
        double lo = V(0, c), hi = V(0, c);
        for (arma::uword r = 1; r < V.n_rows; ++r) lo = std::min(lo, V(r, c)), hi = std::max(hi, V(r, c));
        const bool inside = z(c) >= lo - 1e-12 && z(c) <= hi + 1e-12;
        if (!inside) return false;
    }
    return true;
}

}  // namespace attn
