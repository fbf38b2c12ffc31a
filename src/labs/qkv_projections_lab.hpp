// qkv_projections_lab.hpp: chapter 02's experiments: what a projection can and cannot see.
//
// Rows are tokens, columns are features (legend in contracts/02_qkv_projections.hpp).
#pragma once

#include <armadillo>
#include <functional>
#include <string>
#include <vector>

#include "core/plot.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn::qkv_projections_lab {

// X with row `to` replaced by a copy of row `from`: two identical "words".
arma::mat with_row_copied(const arma::mat& X, arma::uword from, arma::uword to);

// The largest absolute difference between rows i and j of M (0 when they are equal).
double row_difference(const arma::mat& M, arma::uword i, arma::uword j);

// One entry of X W written out: row i of X, column j of W, and their dot
// product, the number that lands in row i, column j of X W.
struct DotProduct {
    arma::uword i = 0, j = 0;
    arma::rowvec row;     // row i of X (1 x d_model)
    arma::rowvec column;  // column j of W, laid flat (1 x d_model)
    double value = 0;     // row . column, summed by a loop (not by X * W)
};

// Every entry of X W as its own dot product, row by row: X.n_rows * W.n_cols of
// them (3 x 4 = 12 for chapter 02's Q). A loop of its own, so that the program
// can hold the learner's `project` against it.
// Throws:  ShapeError when the width of X is not the height of W.
std::vector<DotProduct> dot_products(const arma::mat& X, const arma::mat& W);

// An attention pass: the output of softmax(Q K^T / sqrt(d_k)) V. Chapter 02
// comes before the chapter that writes one (06), so it takes it as an argument:
// the program passes chapter 06's reference, the tests a version by loops.
using AttentionOutput = std::function<arma::mat(const arma::mat& Q, const arma::mat& K, const arma::mat& V)>;

// Attention on X, and on X with its rows reordered (new row k = old row order(k)):
// project_qkv, then `attention`.
struct Reordering {
    arma::uvec order;
    arma::mat Z;            // L x d_v, output on X
    arma::mat Z_reordered;  // L x d_v, output on X.rows(order)
    // max |Z_reordered - Z.rows(order)|: 0 when reordering the input only
    // reorders the output (each word keeps its own output row).
    double worst = 0;
};
Reordering reorder_words(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v,
                         const arma::uvec& order, const AttentionOutput& attention);

// One input, three views: X and the Q, K and V made from it, as four heatmaps
// side by side with the numbers in the cells (one colour scale for all four,
// so equal numbers look equal across panels).
plot::Figure projections_figure(const arma::mat& X, const Projections& p, const std::vector<std::string>& tokens);

}  // namespace attn::qkv_projections_lab
