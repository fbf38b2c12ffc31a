// Chapter 01 tests: the recurrent loop.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's lab (src/labs/rnn_loop_lab.cpp).
//
// Expected values come from loops over scalars (step_by_loops, forward_by_loops below),
// never from the code under test. Each exercise's diagnosis runs the learner's function
// on a few inputs and names the mistake behind a wrong result (tests/support/
// diagnosis.hpp); `distinguishable` proves that those inputs tell every two declared
// mistakes apart.
//
// Dimension legend: L = positions, d_in = width of x_t, d_h = width of the state h_t.
// In row form the step is h_t = tanh(h_{t-1} W^T + x_t U^T), W d_h x d_h, U d_h x d_in.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch01_rnn_loop)

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check_progress.hpp"
#include "contracts/01_rnn_loop.hpp"
#include "core/errors.hpp"
#include "labs/rnn_loop_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("rnn_step", {{"h_prev", "W", "h_prev's length against W's rows, d_h"},
                             {"U", "W", "U's rows against W's rows, d_h"},
                             {"x_t", "U", "x_t's length against U's columns, d_in"}}) &&
    contract_rules("rnn_forward", {{"X", "U", "X's columns against U's columns, d_in"},
                                   {"h_start", "W", "h_start's length against W's rows, d_h"},
                                   {"U", "W", "U's rows against W's rows, d_h"}}) &&
    contract_rules("input_projections", {{"X", "U", "X's columns against U's columns, d_in"}});

const Axes kState = entries("entry");               // h_t: one row of d_h entries
const Axes kStates = axes("position", "entry");     // H: row t is h_t
const Axes kProjections = axes("position", "entry");  // X U^T: row t is (U x_t)^T

// ---------------------------------------------------------------- the step, right and wrong
// How a step can be written: right, or with one of the natural slips (W and U swapped,
// one or both used as stored instead of transposed, the column form W * h on rows,
// tanh left out, put around one term or around each, another squashing function, one
// of the two terms left out, tanh written through exp).
enum class Step {
    right, tanh_by_exp, swapped, w_as_stored, u_as_stored, neither_transposed, column_on_rows, no_tanh, tanh_state_only,
    tanh_input_only, tanh_each_term, sigmoid, relu, no_state, no_input, input_subtracted, state_subtracted,
    terms_multiplied, previous_state_added, int_sum, input_to_d_h, state_to_d_in, tanh_of_half, total_not_reset
};

// a times M^T (transposed) or a times M, by loops; nothing when Armadillo would refuse the product.
std::optional<arma::rowvec> row_times(const arma::rowvec& a, const arma::mat& M, bool transposed) {
    const arma::uword inner = transposed ? M.n_cols : M.n_rows, out = transposed ? M.n_rows : M.n_cols;
    if (inner != a.n_elem) return std::nullopt;
    arma::rowvec r(out, arma::fill::zeros);
    for (arma::uword i = 0; i < out; ++i)
        for (arma::uword k = 0; k < inner; ++k) r(i) += a(k) * (transposed ? M(i, k) : M(k, i));
    return r;
}

arma::rowvec tanh_of(arma::rowvec v) {
    for (double& e : v) e = std::tanh(e);
    return v;
}

// One step made the way `way` says, by loops over scalars; nothing when a product or a
// sum of that way does not fit (Armadillo would throw).
std::optional<arma::rowvec> step_by_loops(const arma::rowvec& h, const arma::rowvec& x, const arma::mat& W,
                                          const arma::mat& U, Step way = Step::right) {
    if (way == Step::column_on_rows) return std::nullopt;  // W * h_prev: d_h x d_h times 1 x d_h
    // by loops over each row r of W and U: the sum kept in an int (each addition cut to a
    // whole number), a loop over one product's terms run to the other's width (fewer
    // terms; nothing where it reads past the end), or one total for every row, never set
    // back to 0 (each unit's sum holds the earlier units' too)
    if (way == Step::int_sum || way == Step::input_to_d_h || way == Step::state_to_d_in || way == Step::total_not_reset) {
        const arma::uword d_h = W.n_rows, d_in = U.n_cols;
        const arma::uword n_state = way == Step::state_to_d_in ? d_in : h.n_elem;
        const arma::uword n_input = way == Step::input_to_d_h ? d_h : x.n_elem;
        if (W.n_cols != h.n_elem || d_in != x.n_elem || U.n_rows != d_h || n_state > h.n_elem || n_input > x.n_elem)
            return std::nullopt;
        arma::rowvec v(d_h);
        double pre = 0;
        for (arma::uword r = 0; r < d_h; ++r) {
            if (way != Step::total_not_reset) pre = 0;
            const auto add = [&](double term) {
                pre = way == Step::int_sum ? static_cast<double>(static_cast<int>(pre + term)) : pre + term;
            };
            for (arma::uword c = 0; c < n_state; ++c) add(W(r, c) * h(c));
            for (arma::uword c = 0; c < n_input; ++c) add(U(r, c) * x(c));
            v(r) = std::tanh(pre);
        }
        return v;
    }
    const bool swap = way == Step::swapped;
    const auto state = row_times(h, swap ? U : W, !(way == Step::w_as_stored || way == Step::neither_transposed));
    const auto input = row_times(x, swap ? W : U, !(way == Step::u_as_stored || way == Step::neither_transposed));
    if (way == Step::no_state) return input ? std::optional<arma::rowvec>(tanh_of(*input)) : std::nullopt;
    if (way == Step::no_input) return state ? std::optional<arma::rowvec>(tanh_of(*state)) : std::nullopt;
    if (!state || !input || state->n_elem != input->n_elem) return std::nullopt;
    switch (way) {
        case Step::no_tanh: return arma::rowvec(*state + *input);
        case Step::tanh_state_only: return arma::rowvec(tanh_of(*state) + *input);
        case Step::tanh_input_only: return arma::rowvec(*state + tanh_of(*input));
        case Step::tanh_each_term: return arma::rowvec(tanh_of(*state) + tanh_of(*input));
        case Step::input_subtracted: return tanh_of(*state - *input);
        case Step::state_subtracted: return tanh_of(*input - *state);
        case Step::terms_multiplied: return tanh_of(*state % *input);
        case Step::previous_state_added: return arma::rowvec(h + tanh_of(*state + *input));
        case Step::sigmoid: {
            arma::rowvec v = *state + *input;
            for (double& e : v) e = 1.0 / (1.0 + std::exp(-e));
            return v;
        }
        case Step::tanh_by_exp: {  // (e^z - e^-z) / (e^z + e^-z): inf / inf = NaN past |z| = 709.78
            arma::rowvec v = *state + *input;
            for (double& e : v) e = (std::exp(e) - std::exp(-e)) / (std::exp(e) + std::exp(-e));
            return v;
        }
        case Step::tanh_of_half: {  // 2 / (1 + e^-z) - 1, a tanh by hand that is tanh(z / 2)
            arma::rowvec v = *state + *input;
            for (double& e : v) e = 2.0 / (1.0 + std::exp(-e)) - 1.0;
            return v;
        }
        case Step::relu: {
            arma::rowvec v = *state + *input;
            for (double& e : v) e = e > 0 ? e : 0.0;
            return v;
        }
        default: return tanh_of(*state + *input);
    }
}

