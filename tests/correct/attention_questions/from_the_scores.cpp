// Right, written another way (suite only): the two weights from the score table Q K^T, halved, then softmax.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"

namespace attn {

namespace {
// Row `row` of the worked example's softmax(Q K^T / 2), entry `col`.
double worked_weight(int row, int col) {
    const double S[3][3] = {{4, 2, 2}, {2, 5, 3}, {3, 2, 5}};
    double total = 0;
    for (int j = 0; j < 3; ++j) total += std::exp(S[row][j] / 2.0);
    return std::exp(S[row][col] / 2.0) / total;
}
}  // namespace

double score_divisor(arma::uword, arma::uword d_k) { return std::sqrt(static_cast<double>(d_k)); }

LayerOutput what_the_layer_hands_on() { return LayerOutput::weighted_values; }

bool weights_must_be_symmetric() { return false; }

double weight_llms_pays_to_love() { return worked_weight(2, 1); }

double share_love_keeps_of_itself() { return worked_weight(1, 1); }

}  // namespace attn
