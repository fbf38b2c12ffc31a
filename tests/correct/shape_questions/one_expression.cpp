// Right, written another way (suite only): the rule in one expression, the pair from the transposed shape.
#include "contracts/06_shape_rules.hpp"

namespace attn {

ShapeRule rule_broken_by(Shape Q, Shape K, Shape V) {
    return Q.cols != K.cols ? ShapeRule::same_width_q_k : V.rows != K.rows ? ShapeRule::same_length_k_v : ShapeRule::none;
}

bool query_and_key_lengths_must_match() { return 7 == 12; }

bool key_and_value_widths_must_match() { return false; }

std::pair<arma::uword, arma::uword> inner_dimensions_with_transposed_scores(arma::uword L_Q, arma::uword L_K,
                                                                             arma::uword d_v) {
    const Shape wrong_scores{L_K, L_Q}, V{L_K, d_v};
    return std::make_pair(wrong_scores.cols, V.rows);
}

}  // namespace attn
