// Exercise softmax_rows (chapter 03): stable softmax along each row.
//
// For each row i of S: subtract the row's maximum, exponentiate, and divide by
// the row's total. Masked keys are -infinity and must get exactly 0; a row that
// is entirely -infinity must come out as all zeros (see src/contracts/03_softmax.hpp).
// Reject NaN and +infinity with require_finite(..., /*allow_minus_inf=*/true).
// Shapes:  S L_Q x L_K -> L_Q x L_K.
//
// Check your work:  ./course check softmax_rows   Stuck?  ./course hint softmax_rows
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows([[maybe_unused]] const arma::mat& S) {
    // TODO(ch03): one row at a time. Why subtract the maximum first?
    throw NotImplemented("softmax_rows", __FILE__);
}

}  // namespace attn
