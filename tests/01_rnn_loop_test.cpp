// Chapter 01 tests: the recurrent loop.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch01_rnn_loop)

#include <cmath>
#include <utility>

#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"
#include "labs/rnn_loop_lab.hpp"
#include "mistakes.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;

namespace {

// The expected values are computed here with plain loops over scalars, not
// with the matrix code under test.
arma::rowvec step_by_hand(const arma::rowvec& h, const arma::rowvec& x, const arma::mat& W, const arma::mat& U) {
    arma::rowvec out(W.n_rows);
    for (arma::uword i = 0; i < W.n_rows; ++i) {
        double pre = 0;
        for (arma::uword j = 0; j < W.n_cols; ++j) pre += W(i, j) * h(j);
        for (arma::uword k = 0; k < U.n_cols; ++k) pre += U(i, k) * x(k);
        out(i) = std::tanh(pre);
    }
    return out;
}

struct Random {
    arma::mat X, W, U;
    arma::rowvec h0;
    explicit Random(arma::uword L = 6, arma::uword d_in = 5, arma::uword d_h = 4, int seed = 7) {
        arma::arma_rng::set_seed(seed);
        X = arma::randn(L, d_in);
        W = arma::randn(d_h, d_h) * 0.5;
        U = arma::randn(d_h, d_in) * 0.5;
        h0 = arma::randn<arma::rowvec>(d_h) * 0.1;
    }
};

// rnn_step's family, on inputs as wide as the state (d_in = d_h), where W and U fit
// either slot: W and U swapped, W or U used untransposed in row form, no tanh.
attn_test::Family rnn_step_family(const arma::rowvec& h, const arma::rowvec& x, const arma::mat& W, const arma::mat& U) {
    namespace m = attn_test::mistakes;
    arma::rowvec no_tanh(W.n_rows);  // W h + U x by loops, without the tanh
    for (arma::uword i = 0; i < W.n_rows; ++i) {
        no_tanh(i) = 0;
        for (arma::uword j = 0; j < h.n_elem; ++j) no_tanh(i) += W(i, j) * h(j);
        for (arma::uword k = 0; k < x.n_elem; ++k) no_tanh(i) += U(i, k) * x(k);
    }
    attn_test::Family f("a step with d_in = d_h = 4", step_by_hand(h, x, W, U));
    f.add(m::rnn_weights_swapped, step_by_hand(h, x, U, W), "W and U swapped")
        .add(m::rnn_weight_not_transposed, step_by_hand(h, x, arma::mat(W.t()), U), "h_prev * W")
        .add(m::rnn_input_weight_not_transposed, step_by_hand(h, x, W, arma::mat(U.t())), "x_t * U")
        .add(m::rnn_no_tanh, no_tanh, "no tanh");
    return f;
}
struct WideStep {
    Random r{6, 4, 4, 9};
    arma::rowvec x = r.X.row(2), h = r.h0 + 0.3;
};
attn_test::Family wide_step_family() {
    const WideStep in;
    return rnn_step_family(in.h, in.x, in.r.W, in.r.U);
}

// rnn_forward's family on X, from h_start: the state forgotten (every step from 0),
// h_start given to every step, and the rows off by one (h recorded before its step,
// or the loop started at t = 1 after a first row of h_start).
attn_test::Family rnn_forward_family(const std::string& input, const arma::mat& X, const arma::mat& W, const arma::mat& U,
                                     const arma::rowvec& h_start) {
    namespace m = attn_test::mistakes;
    const arma::uword L = X.n_rows;
    arma::mat right(L, W.n_rows), forgot(L, W.n_rows), stale(L, W.n_rows), before(L, W.n_rows), from_one(L, W.n_rows);
    const arma::rowvec zero(W.n_rows, arma::fill::zeros);
    arma::rowvec h = h_start, g = h_start;
    for (arma::uword t = 0; t < L; ++t) {
        before.row(t) = h;
        right.row(t) = h = step_by_hand(h, X.row(t), W, U);
        forgot.row(t) = step_by_hand(zero, X.row(t), W, U);
        stale.row(t) = step_by_hand(h_start, X.row(t), W, U);
        if (t > 0) g = step_by_hand(g, X.row(t), W, U);
        from_one.row(t) = g;
    }
    attn_test::Family f(input, right);
    f.add(m::rnn_forgets_previous_state, forgot, "every step from h = 0")
        .add(m::rnn_stale_state, stale, "every step from h_start")
        .add(m::rnn_rows_off_by_one, before, "row t holds the state before step t")
        .add(m::rnn_rows_off_by_one, from_one, "row 0 is h_start, the loop starts at t = 1");
    return f;
}
attn_test::Family half_start_family() {
    const Random r;
    return rnn_forward_family("6 steps from h_start = 0.5", r.X, r.W, r.U, arma::rowvec(r.W.n_rows, arma::fill::ones) * 0.5);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rnn_step)

BOOST_AUTO_TEST_CASE(matches_hand_computation) {
    const Random r;
    const arma::rowvec got = attn::rnn_step(r.h0, r.X.row(0), r.W, r.U);
    BOOST_TEST(matrices_close(got, step_by_hand(r.h0, r.X.row(0), r.W, r.U), 1e-12, "h_t"));
}

BOOST_AUTO_TEST_CASE(tells_its_slips_apart_when_input_and_state_are_as_wide) {
    // d_in = d_h = 4, so W and U fit either slot: the three natural slips (W and U
    // swapped, W not transposed in row form, no tanh) all compute, each differently.
    const WideStep in;
    const attn_test::Family family = wide_step_family();
    const arma::rowvec got = attn::rnn_step(in.h, in.x, in.r.W, in.r.U);
    attn_test::recognise(got, family);
    const arma::mat& right = family.right;
    BOOST_TEST(matrices_close(got, right, 1e-12, "h_t (d_in = d_h = 4)"));
}

BOOST_AUTO_TEST_CASE(uses_the_previous_hidden_state) {
    const Random r;
    const arma::rowvec zero(r.h0.n_elem, arma::fill::zeros);
    const arma::rowvec a = attn::rnn_step(r.h0 + 1.0, r.X.row(0), r.W, r.U);
    const arma::rowvec b = attn::rnn_step(zero, r.X.row(0), r.W, r.U);
    BOOST_TEST(arma::abs(a - b).max() > 1e-3,
               "changing h_prev did not change h_t: the step must use W h_prev (chapter 01, step 1)");
}

BOOST_AUTO_TEST_CASE(stays_between_minus_one_and_one) {
    Random r;
    const arma::rowvec h = attn::rnn_step(r.h0, r.X.row(0) * 100.0, r.W, r.U);
    BOOST_TEST(arma::abs(h).max() <= 1.0, "tanh keeps every entry of h_t within [-1, 1]");
}

BOOST_AUTO_TEST_CASE(rejects_shapes_that_do_not_fit) {
    const Random r;
    const std::string msg = attn_test::shape_error_of([&] { attn::rnn_step(r.h0, r.X.row(0).head(3), r.W, r.U); });
    BOOST_TEST(msg.find("rnn_step:") == 0, "an x_t of the wrong width must throw ShapeError naming rnn_step; got '" << msg << "'");
    BOOST_TEST(msg.find("1x3") != std::string::npos, "the message should give x_t's shape 1x3; got '" << msg << "'");
    const std::string square = attn_test::shape_error_of(
        [&] { attn::rnn_step(r.h0, r.X.row(0), arma::mat(4, 3, arma::fill::ones), r.U); });
    BOOST_TEST(square.find("rnn_step:") == 0, "a W that is not square must throw ShapeError naming rnn_step; got '" << square << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rnn_forward)

BOOST_AUTO_TEST_CASE(matches_a_loop_of_hand_steps) {
    const Random r;
    arma::mat expected(r.X.n_rows, r.W.n_rows);
    arma::rowvec h = r.h0;
    for (arma::uword t = 0; t < r.X.n_rows; ++t) expected.row(t) = h = step_by_hand(h, r.X.row(t), r.W, r.U);
    BOOST_TEST(matrices_close(attn::rnn_forward(r.X, r.W, r.U, r.h0), expected, 1e-12, "H"));
}

BOOST_AUTO_TEST_CASE(each_step_sees_the_step_before) {
    // With h_start = 0, a loop that forgets h_{t-1} still gets row 0 right:
    // check a later row against the hand loop.
    const Random r;
    const arma::rowvec zero(r.W.n_rows, arma::fill::zeros);
    const arma::mat H = attn::rnn_forward(r.X, r.W, r.U, zero);
    const arma::rowvec h1 = step_by_hand(step_by_hand(zero, r.X.row(0), r.W, r.U), r.X.row(1), r.W, r.U);
    BOOST_TEST(matrices_close(H.row(1), h1, 1e-12, "h_1"));
}

BOOST_AUTO_TEST_CASE(each_step_hands_its_state_to_the_next) {
    // A non-zero h_start separates the two ways of losing the chain: ignoring
    // h entirely (tanh(U x_t)) and feeding h_start to every step.
    const Random r;
    const arma::rowvec h_start = arma::rowvec(r.W.n_rows, arma::fill::ones) * 0.5;
    const arma::mat H = attn::rnn_forward(r.X, r.W, r.U, h_start);
    const attn_test::Family family = half_start_family();
    attn_test::recognise(H, family);
    const arma::mat& expected = family.right;
    BOOST_TEST(matrices_close(H, expected, 1e-12, "H (h_start = 0.5 everywhere)"));
}

BOOST_AUTO_TEST_CASE(changing_a_later_input_leaves_earlier_states_alone) {
    const Random r;
    arma::mat X2 = r.X;
    X2.row(3) += 1.0;
    const arma::mat a = attn::rnn_forward(r.X, r.W, r.U, r.h0);
    const arma::mat b = attn::rnn_forward(X2, r.W, r.U, r.h0);
    BOOST_TEST(matrices_close(b.rows(0, 2), a.rows(0, 2), 0.0, "h_0..h_2"));
    BOOST_TEST(arma::abs(b.row(3) - a.row(3)).max() > 1e-6, "h_3 must change when x_3 changes");
    BOOST_TEST(arma::abs(b.row(5) - a.row(5)).max() > 0.0, "h_5 must change too: the change travels down the chain");
}

BOOST_AUTO_TEST_CASE(returns_one_row_per_position) {
    const Random r(9, 5, 4);
    const arma::mat H = attn::rnn_forward(r.X, r.W, r.U, r.h0);
    BOOST_TEST(H.n_rows == 9u, "H needs one row per position (9); got " << H.n_rows);
    BOOST_TEST(H.n_cols == 4u, "H needs d_h = 4 columns; got " << H.n_cols);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(input_projections)

BOOST_AUTO_TEST_CASE(row_t_is_U_times_x_t) {
    const Random r;
    arma::mat expected(r.X.n_rows, r.U.n_rows);
    for (arma::uword t = 0; t < r.X.n_rows; ++t)
        for (arma::uword i = 0; i < r.U.n_rows; ++i) {
            double s = 0;
            for (arma::uword k = 0; k < r.U.n_cols; ++k) s += r.U(i, k) * r.X(t, k);
            expected(t, i) = s;
        }
    BOOST_TEST(matrices_close(attn::input_projections(r.X, r.U), expected, 1e-12, "X U^T"));
}

BOOST_AUTO_TEST_CASE(rejects_x_and_u_of_different_widths) {
    const Random r;
    const std::string msg = attn_test::shape_error_of([&] { attn::input_projections(r.X, r.U.t()); });
    BOOST_TEST(msg.find("input_projections:") == 0, "expected a ShapeError naming input_projections; got '" << msg << "'");
    BOOST_TEST(msg.find("6x5") != std::string::npos, "the message should give X's shape 6x5; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rnn_questions)

BOOST_AUTO_TEST_CASE(the_loop_works_on_one_position_at_a_time) {
    const int got = attn::rnn_positions_at_once(50);
    BOOST_TEST(got == 1, "a 50-word sentence in the loop: you answered " << got
                                                                       << " positions at once; position t waits for t-1, "
                                                                          "so only one runs at a time (chapter 01, step 1)");
}

BOOST_AUTO_TEST_CASE(attention_works_on_every_position_at_once) {
    const int got = attn::attention_positions_at_once(50);
    BOOST_TEST(got == 50, "one attention pass over 50 words: you answered " << got
                                                                            << "; no query row waits for another (chapter 01, step 2)");
}

BOOST_AUTO_TEST_CASE(path_lengths_from_0_to_49) {
    BOOST_TEST(attn::rnn_path_length(0, 49) == 49, "loop, position 0 to 49: one step per position in between");
    const int back = attn::rnn_path_length(49, 0);
    if (back == 49) attn_test::report(attn_test::mistakes::rnn_path_runs_backwards);
    BOOST_TEST(back == attn::kNeverReaches,
               "loop, position 49 to 0: you answered " << back << "; the loop runs forwards, so position 49's "
               "information never reaches position 0 (kNeverReaches; chapter 01, step 4)");
    BOOST_TEST(attn::attention_path_length(49, 0) == 1, "attention without a mask links 49 back to 0 in one step");
    BOOST_TEST(attn::attention_path_length(0, 49) == 1, "attention links positions 0 and 49 in one step");
    BOOST_TEST(attn::attention_path_length(0, 1) == 1, "attention: neighbours are one step apart, like everyone else");
}

BOOST_AUTO_TEST_CASE(no_steps_from_a_position_to_itself) {
    BOOST_TEST(attn::rnn_path_length(7, 7) == 0, "from a position to itself there is nothing to travel");
    BOOST_TEST(attn::attention_path_length(7, 7) == 0, "from a position to itself there is nothing to travel");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(example_is_the_worked_sentence_with_small_weights) {
    const auto e = attn::rnn_loop_lab::example();
    BOOST_TEST(e.X.n_rows == 3u);
    BOOST_TEST(e.tokens.size() == 3u);
    BOOST_TEST(arma::abs(e.W).max() < 1.0, "small weights keep tanh readable");
    BOOST_TEST(arma::all(e.h_start == 0.0));
}

BOOST_AUTO_TEST_CASE(path_length_figure_holds_both_models) {
    const auto fig = attn::rnn_loop_lab::path_length_figure(50);
    const auto& chart = std::get<attn::plot::LineChart>(fig.panels.at(0));
    BOOST_TEST(chart.series.size() == 2u);
    BOOST_TEST(chart.series[0].y.back() == 49.0, "the loop needs 49 steps from 0 to 49");
    BOOST_TEST(chart.series[1].y.back() == 1.0, "attention needs 1");
}

BOOST_AUTO_TEST_CASE(timing_measures_every_length_on_both_thread_counts) {
    // The program times with attn_perf (which chapter tests do not link): here a
    // stand-in clock that runs the work once and counts the calls.
    int calls = 0;
    const auto once = [&](const std::function<void()>& work) {
        work();
        ++calls;
        return std::pair<double, double>(1e-5 * calls, 2e-5 * calls);
    };
    const auto weights_times_v = [](const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
        return arma::mat(Q * K.t() * V);  // any product of the right shape: only the timing is tested
    };
    const auto rows = attn::rnn_loop_lab::time_loop_vs_attention({8, 16}, 8, once, weights_times_v);
    BOOST_TEST(rows.size() == 2u);
    BOOST_TEST(calls == 4, "the loop and attention, at each of the two lengths");
    BOOST_TEST(rows.at(1).length == 16);
    BOOST_TEST(rows.at(1).attention_2 == 8e-5, "attention at L = 16 on 2 threads is the fourth measurement");
    const auto fig = attn::rnn_loop_lab::timing_figure(rows);
    BOOST_REQUIRE(fig.panels.size() == 2u);
    const auto& gain = std::get<attn::plot::LineChart>(fig.panels.at(1));
    BOOST_REQUIRE(gain.series.size() == 3u);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        BOOST_TEST(gain.series[0].y[i] == rows[i].loop_1 / rows[i].loop_2, "the loop's speed-up is t1 / t2");
        BOOST_TEST(gain.series[1].y[i] == rows[i].attention_1 / rows[i].attention_2);
    }
}

BOOST_AUTO_TEST_CASE(mixing_cost_counts_the_multiply_adds_of_each_model) {
    // Count the multiply-adds by running the loops' structure without the arithmetic.
    for (const auto& [L, d] : {std::pair{3LL, 3LL}, {50LL, 512LL}, {7LL, 2LL}}) {
        long long chain = 0, attention = 0;
        for (long long t = 0; t < L; ++t)      // W h_{t-1}: one d x d product per step
            for (long long i = 0; i < d; ++i)
                for (long long j = 0; j < d; ++j) ++chain;
        for (long long q = 0; q < L; ++q)      // Q K^T, then A V
            for (long long k = 0; k < L; ++k)
                for (long long c = 0; c < d; ++c) attention += 2;
        const auto got = attn::rnn_loop_lab::mixing_cost(L, d);
        BOOST_TEST(got.loop_chain == chain);
        BOOST_TEST(got.attention == attention);
        BOOST_TEST((got.attention > got.loop_chain) == (2 * L > d), "attention costs more only when 2L > d");
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(title_question)

BOOST_AUTO_TEST_CASE(a_transformer_is_more_than_attention) {
    BOOST_TEST(!attn::transformer_is_attention_only(),
               "you answered that a Transformer is attention and nothing else; it still has embeddings, feed-forward "
               "layers, normalisation and a positional encoding: the title names what goes, not all that stays "
               "(chapter 01, 'What the title does not say')");
}

BOOST_AUTO_TEST_CASE(the_title_removes_recurrence_and_convolution) {
    const auto got = attn::what_the_title_removes();
    if (got == attn::TitleRemoves::everything_but_attention)
        BOOST_ERROR("not every other layer is dropped: only the recurrent chain (and convolution) is replaced by "
                    "attention (chapter 01, 'What the title does not say')");
    else if (got == attn::TitleRemoves::word_order)
        BOOST_ERROR("word order still matters to a Transformer; with the loop gone it has to be added to the input "
                    "instead (chapter 01, 'What the title does not say')");
    else
        BOOST_TEST((got == attn::TitleRemoves::recurrence_and_convolution),
                   "the title is about what can be removed: recurrence and convolution (chapter 01)");
}

BOOST_AUTO_TEST_CASE(word_order_has_to_be_supplied) {
    BOOST_TEST(attn::word_order_must_be_added(),
               "you answered that order takes care of itself; the loop was the model's only sense of which word came "
               "first, and attention alone cannot tell a sentence from its shuffle, so a positional encoding is "
               "added (chapter 01, 'What the title does not say'; chapter 02 shows the shuffle)");
}

BOOST_AUTO_TEST_SUITE_END()

// More tests of the chapter's own code (the suite reopens `chapter`): the
// picture of how attention was used before, reading the loop's hidden states.
BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(attention_on_states_figure_holds_the_weights) {
    // Any 3x3 weights will do: the program computes them with chapter 06's
    // scaled_dot_product_attention, which this chapter's tests cannot link.
    const auto e = attn::rnn_loop_lab::example();
    const arma::mat A = {{0.5, 0.3, 0.2}, {0.1, 0.8, 0.1}, {0.25, 0.25, 0.5}};
    const auto fig = attn::rnn_loop_lab::attention_on_states_figure(A, e.tokens);
    const auto& h = std::get<attn::plot::Heatmap>(fig.panels.at(0));
    BOOST_TEST(arma::approx_equal(h.values, A, "absdiff", 0.0));
    BOOST_TEST(h.row_labels.size() == 3u);
    BOOST_TEST(h.zmin == 0.0);
    BOOST_TEST(h.zmax == 1.0);
}

BOOST_AUTO_TEST_SUITE_END()

// Every slip the tests above recognise gives numbers of its own on the input it is
// recognised on (attn_test::coincidences): the proof that a diagnosis is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(rnn_step) { attn_test::require_distinguishable({wide_step_family()}); }

BOOST_AUTO_TEST_CASE(rnn_forward) { attn_test::require_distinguishable({half_start_family()}); }

BOOST_AUTO_TEST_SUITE_END()
