// Right, written another way (suite only): each answer as the fact it rests on.
#include "contracts/08_positional_encoding.hpp"

namespace attn {

// softmax(Q K^T / sqrt(d_k)) V never reads a row's index
bool attention_alone_sees_word_order() { return !true; }
// slot k always gets PE.row(k): a moved word gets another code added
bool reordering_with_positions_changes_a_words_output() { return !false; }
// X + PE is as wide as X
bool adding_positions_makes_x_wider() {
    const arma::mat X(3, 4, arma::fill::ones), PE(3, 4, arma::fill::ones);
    return arma::mat(X + PE).n_cols > X.n_cols;
}
// sum_i cos(k w_i): p cancels
bool similarity_depends_on_where_the_pair_starts() { return 1 == 2; }

}  // namespace attn
