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

// What a second thread did for one model in a timing run, read from its
// speed-ups (time on 1 thread / time on 2; 1 means no help, below 1 a loss).
// A speed-up counts as help from kHelps on: below it, the difference is within
// what a busy, shared machine makes of medians of a few runs (two runs of
// chapter 01 on a build machine shared with other jobs measured 0.44x to 1.10x).
constexpr double kHelps = 1.2;
struct SecondThread {
    double lowest = 0, highest = 0;  // over every length
    int lowest_at = 0, highest_at = 0;  // the lengths of the two
    double at_longest = 0;
    int longest = 0;
    // The shortest length from which every longer one gained at least kHelps,
    // when that holds for at least the two longest lengths (one length alone may
    // be noise); 0 otherwise: the second thread did not help steadily.
    int helped_from = 0;
    int gained = 0, lengths = 0;  // how many of the lengths gained kHelps or more, of how many
    bool helped() const { return helped_from != 0; }
    // Whether some length lost time (below 1 / kHelps): the hand-over cost more than it saved.
    bool lost_somewhere() const { return lowest < 1.0 / kHelps; }
};
struct SecondThreadReport {
    SecondThread loop, attention;
};
// Throws InputError for an empty table or a time that is not positive.
SecondThreadReport second_thread(const std::vector<Timing>& rows);
// One model's line, in words:
//   "0.98x to 1.03x, 1.01x at L = 2048: did not help (no length gained 1.2x)"
//   "0.95x to 1.86x, 1.86x at L = 2048: helped from L = 512 on (1.2x or more)"
//   "0.90x to 1.31x, 1.05x at L = 2048: no steady help (2 of 9 lengths gained 1.2x, the best 1.31x at L = 256)"
// with ", and lost time at L = 8 (0.44x)" when some length lost.
std::string describe(const SecondThread& s);
// The short form for the chapter's summary: "did not help", "helped from L = 512 on
// (1.86x at L = 2048)" or "no steady help (best 1.31x at L = 256)".
std::string summarise(const SecondThread& s);

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
