// Right, written another way (suite only): the rules as a list of branches, none last.
#include "contracts/06_shape_rules.hpp"

namespace attn {

ShapeRule rule_broken_by(Shape Q, Shape K, Shape V) {
    const bool widths_agree = Q.cols == K.cols, lengths_agree = K.rows == V.rows;
    if (widths_agree && lengths_agree) return ShapeRule::none;
    if (!widths_agree) return ShapeRule::same_width_q_k;
    return ShapeRule::same_length_k_v;
}

bool query_and_key_lengths_must_match() { return false; }

bool key_and_value_widths_must_match() { return false; }

std::pair<arma::uword, arma::uword> inner_dimensions_with_transposed_scores(arma::uword L_Q, arma::uword L_K,
                                                                             arma::uword) {
    return {L_Q, L_K};
}

}  // namespace attn
