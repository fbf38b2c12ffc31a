// attention_by_hand_lab.hpp: chapter 04's walk through the five steps, and its figures.
//
// Rows are tokens, columns are features (legend in contracts/04_attention_by_hand.hpp).
// Every number here comes from the exercise functions of chapters 02 to 04,
// so the chapter program shows the learner's own numbers under --mine.
#pragma once

#include <armadillo>
#include <string>
#include <vector>

#include "core/plot.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn::attention_by_hand_lab {

// Every intermediate of one attention pass, kept so it can be printed.
struct Walkthrough {
    std::vector<std::string> tokens;
    arma::mat X;        // L x d_model, the input
    Projections p;      // Q, K (L x d_k), V (L x d_v)
    arma::uword d_k = 0;
    arma::mat S;        // L x L, Q K^T
    arma::mat S_scaled; // L x L, Q K^T / sqrt(d_k)
    arma::mat A;        // L x L, softmax of each row of S_scaled
    arma::mat Z;        // L x d_v, A V: what the layer hands on
};

// The five steps on X with the three weight matrices, one exercise function per step.
Walkthrough walk_through(const std::vector<std::string>& tokens, const arma::mat& X, const arma::mat& W_q,
                         const arma::mat& W_k, const arma::mat& W_v);

// The same on the tutorial's sentence, "I love LLMs".
Walkthrough worked_example();

// The largest weight of a row against the next largest: the columns of the
// two, and how many times the first is the second (A row love: 0.63 / 0.23 = 2.7).
struct Lead {
    arma::uword first = 0, second = 0;
    double ratio = 0;
};
// Throws InputError for a row of fewer than 2 weights, or one whose runner-up is 0.
Lead lead_of(const arma::rowvec& weights);

// Figures (data first; see plot.hpp).
// The weights as a heatmap, numbers in the cells, colours fixed to [0, 1].
plot::Figure weights_heatmap(const Walkthrough& w);
// Three panels side by side: Q K^T, the halved scores, the weights.
plot::Figure three_stages_figure(const Walkthrough& w);
// How row `row` of Z is made: each weighted value row as bars, and their sum.
plot::Figure mixing_figure(const Walkthrough& w, arma::uword row);
// The last product, Z = A V, as three panels: the weights A, the values V and
// the output Z, numbers in the cells.
plot::Figure weights_times_values_figure(const Walkthrough& w);

}  // namespace attn::attention_by_hand_lab
