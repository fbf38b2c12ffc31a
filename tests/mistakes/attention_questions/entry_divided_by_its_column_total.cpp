// Wrong on purpose (suite only): the mistake entry_divided_by_its_column_total in attention_questions.
// A(love, love) divided by the total of column love, as if each key's column summed to 1.
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
    // rows I, love and LLMs of the halved scores: (2, 1, 1), (1, 2.5, 1.5), (1.5, 1, 2.5)
    const double halved[3][3] = {{2, 1, 1}, {1, 2.5, 1.5}, {1.5, 1, 2.5}};
    double column = 0, own = 0;
    for (int r = 0; r < 3; ++r) {
        const double total = std::exp(halved[r][0]) + std::exp(halved[r][1]) + std::exp(halved[r][2]);
        const double a = std::exp(halved[r][1]) / total;  // A(r, love)
        column += a;
        if (r == 1) own = a;
    }
    return own / column;
}

}  // namespace attn
