// softmax.hpp: chapter 03, softmax applied to each row on its own.
//
// Rows are queries, columns are keys: row i of a score matrix holds query i's
// scores against every key, and its softmax is query i's attention budget.
#pragma once

#include <armadillo>

namespace attn {

// Numerically stable softmax of every row: subtract the row's maximum, exponentiate,
// divide by the row's total. Entries of -infinity (masked keys) get weight exactly 0.
// A row that is entirely -infinity (a query with nothing it may look at) gets all
// zeros: it attends to nothing, instead of turning into NaN.
// Shapes:  S L_Q x L_K -> L_Q x L_K.
// Throws:  InputError for NaN or +infinity in S.
// Chapter: 03 (exercise softmax_rows)
arma::mat softmax_rows(const arma::mat& S);

}  // namespace attn