arma::rowvec step_by_hand(const arma::rowvec& h, const arma::rowvec& x, const arma::mat& W, const arma::mat& U) {
    return *step_by_loops(h, x, W, U);
}

// The mistake of each slip of the step, and how it is written.
struct StepSlip {
    Step way;
    const Mistake* mistake;
    const char* how;
};
const std::vector<StepSlip>& step_slips() {
    static const std::vector<StepSlip> all = {
        {Step::swapped, &m::rnn_weights_swapped, "h * U.t() + x * W.t()"},
        {Step::w_as_stored, &m::rnn_weight_not_transposed, "h * W + x * U.t()"},
        {Step::u_as_stored, &m::rnn_input_weight_not_transposed, "h * W.t() + x * U"},
        {Step::neither_transposed, &m::rnn_neither_weight_transposed, "h * W + x * U"},
        {Step::column_on_rows, &m::rnn_column_where_a_row_belongs, "W * h + U * x on rows"},
        {Step::no_tanh, &m::rnn_no_tanh, "no tanh"},
        {Step::tanh_state_only, &m::rnn_tanh_on_one_term, "tanh(h * W.t()) + x * U.t()"},
        {Step::tanh_input_only, &m::rnn_tanh_on_one_term, "h * W.t() + tanh(x * U.t())"},
        {Step::tanh_each_term, &m::rnn_tanh_on_one_term, "tanh(h * W.t()) + tanh(x * U.t())"},
        {Step::sigmoid, &m::rnn_other_activation, "sigmoid"},
        {Step::relu, &m::rnn_other_activation, "ReLU"},
        {Step::tanh_of_half, &m::rnn_other_activation, "2 / (1 + e^-x) - 1"},
        {Step::no_state, &m::rnn_forgets_previous_state, "tanh(x * U.t())"},
        {Step::no_input, &m::rnn_input_left_out, "tanh(h * W.t())"},
        {Step::input_subtracted, &m::rnn_terms_not_added, "tanh(h * W.t() - x * U.t())"},
        {Step::state_subtracted, &m::rnn_terms_not_added, "tanh(x * U.t() - h * W.t())"},
        {Step::terms_multiplied, &m::rnn_terms_not_added, "tanh((h * W.t()) % (x * U.t()))"},
        {Step::previous_state_added, &m::rnn_previous_state_added_back, "h + tanh(h * W.t() + x * U.t())"},
        {Step::int_sum, &m::rnn_sum_in_integer, "int pre = 0; pre += ..."},
        {Step::total_not_reset, &m::rnn_sum_not_reset, "one pre for every unit"},
        {Step::input_to_d_h, &m::rnn_loop_bound_of_other_width, "x_t's terms for c < W.n_cols"},
        {Step::state_to_d_in, &m::rnn_loop_bound_of_other_width, "h_prev's terms for c < U.n_cols"},
    };
    return all;
}

// What Armadillo throws for a product or a sum whose shapes do not fit.
Result armadillo_refuses() { return Result::throws(Threw::armadillo_size, "incompatible matrix dimensions"); }
// What a column given where a row belongs throws.
Result column_refused() { return Result::throws(Threw::armadillo_size, "row vector layout"); }
// What reading an entry past the end throws (x_t(c) for c = d_in), and the slips that do.
Result index_past_the_end() { return Result::throws(Threw::armadillo_index, "Mat::operator(): index out of bounds"); }
bool reads_past_the_end(Step way) { return way == Step::input_to_d_h || way == Step::state_to_d_in; }
// What reading a row past the end throws (X.row(X.n_rows)).
Result past_the_end() { return Result::throws(Threw::armadillo_index, "Mat::row(): index out of bounds"); }
// A ShapeError for shapes that fit (a shape rule other than the contract's).
Result refused_by_a_check() { return Result::throws(Threw::shape_error); }

// A variant that throws: Armadillo's error, or (with `or_shape_error`) a ShapeError, as
// the same slip gives when it goes through a function that checks its shapes.
void throwing_variant(Probe& p, const Mistake& mk, const char* how, bool or_shape_error) {
    if (!or_shape_error) {
        p.variant(mk, armadillo_refuses()).labelled(how);
        return;
    }
    p.variant_fitting(mk, armadillo_refuses(),
                      [](const Result& r) {
                          return (r.threw == Threw::armadillo_size &&
                                  r.message.find("incompatible matrix dimensions") != std::string::npos) ||
                                 r.threw == Threw::shape_error;
                      })
        .labelled(how);
}

// tanh written through exp, (e^z - e^-z) / (e^z + e^-z) or (e^2z - 1) / (e^2z + 1): right
// where no sum is large, else NaN where the exponential overflowed (which entries depends
// on the way it is written, and in the loop every later state turns NaN too) and right in
// the other entries. `example`: the first way, by loops.
void tanh_overflow_variant(Probe& p, const Result& right, const Result& example) {
    if (same_result(example, right)) {
        p.variant(m::rnn_tanh_through_exp_overflows, right);
        return;
    }
    p.variant_fitting(m::rnn_tanh_through_exp_overflows, example, [right](const Result& r) {
        if (r.threw != Threw::nothing || r.parts.size() != 1) return false;
        const arma::mat &got = r.parts[0].value, &want = right.parts.at(0).value;
        if (got.n_rows != want.n_rows || got.n_cols != want.n_cols) return false;
        bool nan = false;
        for (arma::uword k = 0; k < got.n_elem; ++k) {
            if (std::isnan(got(k)) && std::isfinite(want(k))) nan = true;
            else if (!agree(got(k), want(k))) return false;
        }
        return nan;
    });
}

struct StepInput {
    std::string what;
    arma::rowvec h, x;
    arma::mat W, U;
};
// Two steps: d_in = d_h = 4, where W and U fit either slot (swapped and untransposed
// weights compute), and d_in = 5, d_h = 3, where they do not. Values near 1, so that
// tanh bends them but does not saturate. A third with d_in = 2, d_h = 3, whose sums are
// about 800, -1200 and -0.1: tanh is 1 and -1 there, and e^z overflows.
const std::vector<StepInput>& step_inputs() {
    static const std::vector<StepInput> all = [] {
        arma::arma_rng::set_seed(9);
        std::vector<StepInput> v;
        v.push_back({"a step with d_in = d_h = 4", arma::randn<arma::rowvec>(4) * 0.6 + 0.3,
                     arma::randn<arma::rowvec>(4), arma::randn(4, 4) * 0.5, arma::randn(4, 4) * 0.5});
        v.push_back({"a step with d_in = 5, d_h = 3", arma::randn<arma::rowvec>(3) * 0.6 - 0.2,
                     arma::randn<arma::rowvec>(5), arma::randn(3, 3) * 0.5, arma::randn(3, 5) * 0.5});
        v.push_back({"a step whose sums reach 800 and -1200 (d_in = 2, d_h = 3)", {0.5, -0.4, 0.2}, {300.0, -200.0},
                     {{0.3, -0.2, 0.1}, {0.4, 0.1, -0.3}, {-0.2, 0.5, 0.2}}, {{2.0, -1.0}, {-3.0, 1.5}, {0.001, 0.002}}});
        // the shapes of the second again, other values: a weight kept from an earlier call shows
        arma::arma_rng::set_seed(29);
        v.push_back({"another step with d_in = 5, d_h = 3", arma::randn<arma::rowvec>(3) * 0.5,
                     arma::randn<arma::rowvec>(5), arma::randn(3, 3) * 0.5, arma::randn(3, 5) * 0.5});
        return v;
    }();
    return all;
}

