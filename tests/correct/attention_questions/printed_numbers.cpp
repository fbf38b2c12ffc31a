// Right, written another way (suite only): the divisor by std::pow, the weights as the program prints them.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"

namespace attn {

double score_divisor([[maybe_unused]] arma::uword d_model, arma::uword d_k) {
    return std::pow(static_cast<double>(d_k), 0.5);
}

LayerOutput what_the_layer_hands_on() { return LayerOutput::weighted_values; }

bool weights_must_be_symmetric() { return false; }

double weight_llms_pays_to_love() { return 0.14; }

double share_love_keeps_of_itself() { return 0.63; }

}  // namespace attn
