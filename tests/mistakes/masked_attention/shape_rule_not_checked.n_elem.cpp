// Wrong on purpose (suite only): the mistake shape_rule_not_checked in masked_attention (the mask's shape checked by its number of entries).
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_elem == Q.n_rows * K.n_rows, fn, kRuleMaskShape, {"mask", mask},  // the mistake: only the count
                   {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, true);
    const arma::mat as_scores = arma::reshape(mask, Q.n_rows, K.n_rows);
    return scaled_dot_product_attention(Q, K, V, as_scores);
}

}  // namespace attn
