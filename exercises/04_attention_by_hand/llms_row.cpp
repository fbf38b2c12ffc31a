// Exercise llms_row (chapter 04): the last token's output, and its bounds.
//
// Try it on paper first: the weights of LLMs are 0.23, 0.14, 0.63. Mix the
// three rows of V with them, then check each of the four numbers against the
// matching entries of the value rows.
//
// llms_output_row:    return the LAST row of A V (the row of LLMs in the
//                     example) as a weighted sum of V's rows. Your
//                     mix_value_rows does exactly that for one row of weights.
// inside_value_range: return true when every z(c) lies between the smallest and
//                     the largest entry of column c of V (allow 1e-12 for rounding).
//                     Reject z and V of different widths (require_shapes).
//
// Check your work:  ./course check llms_row   Stuck?  ./course hint llms_row
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec llms_output_row([[maybe_unused]] const arma::mat& A, [[maybe_unused]] const arma::mat& V) {
    // TODO(ch04): which row of A belongs to the last token?
    throw NotImplemented("llms_output_row", __FILE__);
}

bool inside_value_range([[maybe_unused]] const arma::rowvec& z, [[maybe_unused]] const arma::mat& V) {
    // TODO(ch04): one column of V at a time: its min and its max.
    throw NotImplemented("inside_value_range", __FILE__);
}

}  // namespace attn
