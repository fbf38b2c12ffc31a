// Wrong on purpose (suite only): the last row counted with A.n_cols, the number of keys (L_K - 1
// where the last query is L_Q - 1).
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec llms_output_row(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "llms_output_row", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    return mix_value_rows(A.row(A.n_cols - 1), V);  // the mistake: A.n_rows - 1 is the last token
}

bool inside_value_range(const arma::rowvec& z, const arma::mat& V) {
    require_shapes(z.n_cols == V.n_cols, "inside_value_range", "z must be as wide as V (d_v)", {"z", z}, {"V", V});
    for (arma::uword c = 0; c < V.n_cols; ++c) {
        const double lo = V.col(c).min(), hi = V.col(c).max();
        if (z(c) < lo - 1e-12 || z(c) > hi + 1e-12) return false;
    }
    return true;
}

}  // namespace attn