Diagnosis rnn_step_diagnosis() {
    Diagnosis d("rnn_step");
    for (const StepInput& in : step_inputs()) {
        const auto as = [](const arma::rowvec& h) { return result("h_t", h, kState); };
        Probe& p = d.probe(in.what, [in, as] { return as(attn::rnn_step(in.h, in.x, in.W, in.U)); },
                           as(step_by_hand(in.h, in.x, in.W, in.U)));
        for (const StepSlip& s : step_slips()) {
            const auto got = step_by_loops(in.h, in.x, in.W, in.U, s.way);
            if (got) p.variant(*s.mistake, as(*got)).labelled(s.how);
            else if (reads_past_the_end(s.way)) p.variant(*s.mistake, index_past_the_end()).labelled(s.how);
            else throwing_variant(p, *s.mistake, s.how, false);
        }
        p.variant(m::rnn_column_where_a_row_belongs, column_refused()).labelled("a column returned");
        // W h_prev built entry by entry, W(i, j) h(j), and summed down the columns
        // (arma::sum(W.each_row() % h_prev, 0)): entry j is h(j) times column j's total
        p.variant(m::rnn_recurrent_term_summed_down_columns,
                  as(arma::tanh(arma::rowvec(in.h % arma::sum(in.W, 0)) + in.x * in.U.t())));
        // W and U (or one of them) read through memptr() as if stored row by row, in loops over
        // each row r of W and U: h_t(r) = tanh(sum_c W[r n_cols + c] h(c) + sum_c U[r n_cols + c] x(c))
        // (W alone read so is W^T, W being square: the slip rnn_weight_not_transposed)
        for (const auto& [w_rows, u_rows, how] : std::vector<std::tuple<bool, bool, const char*>>{
                 {true, true, "W and U read row-major"}, {false, true, "U read row-major"}}) {
            const arma::mat W = w_rows ? read_row_major(in.W) : in.W, U = u_rows ? read_row_major(in.U) : in.U;
            if (const auto got = step_by_loops(in.h, in.x, W, U))
                p.variant(mistake_of(StorageRead::row_major), as(*got),
                          std::string("h_prev W^T + x_t U^T, reading ") + (w_rows && u_rows ? "W and U" : w_rows ? "W" : "U"))
                    .labelled(how);
        }
        tanh_overflow_variant(p, as(step_by_hand(in.h, in.x, in.W, in.U)),
                              as(*step_by_loops(in.h, in.x, in.W, in.U, Step::tanh_by_exp)));
        const bool square = in.x.n_elem == in.h.n_elem;
        add_rule_slip(p, NotARule::other_sizes, square, as(step_by_hand(in.h, in.x, in.W, in.U)), refused_by_a_check(),
                      "rnn_step needs W d_h x d_h, h_prev 1 x d_h, U d_h x d_in and x_t 1 x d_in");
    }
    return d;
}

// ---------------------------------------------------------------- the loop, right and wrong
// How the loop of rnn_forward can be written: right, or with the state lost (every step
// from 0, every step after the first from 0 (H.row(t) read where H.row(t - 1) belongs),
// or every step from h_start), started from 0 instead of h_start, its rows off by one (h
// recorded before its step; row 0 = h_start and the loop from t = 1; the loop from t = 1
// with row t - 1 = h_t, so that x_0 is skipped; h_start kept as an extra first row),
// stopped one step short, started at t = 1 (x_0 never read, row 0 left at 0), or run
// backwards (from x_{L-1} down to x_0, each state in row t or in the order computed).
enum class Loop { right, forgets, forgets_after_first, stale, from_zero, record_before, h_start_first, from_one, extra_row,
                  stops_early, starts_at_one, backwards, backwards_in_order, stored_squashed, carried_squashed };

std::optional<arma::mat> forward_by_loops(const arma::mat& X, const arma::mat& W, const arma::mat& U,
                                          const arma::rowvec& h_start, Loop loop = Loop::right,
                                          Step step = Step::right) {
    const arma::uword L = X.n_rows, d_h = W.n_rows;
    const arma::rowvec zero(d_h, arma::fill::zeros);
    arma::mat H(L, d_h, arma::fill::zeros);
    arma::rowvec h = loop == Loop::from_zero ? zero : h_start;
    for (arma::uword t = 0; t < L; ++t) {
        if (loop == Loop::stops_early && t + 1 == L) break;
        if (loop == Loop::starts_at_one && t == 0) continue;  // row 0 left at 0, h still h_start
        const arma::rowvec x = X.row(t);
        if (loop == Loop::h_start_first && t == 0) {
            H.row(0) = h_start;
            continue;
        }
        const arma::rowvec& from = loop == Loop::forgets || (loop == Loop::forgets_after_first && t > 0) ? zero
                                   : loop == Loop::stale                                            ? h_start
                                                                                                    : h;
        const auto next = step_by_loops(from, x, W, U, step);
        if (!next || next->n_elem != d_h) return std::nullopt;
        if (loop == Loop::record_before) H.row(t) = h;
        else if (loop == Loop::stored_squashed || loop == Loop::carried_squashed) H.row(t) = tanh_of(*next);
        else H.row(t) = *next;
        h = loop == Loop::carried_squashed ? tanh_of(*next) : *next;
    }
    if (loop == Loop::from_one) {  // H.row(t - 1) = h_t for t = 1 .. L - 1: x_0 never read, the last row 0
        arma::mat G(L, d_h, arma::fill::zeros);
        arma::rowvec g = h_start;
        for (arma::uword t = 1; t < L; ++t) {
            const auto next = step_by_loops(g, arma::rowvec(X.row(t)), W, U, step);
            if (!next) return std::nullopt;
            G.row(t - 1) = g = *next;
        }
        return G;
    }
    if (loop == Loop::backwards || loop == Loop::backwards_in_order) {  // x_{L-1} first, x_0 last
        arma::mat G(L, d_h, arma::fill::zeros);
        arma::rowvec g = h_start;
        for (arma::uword k = 0; k < L; ++k) {
            const arma::uword t = L - 1 - k;
            const auto next = step_by_loops(g, arma::rowvec(X.row(t)), W, U, step);
            if (!next) return std::nullopt;
            G.row(loop == Loop::backwards ? t : k) = g = *next;
        }
        return G;
    }
    if (loop == Loop::extra_row) return arma::mat(arma::join_cols(arma::mat(h_start), H));
    return H;
}

