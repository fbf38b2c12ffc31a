// Exercise multi_head_attention (chapter 09): project, split into heads, attend per head, concatenate, W_o.
//
// What it must do, shapes and errors: src/contracts/09_multi_head_attention.hpp, above multi_head_attention().
//
// Check your work:  ./course check multi_head_attention   Stuck?  ./course hint multi_head_attention
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

MultiHeadResult multi_head_attention([[maybe_unused]] const arma::mat& X_q, [[maybe_unused]] const arma::mat& X_kv,
                                     [[maybe_unused]] const arma::mat& W_q, [[maybe_unused]] const arma::mat& W_k,
                                     [[maybe_unused]] const arma::mat& W_v, [[maybe_unused]] const arma::mat& W_o,
                                     [[maybe_unused]] arma::uword heads, [[maybe_unused]] const arma::mat& mask) {
    // TODO(ch09): your code here.
    throw NotImplemented("multi_head_attention", __FILE__);
}

}  // namespace attn
