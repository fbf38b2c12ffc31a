// Wrong on purpose (suite only): the mistake thinks_a_token_skips_itself in attention_questions.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"

namespace attn {

double score_divisor([[maybe_unused]] arma::uword d_model, arma::uword d_k) { return std::sqrt(static_cast<double>(d_k)); }

LayerOutput what_the_layer_hands_on() { return LayerOutput::weighted_values; }

bool weights_must_be_symmetric() { return false; }

// LLMs's halved scores against I, love, LLMs
double weight_llms_pays_to_love() {
    const double halved[3] = {1.5, 1.0, 2.5};
    double total = 0;
    for (int j = 0; j < 3; ++j)
        if (j != 2) total += std::exp(halved[j]);  // the mistake: LLMs (query 2) skips its own key
    return std::exp(halved[1]) / total;
}

double share_love_keeps_of_itself() {
    const double e_i = std::exp(1.0), e_love = std::exp(2.5), e_llms = std::exp(1.5);
    return e_love / (e_i + e_love + e_llms);
}

}  // namespace attn
