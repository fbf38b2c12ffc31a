// Wrong on purpose (suite only): the share love borrows, 1 - A(love, love).
// Exercise attention_questions (chapter 04): the divisor, the output, the direction.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"

namespace attn {

// The width of one key sets the typical size of a score, so the divisor is
// sqrt(d_k); d_model only equals d_k when the model has a single head.
double score_divisor([[maybe_unused]] arma::uword d_model, arma::uword d_k) {
    return std::sqrt(static_cast<double>(d_k));
}

// The weights are a recipe (L_Q x L_K); the layer passes on the mixed values A V (L_Q x d_v).
LayerOutput what_the_layer_hands_on() { return LayerOutput::weighted_values; }

// q_i . k_j and q_j . k_i pair different vectors, since W_q and W_k differ.
bool weights_must_be_symmetric() { return false; }

// Row LLMs, column love of A: softmax of the halved scores (1.5, 1.0, 2.5), middle entry.
double weight_llms_pays_to_love() {
    const double e_i = std::exp(1.5), e_love = std::exp(1.0), e_llms = std::exp(2.5);
    return e_love / (e_i + e_love + e_llms);
}

// Row love, column love of A: softmax of (1.0, 2.5, 1.5), middle entry.
double share_love_keeps_of_itself() {
    const double e_i = std::exp(1.0), e_love = std::exp(2.5), e_llms = std::exp(1.5);
    return (e_i + e_llms) / (e_i + e_love + e_llms);  // the mistake
}

}  // namespace attn