struct ForwardInput {
    std::string what;
    arma::mat X, W, U;
    arma::rowvec h_start;
};
// Six steps with d_in = 5, d_h = 4 from h_start = 0.5 everywhere; five steps with
// d_in = d_h = 3 (so that W and U fit either slot) from a random h_start; four steps
// with d_in = 2, d_h = 3, two of whose inputs give sums of several hundred (tanh 1 or
// -1, and e^z overflows).
const std::vector<ForwardInput>& forward_inputs() {
    static const std::vector<ForwardInput> all = [] {
        std::vector<ForwardInput> v;
        arma::arma_rng::set_seed(7);
        ForwardInput a{"6 steps, d_in = 5, d_h = 4, from h_start = 0.5", arma::randn(6, 5), arma::randn(4, 4) * 0.5,
                       arma::randn(4, 5) * 0.5, arma::rowvec(4, arma::fill::value(0.5))};
        v.push_back(a);
        arma::arma_rng::set_seed(17);
        ForwardInput b{"5 steps, d_in = d_h = 3, from a random h_start", arma::randn(5, 3), arma::randn(3, 3) * 0.6,
                       arma::randn(3, 3) * 0.6, arma::randn<arma::rowvec>(3) * 0.5};
        v.push_back(b);
        v.push_back({"4 steps, d_in = 2, d_h = 3, x_0 and x_2 giving sums of several hundred",
                     {{300.0, -200.0}, {0.5, 0.3}, {-400.0, 100.0}, {0.2, -0.1}},
                     {{0.3, -0.2, 0.1}, {0.4, 0.1, -0.3}, {-0.2, 0.5, 0.2}},
                     {{2.0, -1.0}, {-3.0, 1.5}, {0.001, 0.002}},
                     {0.1, -0.2, 0.3}});
        // as many steps as d_h: H stored by columns (H.col(t) = h.t()) fits, and comes out transposed
        arma::arma_rng::set_seed(27);
        v.push_back({"3 steps (as many as d_h = 3), d_in = 4", arma::randn(3, 4), arma::randn(3, 3) * 0.6,
                     arma::randn(3, 4) * 0.5, arma::randn<arma::rowvec>(3) * 0.5});
        return v;
    }();
    return all;
}

Diagnosis rnn_forward_diagnosis() {
    Diagnosis d("rnn_forward");
    for (const ForwardInput& in : forward_inputs()) {
        const auto as = [](const arma::mat& H) { return result("H", H, kStates); };
        const arma::mat right = *forward_by_loops(in.X, in.W, in.U, in.h_start);
        Probe& p = d.probe(in.what, [in, as] { return as(attn::rnn_forward(in.X, in.W, in.U, in.h_start)); },
                           as(right));
        const std::vector<std::tuple<Loop, const Mistake*, const char*>> loops = {
            {Loop::forgets, &m::rnn_forgets_previous_state, "rnn_step(zeros, x_t, W, U)"},
            {Loop::forgets_after_first, &m::rnn_forgets_previous_state, "rnn_step(H.row(t), x_t, W, U) after row 0"},
            {Loop::stale, &m::rnn_stale_state, "rnn_step(h_start, x_t, W, U)"},
            {Loop::from_zero, &m::rnn_ignores_h_start, "h starts at zeros"},
            {Loop::record_before, &m::rnn_rows_off_by_one, "H.row(t) = h before the step"},
            {Loop::h_start_first, &m::rnn_rows_off_by_one, "H.row(0) = h_start, loop from t = 1"},
            {Loop::from_one, &m::rnn_rows_off_by_one, "loop from t = 1, H.row(t - 1) = h"},
            {Loop::extra_row, &m::rnn_rows_off_by_one, "h_start as an extra first row"},
            {Loop::stops_early, &m::loop_stops_one_early, "t + 1 < L"},
            {Loop::starts_at_one, &m::loop_starts_one_late, "loop from t = 1, H.row(t) = h"},
            {Loop::backwards, &m::rnn_loop_runs_backwards, "t from L - 1 down to 0, H.row(t) = h"},
            {Loop::backwards_in_order, &m::rnn_loop_runs_backwards, "X reversed, rows in the order computed"},
            {Loop::stored_squashed, &m::rnn_state_squashed_again, "H.row(t) = tanh(h)"},
            {Loop::carried_squashed, &m::rnn_state_squashed_again, "h = tanh(rnn_step(...))"},
        };
        for (const auto& [loop, mk, how] : loops) p.variant(*mk, as(*forward_by_loops(in.X, in.W, in.U, in.h_start, loop))).labelled(how);
        // the step written inline, with a slip of the step (or rnn_step called with its
        // arguments swapped, which rnn_step's own checks refuse where d_in != d_h)
        for (const StepSlip& s : step_slips()) {
            const auto got = forward_by_loops(in.X, in.W, in.U, in.h_start, Loop::right, s.way);
            if (got) p.variant(*s.mistake, as(*got)).labelled(s.how);
            else if (reads_past_the_end(s.way)) p.variant(*s.mistake, index_past_the_end()).labelled(s.how);
            else throwing_variant(p, *s.mistake, s.how, s.way == Step::swapped);
        }
        p.variant(m::rnn_column_where_a_row_belongs, column_refused()).labelled("a column where a row belongs");
        p.variant(mistake_of(OneTooMany::loop_bound), past_the_end());
        // each state stored as column t of an L x d_h H (H.col(t) = h.t()): Armadillo refuses
        // the copy unless L = d_h, where H comes out transposed
        if (in.X.n_rows == in.W.n_rows) p.variant(m::rnn_state_stored_in_a_column, as(arma::mat(right.t())));
        else p.variant(m::rnn_state_stored_in_a_column, Result::throws(Threw::armadillo_size, "copy into submatrix"));
        tanh_overflow_variant(p, as(right),
                              as(*forward_by_loops(in.X, in.W, in.U, in.h_start, Loop::right, Step::tanh_by_exp)));
        // every step given x_0 (X.row(0) where X.row(t) belongs)
        p.on_other_input(as(*forward_by_loops(arma::repmat(in.X.row(0), in.X.n_rows, 1), in.W, in.U, in.h_start)),
                         "x_0 given to every step: X.row(0) where step t reads X.row(t)");
        // H made the shape of X: right when d_in = d_h, else the first row refuses the state
        if (in.X.n_cols == in.W.n_rows) p.variant(m::rnn_result_sized_like_x, as(right));
        else p.variant(m::rnn_result_sized_like_x, Result::throws(Threw::armadillo_size, "copy into submatrix"));
        // ... with each state copied in entry by entry, H(t, j) = h(j): zero columns after the d_h
        // written where d_in > d_h, an index past the end where d_in < d_h
        if (in.X.n_cols > in.W.n_rows) {
            arma::mat wide(in.X.n_rows, in.X.n_cols, arma::fill::zeros);
            if (in.X.n_rows > 0) wide.cols(0, in.W.n_rows - 1) = right;
            p.variant(m::rnn_result_sized_like_x, as(wide)).labelled("H(t, j) = h(j)");
        } else if (in.X.n_cols < in.W.n_rows && in.X.n_rows > 0) {
            p.variant(m::rnn_result_sized_like_x, Result::throws(Threw::armadillo_index)).labelled("H(t, j) = h(j)");
        } else {
            p.variant(m::rnn_result_sized_like_x, as(right)).labelled("H(t, j) = h(j)");
        }
    }
    return d;
}

