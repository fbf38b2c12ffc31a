// Wrong on purpose (suite only): the weighted sum divided by the number of keys, as a mean.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    return A * V / static_cast<double>(A.n_cols);  // the mistake: the weights already sum to 1
}

}  // namespace attn
