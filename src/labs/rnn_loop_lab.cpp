#include "labs/rnn_loop_lab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "contracts/01_rnn_loop.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"

namespace attn::rnn_loop_lab {

Example example() {
    Example e;
    e.tokens = attn::example::tokens();
    e.X = attn::example::X();
    // Small weights keep tanh in its near-linear range, so the numbers stay readable.
    e.W = {{0.5, -0.2, 0.1},
           {0.3, 0.4, -0.3},
           {-0.1, 0.2, 0.6}};
    e.U = {{0.6, -0.4, 0.2, 0.1},
           {-0.3, 0.5, 0.4, -0.2},
           {0.2, 0.1, -0.5, 0.3}};
    e.h_start = arma::rowvec(3, arma::fill::zeros);
    return e;
}

MixingCost mixing_cost(long long L, long long d) { return {L * d * d, 2 * L * L * d}; }

std::vector<int> default_lengths() {
    std::vector<int> L;
    for (int n = 8; n <= 2048; n *= 2) L.push_back(n);
    return L;
}

namespace {

std::string times(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2fx", x);
    return buf;
}

template <class Speedup>
SecondThread read_speedups(const std::vector<Timing>& rows, Speedup speedup) {
    SecondThread s;
    s.lowest = INFINITY;
    s.highest = -INFINITY;
    for (const Timing& r : rows) {
        const double x = speedup(r);
        if (x < s.lowest) s.lowest = x, s.lowest_at = r.length;
        if (x > s.highest) s.highest = x, s.highest_at = r.length;
    }
    s.at_longest = speedup(rows.back());
    s.longest = rows.back().length;
    // from the longest length down, as long as each one gained enough
    int run = 0;
    for (auto it = rows.rbegin(); it != rows.rend() && speedup(*it) >= kHelps; ++it, ++run) s.helped_from = it->length;
    if (run < 2 && rows.size() >= 2) s.helped_from = 0;
    s.lengths = static_cast<int>(rows.size());
    for (const Timing& r : rows) s.gained += speedup(r) >= kHelps;
    return s;
}

}  // namespace

SecondThreadReport second_thread(const std::vector<Timing>& rows) {
    if (rows.empty()) throw InputError("second_thread: the timing table has no rows");
    for (const Timing& r : rows)
        if (!(r.loop_1 > 0 && r.loop_2 > 0 && r.attention_1 > 0 && r.attention_2 > 0))
            throw InputError("second_thread: every time must be positive; the row of L = " + std::to_string(r.length) +
                             " is not");
    for (std::size_t k = 1; k < rows.size(); ++k)
        if (rows[k].length <= rows[k - 1].length)
            throw InputError("second_thread: the rows must go from the shortest length to the longest");
    return {read_speedups(rows, [](const Timing& r) { return r.loop_1 / r.loop_2; }),
            read_speedups(rows, [](const Timing& r) { return r.attention_1 / r.attention_2; })};
}

std::string describe(const SecondThread& s) {
    std::string out = times(s.lowest) + " to " + times(s.highest) + ", " + times(s.at_longest) + " at L = " +
                      std::to_string(s.longest) + ": ";
    char threshold[16];
    std::snprintf(threshold, sizeof threshold, "%.1fx", kHelps);
    if (s.helped())
        out += "helped from L = " + std::to_string(s.helped_from) + " on (" + threshold + " or more)";
    else if (s.gained > 0)
        out += "no steady help (" + std::to_string(s.gained) + " of " + std::to_string(s.lengths) + " lengths gained " +
               threshold + ", the best " + times(s.highest) + " at L = " + std::to_string(s.highest_at) + ")";
    else
        out += std::string("did not help (no length gained ") + threshold + ")";
    if (s.lost_somewhere())
        out += ", and lost time at L = " + std::to_string(s.lowest_at) + " (" + times(s.lowest) + ")";
    return out;
}

std::string summarise(const SecondThread& s) {
    if (!s.helped() && s.gained > 0)
        return "no steady help (best " + times(s.highest) + " at L = " + std::to_string(s.highest_at) + ")";
    if (!s.helped()) return "did not help";
    return "helped from L = " + std::to_string(s.helped_from) + " on (" + times(s.at_longest) + " at L = " +
           std::to_string(s.longest) + ")";
}

std::vector<Timing> time_loop_vs_attention(const std::vector<int>& lengths, int width, const TimeOnThreads& time,
                                           const AttentionOutput& attention) {
    arma::arma_rng::set_seed(1);
    const auto d = static_cast<arma::uword>(width);
    // Weights scaled by 1/sqrt(d) keep tanh out of saturation; the timing does not care,
    // but it keeps the run a plausible network rather than a pile of +-1s.
    const arma::mat W = arma::randn(d, d) / std::sqrt(static_cast<double>(d));  // (d_h, d_h)
    const arma::mat U = arma::randn(d, d) / std::sqrt(static_cast<double>(d));  // (d_h, d_in)
    const arma::rowvec h0(d, arma::fill::zeros);                                 // (1, d_h)

    std::vector<Timing> rows;
    for (int L : lengths) {
        const auto n = static_cast<arma::uword>(L);
        const arma::mat X = arma::randn(n, d);  // (L, d_in)
        // Attention gets its own Q, K, V of the same size as X (as projections would give).
        const arma::mat Q = arma::randn(n, d), K = arma::randn(n, d), V = arma::randn(n, d);  // (L, d) each
        arma::mat sink;
        const auto loop = time([&] { sink = rnn_forward(X, W, U, h0); });
        const auto att = time([&] { sink = attention(Q, K, V); });
        Timing t;
        t.length = L;
        t.loop_1 = loop.first;
        t.loop_2 = loop.second;
        t.attention_1 = att.first;
        t.attention_2 = att.second;
        rows.push_back(t);
    }
    return rows;
}

plot::Figure path_length_figure(int length) {
    plot::LineChart c;
    c.title = "Steps from position 0 to position j (" + std::to_string(length) + "-word sentence)";
    c.xlabel = "position j";
    c.ylabel = "sequential steps from position 0";
    plot::Series loop{"recurrent loop: j - i", {}, {}, "linespoints pt 7 ps 0.6"};
    plot::Series att{"one attention layer: 1", {}, {}, "linespoints pt 5 ps 0.6"};
    for (int j = 1; j < length; ++j) {
        loop.x.push_back(j);
        loop.y.push_back(rnn_path_length(0, j));
        att.x.push_back(j);
        att.y.push_back(attention_path_length(0, j));
    }
    c.series = {loop, att};
    return plot::Figure(c);
}

plot::Figure timing_figure(const std::vector<Timing>& rows) {
    plot::LineChart time;
    time.title = "Wall time on 1 thread (median of repeated runs)";
    time.xlabel = "sequence length L";
    time.ylabel = "milliseconds";
    time.log_x = time.log_y = true;
    plot::LineChart gain;
    gain.title = "What a second thread gave in this run";
    gain.xlabel = "sequence length L";
    gain.ylabel = "speed-up: time on 1 thread / time on 2";
    gain.log_x = true;
    plot::Series l1{"loop", {}, {}, "linespoints pt 7"}, a1{"attention", {}, {}, "linespoints pt 5"};
    plot::Series lg{"loop", {}, {}, "linespoints pt 7"}, ag{"attention", {}, {}, "linespoints pt 5"};
    plot::Series none{"no help (1.0)", {}, {}, "lines dt 2 lc rgb 'gray40'"};
    const auto ratio = [](double one, double two) { return two > 0 ? one / two : 0.0; };
    for (const auto& r : rows) {
        for (auto* s : {&l1, &a1, &lg, &ag, &none}) s->x.push_back(r.length);
        l1.y.push_back(1e3 * r.loop_1);
        a1.y.push_back(1e3 * r.attention_1);
        lg.y.push_back(ratio(r.loop_1, r.loop_2));
        ag.y.push_back(ratio(r.attention_1, r.attention_2));
        none.y.push_back(1.0);
    }
    time.series = {l1, a1};
    gain.series = {lg, ag, none};
    plot::Figure f;
    f.panels = {time, gain};
    f.cols = 2;
    f.width = 1300;
    return f;
}

}  // namespace attn::rnn_loop_lab

namespace attn::rnn_loop_lab {

plot::Figure attention_on_states_figure(const arma::mat& weights, const std::vector<std::string>& tokens) {
    plot::Heatmap h;
    h.title = "Attention on top of the loop: h_t (row) reading the states h_0 .. h_" +
              std::to_string(weights.n_rows == 0 ? 0 : weights.n_rows - 1) + " (columns)";
    h.values = weights;
    h.row_labels = tokens;
    h.col_labels = tokens;
    h.xlabel = "hidden state read (key)";
    h.ylabel = "hidden state asking (query)";
    plot::Figure f(h);
    f.width = 760;
    f.height = 600;
    return f;
}

}  // namespace attn::rnn_loop_lab
