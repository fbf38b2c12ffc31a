// Wrong on purpose (suite only): the mistake shape_rule_wrong_dimension in shape_questions.
// Exercise shape_questions (chapter 06): which shapes are forced, as answers.
#include "contracts/06_shape_rules.hpp"

namespace attn {

ShapeRule rule_broken_by(Shape Q, Shape K, Shape V) {
    // Same order as check_attention_shapes: the multiply first, then the pairing.
    if (Q.cols != K.cols) return ShapeRule::same_width_q_k;
    if (Q.rows != K.rows) return ShapeRule::same_length_k_v;  // the mistake: the rows of Q and K for the length
    return ShapeRule::none;
}

// A decoder writing 7 tokens may read a 12-token source: L_Q is free.
bool query_and_key_lengths_must_match() { return false; }

// d_k shapes the scores, d_v the output; they never meet in a product.
bool key_and_value_widths_must_match() { return false; }

std::pair<arma::uword, arma::uword> inner_dimensions_with_transposed_scores(arma::uword L_Q, arma::uword L_K,
                                                                             [[maybe_unused]] arma::uword d_v) {
    // (L_K x L_Q) * (L_K x d_v): the left factor's columns meet the right factor's rows.
    return {L_Q, L_K};
}

}  // namespace attn
