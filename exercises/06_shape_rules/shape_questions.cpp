// Exercise shape_questions (chapter 06): the chapter's questions about shapes.
//
// Replace each `throw` with a `return` of your answer. The checker grades them
// and, when one is wrong, says which part of the chapter to reread.
//
// Check your work:  ./course check shape_questions   Stuck?  ./course hint shape_questions
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn {

// Which rule do these shapes break? ShapeRule::none when attention can run;
// when both rules are broken, the width rule (it is checked first).
ShapeRule rule_broken_by([[maybe_unused]] Shape Q, [[maybe_unused]] Shape K, [[maybe_unused]] Shape V) {
    throw NotImplemented("rule_broken_by", __FILE__);  // TODO(ch06)
}

// Must the query sequence be exactly as long as the key sequence?
bool query_and_key_lengths_must_match() {
    throw NotImplemented("query_and_key_lengths_must_match", __FILE__);  // TODO(ch06)
}

// Must a key vector be exactly as wide as a value vector?
bool key_and_value_widths_must_match() {
    throw NotImplemented("key_and_value_widths_must_match", __FILE__);  // TODO(ch06)
}

// Someone writes the scores as L_K x L_Q and multiplies them by V (L_K x d_v).
// Return the two inner dimensions that now have to agree:
// {columns of the wrong scores, rows of V}.
std::pair<arma::uword, arma::uword> inner_dimensions_with_transposed_scores([[maybe_unused]] arma::uword L_Q,
                                                                             [[maybe_unused]] arma::uword L_K,
                                                                             [[maybe_unused]] arma::uword d_v) {
    throw NotImplemented("inner_dimensions_with_transposed_scores", __FILE__);  // TODO(ch06)
}

}  // namespace attn
