// rnn_loop_lab.hpp: chapter 01's experiments around the learner's loop.
//
// Rows are tokens, columns are features (see contracts/01_rnn_loop.hpp for the legend).
#pragma once

#include <armadillo>
#include <functional>
#include <utility>
#include <string>
#include <vector>

#include "core/plot.hpp"

namespace attn::rnn_loop_lab {

// The 3-token sentence of the worked example, with small fixed weights for a
// 3-wide hidden state, so each h_t can be followed by hand.
struct Example {
    std::vector<std::string> tokens;
    arma::mat X;  // 3x4
    arma::mat W;  // 3x3
    arma::mat U;  // 3x4
    arma::rowvec h_start;  // 1x3, zeros
};
Example example();

// One row of the timing table: median seconds for the loop and for one
// attention pass over L positions of width d, on 1 and on 2 threads.
struct Timing {
    int length = 0;
    double loop_1 = 0, loop_2 = 0;            // rnn_forward
    double attention_1 = 0, attention_2 = 0;  // the attention pass on random L x d Q, K, V
};

// Median seconds of a piece of work on 1 and on 2 threads (first, second).
using TimeOnThreads = std::function<std::pair<double, double>(const std::function<void()>& work)>;
// One attention pass, returning its output.
using AttentionOutput = std::function<arma::mat(const arma::mat& Q, const arma::mat& K, const arma::mat& V)>;

// Times both models for each length: the learner's rnn_forward and `attention`,
// each through `time`. Random inputs with a fixed seed. Thread settings and the
// fast kernel are not the teaching library's business: chapter 01's program and
// the benchmark pass attn_perf's (perf/), the tests a stand-in.
std::vector<Timing> time_loop_vs_attention(const std::vector<int>& lengths, int width, const TimeOnThreads& time,
                                           const AttentionOutput& attention);

// Multiply-adds of the part of each model that mixes positions, for L
// positions of width d (d_in = d_h = d_k = d_v = d):
//   the loop's chain, W h_{t-1} at every step:       L d^2
//   attention's Q K^T (L^2 d) and A V (L^2 d):       2 L^2 d
// The projections (U x_t in the loop, X W in attention) are left out: both
// models have them, and both parallelise. So attention does more of this
// arithmetic only when 2 L > d.
struct MixingCost {
    long long loop_chain = 0;
    long long attention = 0;
};
MixingCost mixing_cost(long long L, long long d);

// Sequence lengths 8, 16, ..., 2048.
std::vector<int> default_lengths();

// Figures (data first; see plot.hpp).
plot::Figure path_length_figure(int length);
// Two panels: the wall time on 1 thread, and the speed-up a second thread gave
// each model (time on 1 / time on 2; 1 means no help), as measured in `rows`.
plot::Figure timing_figure(const std::vector<Timing>& rows);
// Attention as it was mostly used before the Transformer: on top of a recurrent
// network, reading the hidden states the loop has already produced. The
// program computes the weights with chapter 06's primitive,
// scaled_dot_product_attention(H, H, H).weights (each state h_t asks as a query
// and every state answers as a key, no learned projections); this draws them.
plot::Figure attention_on_states_figure(const arma::mat& weights, const std::vector<std::string>& tokens);

}  // namespace attn::rnn_loop_lab