// ---------------------------------------------------------------- input_projections
struct ProjectionInput {
    std::string what;
    arma::mat X, U;
};
// X 6x5 with U 4x5 (nothing but X U^T fits), X 4x4 with U 4x4 (everything fits), X 7x3 with
// U 2x3 (L more than d_in + 1), and
// X 3x4 with U 4x4 (X U fits, U X does not).
const std::vector<ProjectionInput>& projection_inputs() {
    static const std::vector<ProjectionInput> all = [] {
        arma::arma_rng::set_seed(31);
        std::vector<ProjectionInput> v;
        v.push_back({"X 6x5, U 4x5", arma::randn(6, 5), arma::randn(4, 5)});
        v.push_back({"X 4x4, U 4x4", arma::randn(4, 4), arma::randn(4, 4)});
        v.push_back({"X 3x4, U 4x4", arma::randn(3, 4), arma::randn(4, 4)});
        // more positions than features and than d_h, by more than one: a loop over the rows
        // bounded by d_in or d_h stops several rows short, not one
        v.push_back({"X 7x3, U 2x3", arma::randn(7, 3), arma::randn(2, 3)});
        return v;
    }();
    return all;
}

// A B by loops, or nothing when the product does not fit.
std::optional<arma::mat> product_if_it_fits(const arma::mat& A, const arma::mat& B) {
    if (A.n_cols != B.n_rows) return std::nullopt;
    return product_by_loops(A, B);
}

Diagnosis input_projections_diagnosis() {
    Diagnosis d("input_projections");
    for (const ProjectionInput& in : projection_inputs()) {
        const auto as = [](const arma::mat& P) { return result("X U^T", P, kProjections); };
        const arma::mat Ut = in.U.t(), Xt = in.X.t();
        const arma::mat right = product_by_loops(in.X, Ut);
        Probe& p = d.probe(in.what, [in, as] { return as(attn::input_projections(in.X, in.U)); }, as(right));
        const auto declare = [&](const Mistake& mk, const std::optional<arma::mat>& got, const char* how) {
            if (got) p.variant(mk, as(*got)).labelled(how);
            else p.variant(mk, armadillo_refuses()).labelled(how);
        };
        declare(m::input_projections_column_form, product_if_it_fits(in.U, Xt), "U * X.t()");
        declare(m::input_projections_column_form, product_if_it_fits(in.U, in.X), "U * X");
        declare(m::rnn_input_weight_not_transposed, product_if_it_fits(in.X, in.U), "X * U");
        p.variant(m::input_projections_column_form, Result::throws(Threw::armadillo_size, "copy into submatrix"))
            .labelled("P.row(t) = U * X.row(t).t()");
        arma::mat bent = right, short_by_one = right, late_by_one = right;
        for (double& e : bent) e = std::tanh(e);
        short_by_one.row(short_by_one.n_rows - 1).zeros();
        late_by_one.row(0).zeros();
        p.variant(m::input_projections_with_tanh, as(bent));
        // a running total down the rows: row t built on row t - 1
        arma::mat carried = right;
        for (arma::uword t = 1; t < carried.n_rows; ++t) carried.row(t) += carried.row(t - 1);
        p.variant(m::input_projections_rows_carried, as(carried));
        p.variant(m::loop_stops_one_early, as(short_by_one));
        p.variant(m::loop_starts_one_late, as(late_by_one));
        p.variant(mistake_of(OneTooMany::loop_bound), past_the_end());
        // a check of another rule: it refuses shapes that fit, except where that rule holds too
        const arma::uword L = in.X.n_rows, d_in = in.X.n_cols, d_h = in.U.n_rows;
        for (const auto& [holds, how] : std::vector<std::pair<bool, const char*>>{
                 {d_in == d_h, "X.n_cols == U.n_rows"}, {L == d_in, "X.n_rows == U.n_cols"}, {L == d_h, "X.n_rows == U.n_rows"}})
            add_rule_slip(p, NotARule::other_sizes, holds, as(right), refused_by_a_check(),
                          "X * U.t() needs X.n_cols == U.n_cols, both d_in")
                .labelled(how);
        // the first and the last feature's terms of every sum, for the relations (a loop over
        // the features from k = 1, or to k + 1 < d_in, leaves one out)
        p.term("the first feature's terms, X(t, 0) * U(r, 0)", "X U^T", arma::mat(in.X.col(0) * in.U.col(0).t()));
        p.term("the last feature's terms, X(t, d_in - 1) * U(r, d_in - 1)", "X U^T",
               arma::mat(in.X.col(d_in - 1) * in.U.col(d_in - 1).t()));
        // (left to this exercise's own mistakes, or not told apart on its inputs: the rows one
        // short, loop_stops_one_early; the sum one short, the sum to d_h on its inputs; a result
        // sized like X with its loop to its own columns, past the end on every input, where X
        // is the wider)
        add_product_loop_slips(
            p, "X U^T", in.X, Ut,
            {"X", "U^T", "d_in", {"the rows one short", "the sum one short", "sized like A, a loop to its own columns"}, "", true});
        // the widths, for the relations: a result scaled by sqrt(d_h) is named by it
        p.quantity("d_h", static_cast<double>(d_h)).quantity("d_in", static_cast<double>(d_in));
    }
    return d;
}

// ---------------------------------------------------------------- the questions
// The answer of one question function to one input: right, or a wrong answer that a
// misunderstanding gives (each a variant of the probe).
Result answer(int a) { return number("answer", static_cast<double>(a)); }


Diagnosis rnn_positions_diagnosis() {
    Diagnosis d("rnn_questions");
    for (const int L : {50, 7, 0}) {  // 0: a sentence of no words has no position to work on
        Probe& p = d.probe("a sentence of " + std::to_string(L) + " words",
                           [L] { return answer(attn::rnn_positions_at_once(L)); }, answer(L > 0 ? 1 : 0));
        p.variant(m::thinks_the_loop_runs_in_parallel, answer(L)).labelled("length")
            .variant(m::thinks_the_loop_runs_in_parallel, answer(50)).labelled("50, the example's length")
            .variant(m::rnn_positions_for_no_words, answer(1));
    }
    return d;
}

Diagnosis attention_positions_diagnosis() {
    Diagnosis d("rnn_questions");
    for (const int L : {50, 7}) {
        Probe& p = d.probe("a sentence of " + std::to_string(L) + " words",
                           [L] { return answer(attn::attention_positions_at_once(L)); }, answer(L));
        p.variant(m::thinks_attention_runs_one_position_at_a_time, answer(1))
            .variant(m::thinks_attention_positions_are_pairs, answer(L * L))
            .variant(m::answer_ignores_length, answer(50));
    }
    return d;
}

const std::vector<std::pair<int, int>>& path_pairs() {
    static const std::vector<std::pair<int, int>> all = {{0, 49}, {49, 0}, {7, 7}, {3, 10}, {10, 3}, {0, 1}};
    return all;
}
std::string from_to(int i, int j) { return "from position " + std::to_string(i) + " to position " + std::to_string(j); }

Diagnosis rnn_path_diagnosis() {
    Diagnosis d("rnn_questions");
    const int never = attn::kNeverReaches;
    for (const auto& [i, j] : path_pairs()) {
        Probe& p = d.probe(from_to(i, j), [i = i, j = j] { return answer(attn::rnn_path_length(i, j)); },
                           answer(i <= j ? j - i : never));
        p.variant(m::rnn_path_runs_backwards, answer(std::abs(i - j)))
            .variant(m::rnn_path_backward_not_refused, answer(j - i)).labelled("j - i")
            .variant(m::rnn_path_backward_not_refused, answer(i <= j ? j - i : 0)).labelled("0 for j < i")
            .variant(m::rnn_path_counts_positions, answer(i <= j ? j - i + 1 : never)).labelled("j - i + 1")
            .variant(m::rnn_path_counts_positions, answer(i <= j ? j - i - 1 : never)).labelled("j - i - 1")
            // ... with a position to itself answered 0 apart (if (i == j) return 0)
            .variant(m::rnn_path_counts_positions, answer(i == j ? 0 : i < j ? j - i + 1 : never))
            .labelled("j - i + 1, 0 to itself")
            .variant(m::rnn_path_counts_positions, answer(i == j ? 0 : i < j ? j - i - 1 : never))
            .labelled("j - i - 1, 0 to itself")
            .variant(m::rnn_path_one_step, answer(i == j ? 0 : 1)).labelled("1 both ways")
            .variant(m::rnn_path_one_step, answer(i == j ? 0 : i < j ? 1 : never)).labelled("1 forwards")
            .variant(m::rnn_path_to_itself_unreachable, answer(i < j ? j - i : never))
            .variant(m::rnn_path_direction_reversed, answer(i - j)).labelled("i - j")
            .variant(m::rnn_path_direction_reversed, answer(i >= j ? i - j : never)).labelled("earlier positions only");
    }
    return d;
}

Diagnosis attention_path_diagnosis() {
    Diagnosis d("rnn_questions");
    const int never = attn::kNeverReaches;
    for (const auto& [i, j] : path_pairs()) {
        Probe& p = d.probe(from_to(i, j), [i = i, j = j] { return answer(attn::attention_path_length(i, j)); },
                           answer(i == j ? 0 : 1));
        p.variant(m::attention_path_to_itself_is_one, answer(1))
            .variant(m::attention_path_walks_like_the_loop, answer(std::abs(i - j)))
            .variant(m::attention_path_only_forwards, answer(i == j ? 0 : i < j ? 1 : never));
    }
    return d;
}

}  // namespace

// ==================================================================== rnn_step
BOOST_AUTO_TEST_SUITE(rnn_step)

BOOST_AUTO_TEST_CASE(matches_hand_computation) {
    // one call only (the checker's own tests count on it: tests/checker_hostile.sh)
    const StepInput& in = step_inputs().at(1);
    BOOST_TEST(matrices_close(attn::rnn_step(in.h, in.x, in.W, in.U), step_by_hand(in.h, in.x, in.W, in.U), 1e-12,
                              "h_t (d_in = 5, d_h = 3)", kState));
}

BOOST_AUTO_TEST_CASE(matches_loops_with_d_in_equal_to_d_h_and_not) {
    // d_in = d_h = 4, where W and U fit either slot, and d_in = 5, d_h = 3
    rnn_step_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(uses_the_previous_hidden_state) {
    if (!results_right(rnn_step_diagnosis())) {  // a wrong step is named there (a sum in an int also hides h_prev)
        BOOST_TEST_MESSAGE("checked once matches_loops_with_d_in_equal_to_d_h_and_not passes");
        return;
    }
    const StepInput& in = step_inputs().at(1);
    const arma::rowvec zero(in.h.n_elem, arma::fill::zeros);
    const arma::rowvec a = attn::rnn_step(in.h + 1.0, in.x, in.W, in.U);
    const arma::rowvec b = attn::rnn_step(zero, in.x, in.W, in.U);
    BOOST_TEST(arma::abs(a - b).max() > 1e-3,
               "changing h_prev did not change h_t: the step must use W h_prev (chapter 01, step 1)");
}

BOOST_AUTO_TEST_CASE(stays_between_minus_one_and_one) {
    const StepInput& in = step_inputs().at(1);
    const arma::rowvec h = attn::rnn_step(in.h, in.x * 100.0, in.W, in.U);
    BOOST_TEST(arma::abs(h).max() <= 1.0, "tanh keeps every entry of h_t within [-1, 1]; got " << arma::abs(h).max());
}

BOOST_AUTO_TEST_CASE(rejects_shapes_that_do_not_fit) {
    if (!results_right(rnn_step_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_loops_with_d_in_equal_to_d_h_and_not passes");
        return;
    }
    // h_prev 1x4, x_t 1x5, W 4x4, U 4x5, each broken in turn; the first refusal that
    // goes wrong is the one said
    arma::arma_rng::set_seed(3);
    const arma::rowvec h = arma::randn<arma::rowvec>(4), x = arma::randn<arma::rowvec>(5);
    const arma::mat W = arma::randn(4, 4), U = arma::randn(4, 5);
    const arma::rowvec x3 = x.head(3), h3 = h.head(3);
    const arma::mat W43 = arma::randn(4, 3), U35 = arma::randn(3, 5);
    std::string msg = refusal_of<attn::ShapeError>("rnn_step", [&] { attn::rnn_step(h, x3, W, U); }, {},
                                                   "an x_t of 1x3 for U of 4x5");
    if (msg.empty()) return;
    BOOST_TEST(msg.find("1x3") != std::string::npos, "an x_t of width 3 for U 4x5: the message should give x_t's shape 1x3; got '" << msg << "'");
    msg = refusal_of<attn::ShapeError>("rnn_step", [&] { attn::rnn_step(h3, x, W43, U); }, {},
                                       "a W of 4x3, not square (h_prev 1x3)");
    if (msg.empty()) return;
    // two rules are broken here: W is not square, and U's 4 rows are not h_prev's width 3;
    // a message may give either: W's shape, or h_prev's and U's
    const bool names_w = msg.find("4x3") != std::string::npos;
    const bool names_h_and_u = msg.find("1x3") != std::string::npos && msg.find("4x5") != std::string::npos;
    BOOST_TEST((names_w || names_h_and_u),
               "a W of 4x3 is not square (and U 4x5 has 4 rows where h_prev 1x3 is 3 wide): the message should give "
               "the shapes of what does not fit, W's 4x3, or h_prev's and U's; got '" << msg << "'");
    msg = refusal_of<attn::ShapeError>("rnn_step", [&] { attn::rnn_step(h, x, W, U35); }, {},
                                       "a U of 3x5 for W of 4x4 (3 rows, not d_h = 4)");
    if (msg.empty()) return;
    msg = refusal_of<attn::ShapeError>("rnn_step", [&] { attn::rnn_step(h3, x, W, U); }, {},
                                       "an h_prev of 1x3 for W of 4x4");
    if (msg.empty()) return;
    // W alone not square, its 4 rows fitting h_prev and U
    msg = refusal_of<attn::ShapeError>("rnn_step", [&] { attn::rnn_step(h, x, W43, U); }, {},
                                       "a W of 4x3, not square (h_prev 1x4 and U 4x5 fit its rows)");
    if (msg.empty()) return;
    BOOST_TEST(msg.find("4x3") != std::string::npos,
               "a W of 4x3 is not square: the message should give W's shape 4x3; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== rnn_forward
BOOST_AUTO_TEST_SUITE(rnn_forward)

BOOST_AUTO_TEST_CASE(matches_a_loop_of_hand_steps) {
    // 6 steps from h_start = 0.5, and 5 steps with d_in = d_h from a random h_start
    rnn_forward_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(each_step_sees_the_step_before) {
    // With h_start = 0, a loop that forgets h_{t-1} still gets row 0 right: check a later row.
    const ForwardInput& in = forward_inputs().at(0);
    const arma::rowvec zero(in.W.n_rows, arma::fill::zeros);
    const arma::mat H = attn::rnn_forward(in.X, in.W, in.U, zero);
    const arma::rowvec h1 = step_by_hand(step_by_hand(zero, in.X.row(0), in.W, in.U), in.X.row(1), in.W, in.U);
    BOOST_REQUIRE_MESSAGE(H.n_rows >= 2, "H needs one row per position (6); got " << H.n_rows);
    BOOST_TEST(matrices_close(H.row(1), h1, 1e-12, "h_1, from h_start = 0", kState));
}

BOOST_AUTO_TEST_CASE(changing_a_later_input_leaves_earlier_states_alone) {
    const ForwardInput& in = forward_inputs().at(0);
    arma::mat X2 = in.X;
    X2.row(3) += 1.0;
    const arma::mat a = attn::rnn_forward(in.X, in.W, in.U, in.h_start);
    const arma::mat b = attn::rnn_forward(X2, in.W, in.U, in.h_start);
    BOOST_REQUIRE_MESSAGE((a.n_rows == 6 && b.n_rows == 6), "H needs one row per position (6); got " << a.n_rows);
    BOOST_TEST(matrices_close(b.rows(0, 2), a.rows(0, 2), 0.0, "h_0..h_2 after changing x_3", kStates));
    BOOST_TEST(arma::abs(b.row(3) - a.row(3)).max() > 1e-6, "h_3 must change when x_3 changes");
    BOOST_TEST(arma::abs(b.row(5) - a.row(5)).max() > 0.0, "h_5 must change too: the change travels down the chain");
}

BOOST_AUTO_TEST_CASE(returns_one_row_per_position) {
    arma::arma_rng::set_seed(9);
    const arma::mat X = arma::randn(9, 5), W = arma::randn(4, 4) * 0.5, U = arma::randn(4, 5) * 0.5;
    const arma::mat H = attn::rnn_forward(X, W, U, arma::rowvec(4, arma::fill::zeros));
    BOOST_TEST(H.n_rows == 9u, "H needs one row per position (9); got " << H.n_rows);
    BOOST_TEST(H.n_cols == 4u, "H needs d_h = 4 columns; got " << H.n_cols);
}

BOOST_AUTO_TEST_CASE(no_positions_give_no_states) {
    // X 0 x d_in, a sequence of no tokens, fits W, U and h_start (the contract refuses only
    // shapes that do not fit together): the loop runs no step and H is 0 x d_h
    if (!results_right(rnn_forward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_loop_of_hand_steps passes");
        return;
    }
    const Result got = attempt([] {
        return result("H", attn::rnn_forward(arma::mat(0, 5), arma::mat(4, 4, arma::fill::eye), arma::mat(4, 5, arma::fill::ones),
                                             arma::rowvec(4, arma::fill::zeros)),
                      kStates);
    });
    if (refused_valid_input(got, "rnn_forward", "X 0x5 (no positions) with W 4x4, U 4x5 and h_start 1x4")) return;
    if (got.threw == Threw::nothing && got.parts.at(0).value.n_rows == 0 && got.parts.at(0).value.n_cols == 0)
        return report(m::no_positions_lose_width);
    const std::string instead = unless_shape(got, "H", 0, 4);
    BOOST_TEST(instead.empty(), "X 0x5 (no positions) with W 4x4, U 4x5 and h_start 1x4 must give H 0x4 without an error (the "
                                "contract refuses only shapes that do not fit together; a loop over no positions runs no "
                                "step); got " << instead);
}

BOOST_AUTO_TEST_CASE(rejects_shapes_that_do_not_fit_even_with_no_positions) {
    // X 0 x d_in runs no step, but the contract's shapes must still fit together: W that fits
    // neither h_start nor U, U as wide as X is not, h_start of another width than W, each
    // refused with a ShapeError (by rnn_forward itself: no rnn_step is called)
    if (!results_right(rnn_forward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_loop_of_hand_steps passes");
        return;
    }
    const arma::mat X(0, 5), W(4, 4, arma::fill::eye), U(4, 5, arma::fill::ones);
    const arma::rowvec h(4, arma::fill::zeros);
    const Result fits = attempt([&] { return result("H", attn::rnn_forward(X, W, U, h), kStates); });
    if (!unless_shape(fits, "H", 0, 4).empty()) {
        BOOST_TEST_MESSAGE("checked once no_positions_give_no_states passes");
        return;
    }
    const arma::mat W3(3, 3, arma::fill::eye), U3(4, 3, arma::fill::ones);
    const arma::rowvec h3(3, arma::fill::zeros);
    for (const auto& [what, call] : std::vector<std::pair<std::string, std::function<void()>>>{
             {"W 3x3", [&] { attn::rnn_forward(X, W3, U, h); }},
             {"U 4x3", [&] { attn::rnn_forward(X, W, U3, h); }},
             {"h_start 1x3", [&] { attn::rnn_forward(X, W, U, h3); }}}) {
        BOOST_TEST_MESSAGE("X 0x5 (no positions) with " << what << ", the other shapes fitting");
        if (refusal_of<attn::ShapeError>("rnn_forward", call, {"rnn_step"}).empty()) return;
    }
}

BOOST_AUTO_TEST_CASE(rejects_an_input_as_wide_as_u_is_not) {
    // X 2x5 with U 4x3: refused with a ShapeError, by rnn_forward or by the rnn_step it calls
    if (!results_right(rnn_forward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_loop_of_hand_steps passes");
        return;
    }
    const arma::mat W(4, 4, arma::fill::eye), U(4, 3, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>(
        "rnn_forward", [&] { attn::rnn_forward(arma::mat(2, 5, arma::fill::ones), W, U, arma::rowvec(4, arma::fill::zeros)); },
        {"rnn_step"});
    if (msg.empty()) return;
    BOOST_TEST((mentions(msg, "1x5") || mentions(msg, "2x5")),
               "X 2x5 with U 4x3: the message should give X's (or x_t's) shape; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== input_projections
BOOST_AUTO_TEST_SUITE(input_projections)

BOOST_AUTO_TEST_CASE(row_t_is_U_times_x_t) {
    // X 6x5 with U 4x5, and two square cases where the wrong products fit too
    input_projections_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(has_one_row_per_position_and_d_h_columns) {
    arma::arma_rng::set_seed(32);
    const arma::mat P = attn::input_projections(arma::randn(7, 3), arma::randn(2, 3));
    BOOST_TEST((P.n_rows == 7u && P.n_cols == 2u), "X 7x3 with U 2x3 gives 7x2 (L x d_h); got " << attn::shape_of(P));
}

BOOST_AUTO_TEST_CASE(no_positions_give_no_rows) {
    // X 0 x d_in, a sequence of no tokens, is not refused by the contract (only X and U of
    // different widths are): L = 0 rows come back, 0 x d_h
    if (!results_right(input_projections_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once row_t_is_U_times_x_t passes");
        return;
    }
    const Result got = attempt([] { return result("X U^T", attn::input_projections(arma::mat(0, 5), arma::mat(4, 5, arma::fill::ones)), kProjections); });
    if (refused_valid_input(got, "input_projections", "X 0x5 (no positions) with U 4x5")) return;
    if (got.threw == Threw::nothing && got.parts.at(0).value.n_rows == 0 && got.parts.at(0).value.n_cols == 0)
        return report(m::no_positions_lose_width);
    const std::string instead = unless_shape(got, "X U^T", 0, 4);
    BOOST_TEST(instead.empty(), "X 0x5 (no positions) with U 4x5 must give 0x4 without an error (the contract refuses only "
                                "X and U of different widths); got " << instead);
}

BOOST_AUTO_TEST_CASE(rejects_x_and_u_of_different_widths) {
    if (!results_right(input_projections_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once row_t_is_U_times_x_t passes");
        return;
    }
    arma::arma_rng::set_seed(33);
    const arma::mat X = arma::randn(6, 5), U = arma::randn(4, 5);
    const std::string msg = refusal_of<attn::ShapeError>(
        "input_projections", [&] { attn::input_projections(X, U.t()); }, {}, "X of 6x5 with U of 5x4");
    if (msg.empty()) return;
    BOOST_TEST(msg.find("6x5") != std::string::npos, "the message should give X's shape 6x5; got '" << msg << "'");
    // and with no positions: X 0x5 with U 4x3 still breaks the rule
    refusal_of<attn::ShapeError>("input_projections",
                                 [&] { attn::input_projections(arma::mat(0, 5), arma::mat(4, 3, arma::fill::ones)); }, {},
                                 "X of 0x5 (no positions) with U of 4x3");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== rnn_questions
BOOST_AUTO_TEST_SUITE(rnn_questions)

BOOST_AUTO_TEST_CASE(the_loop_works_on_one_position_at_a_time) {
    judge_answers(rnn_positions_diagnosis(), "positions the loop works on at once",
                  "position t waits for t - 1, so only one runs at a time; chapter 01, step 1");
}

BOOST_AUTO_TEST_CASE(attention_works_on_every_position_at_once) {
    judge_answers(attention_positions_diagnosis(), "positions one attention pass works on at once",
                  "no query row waits for another, so all of them; chapter 01, step 2");
}

BOOST_AUTO_TEST_CASE(path_lengths_in_the_loop_run_forwards_only) {
    judge_answers(rnn_path_diagnosis(), "rnn_path_length",
                  "one step per position, forwards only; kNeverReaches where j comes before i; chapter 01, step 4");
}

BOOST_AUTO_TEST_CASE(attention_links_every_pair_in_one_step) {
    judge_answers(attention_path_diagnosis(), "attention_path_length",
                  "one layer links any two positions directly, both ways; 0 from a position to itself; chapter 01, step 4");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== title_question
BOOST_AUTO_TEST_SUITE(title_question)

BOOST_AUTO_TEST_CASE(a_transformer_is_more_than_attention) {
    judge_answer<bool>("is attention the only kind of layer in a Transformer?", attn::transformer_is_attention_only(),
                       false, {{true, &m::thinks_transformer_is_attention_only}}, "");
}

BOOST_AUTO_TEST_CASE(the_title_removes_recurrence_and_convolution) {
    judge_answer<attn::TitleRemoves>("what may go, according to the title?", attn::what_the_title_removes(),
                                     attn::TitleRemoves::recurrence_and_convolution,
                                     {{attn::TitleRemoves::everything_but_attention, &m::thinks_the_title_drops_every_other_layer},
                                      {attn::TitleRemoves::word_order, &m::thinks_the_title_drops_word_order}},
                                     "the title is about what can be removed: recurrence and convolution (chapter 01)");
}

BOOST_AUTO_TEST_CASE(word_order_has_to_be_supplied) {
    judge_answer<bool>("without the loop, must word order be supplied some other way?", attn::word_order_must_be_added(),
                       true, {{false, &m::thinks_word_order_comes_for_free}}, "");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
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

BOOST_AUTO_TEST_CASE(attention_on_states_figure_holds_the_weights) {
    // Any 3x3 weights will do: the program computes them with chapter 06's
    // scaled_dot_product_attention, which this chapter's tests cannot link.
    const auto e = attn::rnn_loop_lab::example();
    const arma::mat A = {{0.5, 0.3, 0.2}, {0.1, 0.8, 0.1}, {0.25, 0.25, 0.5}};
    const auto fig = attn::rnn_loop_lab::attention_on_states_figure(A, e.tokens);
    const auto& h = std::get<attn::plot::Heatmap>(fig.panels.at(0));
    BOOST_TEST(matrices_close(h.values, A, 0.0, "the heatmap's values"));
    BOOST_TEST(h.row_labels.size() == 3u);
    BOOST_TEST(h.zmin == 0.0);
    BOOST_TEST(h.zmax == 1.0);
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(rnn_step) { rnn_step_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(rnn_forward) { rnn_forward_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(input_projections) { input_projections_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(rnn_questions) {
    rnn_positions_diagnosis().require_distinguishable();
    attention_positions_diagnosis().require_distinguishable();
    rnn_path_diagnosis().require_distinguishable();
    attention_path_diagnosis().require_distinguishable();
}

BOOST_AUTO_TEST_SUITE_END()
