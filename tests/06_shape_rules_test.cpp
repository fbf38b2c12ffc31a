// Chapter 06 tests: the shape rules of scaled dot-product attention.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's non-exercise code (src/labs/shape_rules_lab.cpp).
//
// Dimension legend: L_Q = query positions, L_K = key positions, d_k = width of a query
// and a key, d_v = width of a value.
//
// Expected values come from the loops of tests/support/oracles.hpp, never from the
// code under test. Each exercise's first check runs the learner's function on a few
// inputs and names the mistake behind a wrong result (tests/support/diagnosis.hpp);
// `distinguishable` proves that those inputs tell every two declared mistakes apart.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch06_shape_rules)

#include <cmath>
#include <functional>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "check_progress.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"
#include "labs/shape_rules_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using attn::Shape;
using attn::ShapeRule;
using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("scaled_dot_product_attention", attention_rules(true)) &&
    contract_rules("my_attention", attention_rules(false));

const Axes kWeights = axes("query", "key");
const Axes kOutput = axes("query", "feature");

// Random Q (L_Q x d_k), K (L_K x d_k) and V (L_K x d_v) from a fixed seed.
struct Random {
    arma::mat Q, K, V;
    Random(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v, int seed = 11) {
        arma::arma_rng::set_seed(seed);
        Q = arma::randn(L_Q, d_k);
        K = arma::randn(L_K, d_k);
        V = arma::randn(L_K, d_v);
    }
};


// ------------------------------------------------------------------ scaled_dot_product_attention
Result attention_result(const arma::mat& W, const arma::mat& Z) {
    return result("weights", W, kWeights).add("output", Z, kOutput);
}
Result attention_result(const AttentionByLoops& a) { return attention_result(a.weights, a.output); }

// Every natural wrong scaled_dot_product_attention(Q, K, V, mask) as variants of p: the
// slips of tests/support/families.hpp (the divisor, the wiring of the products, a
// softmax of the learner's own, the use of the mask), what is returned, and shape rules
// that are not rules. Where two shapes do not fit, Armadillo's error, as the learner's
// call would throw it; on an input without a mask, every way of using one is plain
// attention.
void sdpa_variants(Probe& p, const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const Result right = attention_result(attention_by_loops(Q, K, V, mask));
    const Finish attention = [&](AttentionWay w) -> Outcome {
        if (!mask.n_elem) w.mask = MaskUse::added;
        const std::string refused = refused_step(Q, K, V, mask, w);
        if (!refused.empty()) return Result::throws(Threw::armadillo_size, refused);
        const AttentionByLoops a = attention_by_loops(Q, K, V, mask, w);
        if (w.weights_as_output) return result("weights", a.weights, kWeights).add("output", a.weights, kWeights);
        return attention_result(a);
    };
    DivisorSlips divisors;
    divisors.fixed = true;
    divisors.after_softmax = true;
    add_divisor_slips(p,
                      DivisorSizes{static_cast<double>(K.n_cols), static_cast<double>(V.n_cols),
                                   static_cast<double>(K.n_rows), static_cast<double>(Q.n_rows)},
                      attention, divisors);
    WiringSlips wiring;
    wiring.ways = {Wiring::scores_k_q,  Wiring::scores_q_q,  Wiring::scores_q_times_k, Wiring::scores_qt_times_k,
                   Wiring::scores_kept, Wiring::output_at_v, Wiring::output_a_vt,      Wiring::output_a};
    add_attention_wiring_slips(p, attention, wiring);
    // each written out with and without the rule for a row of -inf (a row spread evenly
    // gives what hidden scores set to -1e9 give, and the mask's slip names both)
    SoftmaxSlips own;
    own.shift_by_row_min = false;
    own.nan_rows = true;
    own.table_unguarded = own.by_length_unguarded = true;
    own.again = true;  // softmax_rows(softmax_rows(S)), then times V
    add_softmax_slips(p, attention, own);
    // what a slip of the mask does to a finite entry other than 0 depends on how its body was
    // written (mask < 0, mask == 0, mask.replace(-inf, 0), ...): declared where the mask holds
    // only 0 and -infinity
    MaskSlips mask_uses;
    mask_uses.subtracted = true;
    if (arma::all(arma::vectorise(mask == 0.0 || mask == -arma::datum::inf))) add_mask_slips(p, mask, attention, mask_uses);
    p.variant(m::weights_not_returned, attention_result(arma::mat(), attention_by_loops(Q, K, V, mask).output));
    // the mask added before the division: (Q K^T + mask) / sqrt(d_k) is the attention of the
    // mask divided by sqrt(d_k) too, which only a finite entry other than 0 shows
    p.variant(m::mask_added_before_scaling,
              attention_result(attention_by_loops(Q, K, V, mask / std::sqrt(static_cast<double>(K.n_cols)))));
    add_finite_mask_entries_slips(p, mask, [&](const arma::mat& only) {
        return Outcome(attention_result(attention_by_loops(Q, K, V, only)));
    });
    // the mask added where there is none: Armadillo refuses S + (0x0), an index past the
    // end of the 0x0 mask in loops, or masked_softmax refuses its shapes
    if (mask.n_elem)
        p.variant(m::empty_mask_added, right);
    else
        p.variant_fitting(m::empty_mask_added, Result::throws(Threw::armadillo_size, "addition"), [](const Result& r) {
            return (r.threw == Threw::armadillo_size && mentions(r.message, "addition")) ||
                   r.threw == Threw::armadillo_index ||
                   (r.threw == Threw::shape_error && r.message.rfind("masked_softmax:", 0) == 0);
        });
    // sqrt(d_k) made a whole number by rounding up or to the nearest (families.hpp cuts it down)
    {
        const double root = std::sqrt(static_cast<double>(K.n_cols));
        AttentionWay up, nearest;
        up.divisor = std::ceil(root);
        nearest.divisor = std::round(root);
        declare(p, mistake_of(Divisor::truncated_sqrt), attention(up)).labelled("sqrt(d_k) rounded up");
        declare(p, mistake_of(Divisor::truncated_sqrt), attention(nearest)).labelled("sqrt(d_k) rounded to the nearest");
    }
    // shape rules that are not rules
    add_rule_slip(p, NotARule::l_q_equals_l_k, Q.n_rows == K.n_rows, right);
    add_rule_slip(p, NotARule::d_v_equals_d_k, V.n_cols == K.n_cols, right);
    // the mask checked against another shape than L_Q x L_K: the learner's own ShapeError about
    // the mask, where a mask is given and the sizes it compares differ
    const std::string fn = "scaled_dot_product_attention";
    const Outcome refused_mask{Result::throws(Threw::shape_error, fn + ": the mask"), [fn](const Result& r) {
                                   return r.threw == Threw::shape_error && r.message.rfind(fn + ":", 0) == 0 &&
                                          mentions(r.message, "mask");
                               }};
    const bool none = mask.n_rows == 0 && mask.n_cols == 0;
    declare(p, mistake_of(NotARule::mask_other_shape), none || mask.n_rows == mask.n_cols ? Outcome(right) : refused_mask)
        .labelled("a square mask required (L_Q x L_Q)");
    declare(p, mistake_of(NotARule::mask_other_shape), none || mask.n_cols == K.n_cols ? Outcome(right) : refused_mask)
        .labelled("mask.n_cols == K.n_cols (d_k) required");
}

// Q and K whose scaled scores (d_k 6) are the table T: Q K^T = T sqrt(6), with
// Q = T sqrt(6) (K K^T)^-1 K for a fixed random K.
std::pair<arma::mat, arma::mat> qk_with_scaled_scores(const arma::mat& T) {
    arma::arma_rng::set_seed(31);
    const arma::mat K = arma::randn(T.n_cols, 6);
    const arma::mat Q = T * std::sqrt(6.0) * arma::inv(K * K.t()) * K;
    return {Q, K};
}

// Positive Q and K (so that a mask multiplied in gives finite numbers), from a seed.
Random positive(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v, int seed) {
    Random r(L_Q, L_K, d_k, d_v, seed);
    r.Q = arma::abs(r.Q) + 0.1;
    r.K = arma::abs(r.K) + 0.1;
    return r;
}

// 4 queries over 5 keys: query 0 may not see keys 1 and 3, query 1 keys 0 (its first) and 4,
// query 2 no key at all, query 3 every key.
arma::mat rows_of_every_kind_mask() {
    arma::mat mk(4, 5, arma::fill::zeros);
    mk(0, 1) = mk(0, 3) = mk(1, 0) = mk(1, 4) = -INFINITY;
    mk.row(2).fill(-INFINITY);
    return mk;
}
// 4 tokens, causal, and key 1 also hidden from query 3 (so that the mask transposed shows).
arma::mat causal_and_more_mask() {
    arma::mat mk(4, 4, arma::fill::zeros);
    for (arma::uword i = 0; i < 4; ++i)
        for (arma::uword j = i + 1; j < 4; ++j) mk(i, j) = -INFINITY;
    mk(3, 1) = -INFINITY;
    return mk;
}

// 3 queries over 4 keys: an additive mask of finite entries besides 0 (the contract adds any
// number but NaN and +infinity), and key 2 hidden from query 1.
arma::mat finite_entries_mask() {
    arma::mat mk = {{-3.0, 0.0, 2.0, -1.5}, {1.0, -2.5, 0.0, 0.5}, {0.0, 0.75, -1.0, 3.0}};
    mk(1, 2) = -INFINITY;
    return mk;
}

Diagnosis scaled_dot_product_attention_diagnosis() {
    Diagnosis d("scaled_dot_product_attention");
    const Random square(5, 5, 8, 6), all_sizes(3, 5, 6, 2, 17);
    const auto [Qf, Kf] = qk_with_scaled_scores(arma::mat{{0.3, -0.5, 1.2, 0.8}, {1000.0, 1002.0, 1001.5, 999.0}, {1500.0, 0.5, -0.5, 1.0}});
    arma::arma_rng::set_seed(23);
    const arma::mat Vf = arma::randn(4, 3);
    const Random every_kind = positive(4, 5, 3, 3, 19), causal = positive(4, 4, 9, 4, 29), finite = positive(3, 4, 4, 2, 37);
    const std::vector<std::tuple<std::string, arma::mat, arma::mat, arma::mat, arma::mat>> inputs = {
        {"5 queries, 5 keys, d_k 8, d_v 6, no mask", square.Q * 1.5, square.K, square.V, arma::mat()},
        {"3 queries, 5 keys, d_k 6, d_v 2, no mask", all_sizes.Q * 2.0, all_sizes.K, all_sizes.V, arma::mat()},
        {"3 queries, 4 keys, d_k 6, d_v 3, no mask, scaled scores near 0, near 1000, and one 1500 above its row", Qf,
         Kf, Vf, arma::mat()},
        {"4 queries, 5 keys, d_k 3, d_v 3, positive scores, keys 1 and 3 hidden from query 0, keys 0 and 4 from query 1, "
         "every key from query 2",
         every_kind.Q, every_kind.K, every_kind.V, rows_of_every_kind_mask()},
        {"4 queries, 4 keys, d_k 9, d_v 4, positive scores under a causal mask, key 1 also hidden from query 3",
         causal.Q * 2.0, causal.K, causal.V, causal_and_more_mask()},
        {"3 queries, 4 keys, d_k 4, d_v 2, a mask of finite entries (-3, -1.5, 2, ...) besides 0, and key 2 hidden "
         "from query 1",
         finite.Q * 1.5, finite.K, finite.V, finite_entries_mask()}};
    for (const auto& [input, Q, K, V, M] : inputs) {
        const arma::mat q = Q, k = K, v = V, mk = M;
        Probe& p = d.probe(input,
                           [q, k, v, mk] {
                               const attn::AttentionResult r = mk.n_elem ? attn::scaled_dot_product_attention(q, k, v, mk)
                                                                         : attn::scaled_dot_product_attention(q, k, v);
                               return attention_result(r.weights, r.output);
                           },
                           attention_result(attention_by_loops(q, k, v, mk)));
        sdpa_variants(p, q, k, v, mk);
        p.quantity("d_k", static_cast<double>(k.n_cols))
            .quantity("d_v", static_cast<double>(v.n_cols))
            .quantity("L_K", static_cast<double>(k.n_rows))
            .quantity("L_Q", static_cast<double>(q.n_rows));
        if (mk.n_elem) p.region("the hidden keys", "weights", arma::conv_to<arma::umat>::from(mk == -arma::datum::inf));
    }
    return d;
}

// ------------------------------------------------------------------ attention_shapes
// A shape as a result part: 1x2, rows then columns.
const Axes kShape = entries("size (0: rows, 1: columns)");
arma::mat as_matrix(const Shape& s) { return arma::mat{{static_cast<double>(s.rows), static_cast<double>(s.cols)}}; }
Result shapes_result(const Shape& scores, const Shape& weights, const Shape& output) {
    return result("scores", as_matrix(scores), kShape).add("weights", as_matrix(weights), kShape).add("output", as_matrix(output), kShape);
}

Diagnosis attention_shapes_diagnosis() {
    Diagnosis d("attention_shapes");
    const std::vector<std::tuple<arma::uword, arma::uword, arma::uword, arma::uword>> inputs = {
        {7, 12, 64, 64}, {3, 5, 16, 8}, {2, 9, 3, 5},
        // keys as many as they are wide (d_k = L_K): Q times K without the transpose fits here
        {4, 6, 6, 3}};
    for (const auto& [L_Q, L_K, d_k, d_v] : inputs) {
        const arma::uword lq = L_Q, lk = L_K, dk = d_k, dv = d_v;
        const std::string input = "L_Q " + std::to_string(lq) + ", L_K " + std::to_string(lk) + ", d_k " +
                                  std::to_string(dk) + ", d_v " + std::to_string(dv);
        const Shape scores{lq, lk}, output{lq, dv};
        Probe& p = d.probe(input,
                           [lq, lk, dk, dv] {
                               const attn::AttentionShapes s = attn::attention_shapes(lq, lk, dk, dv);
                               return shapes_result(s.scores, s.weights, s.output);
                           },
                           shapes_result(scores, scores, output));
        // the wiring's K Q^T and A for A V (tests/support/families.hpp), as the shapes they give
        p.variant(mistake_of(Wiring::scores_k_q), shapes_result({lk, lq}, {lk, lq}, output))
            .labelled("scores and weights L_K x L_Q");
        p.variant(mistake_of(Wiring::scores_k_q), shapes_result({lk, lq}, scores, output)).labelled("scores L_K x L_Q");
        p.variant(mistake_of(Wiring::output_a), shapes_result(scores, scores, {lq, lk}));
        p.variant(m::output_width_d_k, shapes_result(scores, scores, {lq, dk}));
        p.variant(m::output_shape_of_v, shapes_result(scores, scores, {lk, dv}));
        p.variant(m::output_shape_transposed, shapes_result(scores, scores, {dv, lq}));
        p.variant(m::scores_shape_keeps_inner_size, shapes_result({lq, dk}, scores, output)).labelled("scores L_Q x d_k");
        p.variant(m::scores_shape_keeps_inner_size, shapes_result({lq, dk}, {lq, dk}, output))
            .labelled("scores and weights L_Q x d_k");
        p.variant(m::scores_shape_from_features, shapes_result({dk, dk}, {dk, dk}, output)).labelled("scores and weights");
        p.variant(m::scores_shape_from_features, shapes_result({dk, dk}, scores, output)).labelled("the scores");
        p.variant(m::scores_shape_of_the_output, shapes_result(output, scores, output));
        p.variant(m::weights_one_per_query, shapes_result(scores, {lq, 1}, output));
        p.variant(m::output_pooled_into_one_row, shapes_result(scores, scores, {1, dv}));
        p.variant(m::weights_shared_by_all_queries, shapes_result(scores, {1, lk}, output));
        // the scores' shape as the product Q K, without the transpose: (L_Q x d_k) times (L_K x d_k)
        // fits only where d_k = L_K (then L_Q x d_k, the right shape); elsewhere a product helper of the
        // learner's gives 0x0 for shapes that do not fit, and the weights and the output follow (0x0,
        // no rows, or the output's shape written from the sizes)
        {
            const Shape none{0, 0};
            const Result example = shapes_result(none, none, none);
            const Result right = shapes_result(scores, scores, output);
            if (dk == lk) {
                p.variant(mistake_of(Wiring::scores_q_times_k), right).labelled("a product helper's 0x0");
            } else {
                p.variant_fitting(mistake_of(Wiring::scores_q_times_k), example,
                                  [lq, dv, output](const Result& r) {
                                      if (r.threw != Threw::nothing || r.parts.size() != 3) return false;
                                      const arma::mat zero(1, 2, arma::fill::zeros);
                                      const arma::mat no_rows = {{0.0, static_cast<double>(dv)}};
                                      auto is = [&](int k, const arma::mat& m) { return agree(r.parts[k].value, m, 0.0); };
                                      return is(0, zero) && (is(1, zero)) &&
                                             (is(2, zero) || is(2, no_rows) || is(2, as_matrix(output)));
                                  })
                    .labelled("a product helper's 0x0");
            }
        }
        // a square table, of the queries by the queries or of the keys by the keys
        p.variant(m::shape_assumes_self_attention, shapes_result(scores, {lq, lq}, output),
                  "the weights were given L_Q x L_Q");
        p.variant(m::shape_assumes_self_attention, shapes_result({lq, lq}, {lq, lq}, output),
                  "the scores and the weights were given L_Q x L_Q");
        p.variant(m::shape_assumes_self_attention, shapes_result(scores, {lk, lk}, output),
                  "the weights were given L_K x L_K");
        p.variant(m::shape_assumes_self_attention, shapes_result({lk, lk}, {lk, lk}, output),
                  "the scores and the weights were given L_K x L_K");
    }
    return d;
}

// ------------------------------------------------------------------ check_attention_shapes
// The messages of the two rules, as require_shapes writes them, for the function "my_attention".
std::string width_message(const arma::mat& Q, const arma::mat& K) {
    return std::string("my_attention: ") + attn::kRuleSameWidth + "; got Q " + attn::shape_of(Q) + " and K " +
           attn::shape_of(K);
}
std::string length_message(const arma::mat& K, const arma::mat& V) {
    return std::string("my_attention: ") + attn::kRuleSameLength + "; got K " + attn::shape_of(K) + " and V " +
           attn::shape_of(V);
}

// What check_attention_shapes("my_attention", Q, K, V) throws, by the rules in order;
// `width_first` false: the length rule first.
Result checked(const arma::mat& Q, const arma::mat& K, const arma::mat& V, bool width = true, bool length = true,
               bool width_first = true) {
    const bool w = width && Q.n_cols != K.n_cols, l = length && K.n_rows != V.n_rows;
    if (w && (width_first || !l)) return Result::throws(Threw::shape_error, width_message(Q, K));
    if (l) return Result::throws(Threw::shape_error, length_message(K, V));
    return Result{};
}

// Whether msg gives the matrix `name` with its shape, in any format: the name, then a few
// characters that are no letter or digit ("Q 7x64", "Q=7x64", "Q: 7x64", "Q (7x64)"), then rows x
// cols (with or without spaces round the x).
bool gives_shape(const std::string& msg, const std::string& name, const arma::mat& M) {
    const std::regex re("(^|[^A-Za-z0-9_])" + name + "[^A-Za-z0-9]{0,4}" + std::to_string(M.n_rows) + " ?[xX*] ?" +
                        std::to_string(M.n_cols) + "($|[^0-9])");
    return std::regex_search(msg, re);
}
// Whether msg holds the shape of M at all, under any name or none.
bool holds_shape(const std::string& msg, const arma::mat& M) {
    const std::regex re("(^|[^0-9])" + std::to_string(M.n_rows) + " ?[xX*] ?" + std::to_string(M.n_cols) + "($|[^0-9])");
    return std::regex_search(msg, re);
}

// A ShapeError whose message satisfies `ok`.
std::function<bool(const Result&)> shape_error_where(std::function<bool(const std::string&)> ok) {
    return [ok](const Result& r) { return r.threw == Threw::shape_error && ok(r.message); };
}

void check_variants(Probe& p, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const Result right = checked(Q, K, V);
    const bool valid = right.threw == Threw::nothing;
    // an extra rule: the right result where its sizes agree; on shapes that break no rule, a
    // refusal in words of its own (the two rules' own messages are a rule on the wrong
    // dimension, below)
    auto extra = [&](NotARule rule, bool holds, const std::string& example) {
        if (holds || valid) {
            const std::string w = width_message(Q, K), l = length_message(K, V);
            add_rule_slip(p, rule, holds, right,
                          Outcome(Result::throws(Threw::shape_error, example),
                                  shape_error_where([w, l](const std::string& s) { return s != w && s != l; })));
        }
    };
    extra(NotARule::l_q_equals_l_k, Q.n_rows == K.n_rows,
          "my_attention: Q and K must have the same length; got Q " + attn::shape_of(Q) + " and K " + attn::shape_of(K));
    extra(NotARule::d_v_equals_d_k, K.n_cols == V.n_cols,
          "my_attention: K and V must have the same width; got K " + attn::shape_of(K) + " and V " + attn::shape_of(V));
    // an extra rule written into a rule's own condition, with that rule's message
    // (Q.n_cols == K.n_cols && Q.n_rows == K.n_rows under the width rule)
    {
        const Result width = Result::throws(Threw::shape_error, width_message(Q, K));
        const Result length = Result::throws(Threw::shape_error, length_message(K, V));
        declare(p, mistake_of(NotARule::l_q_equals_l_k), Q.n_rows == K.n_rows ? Outcome(right) : Outcome(width))
            .labelled("L_Q = L_K in the width rule's condition");
        declare(p, mistake_of(NotARule::d_v_equals_d_k),
                K.n_cols == V.n_cols ? Outcome(right) : Outcome(Q.n_cols != K.n_cols ? width : length))
            .labelled("d_v = d_k in the length rule's condition");
    }
    p.variant(m::width_rule_missing, checked(Q, K, V, false, true));
    p.variant(m::length_rule_missing, checked(Q, K, V, true, false));
    refusal_variants(p, right, !valid);  // not refused, or refused but not with attn::ShapeError
    p.variant(m::shape_rules_checked_in_wrong_order, checked(Q, K, V, true, true, false));
    // a rule on the wrong dimension: the width rule on anything but the columns of Q and K (their
    // rows, or Q's columns against K's rows as in Q K without the transpose), the length rule on
    // anything but the rows of K and V, or on Q and K; the other rule right
    {
        const bool width_right = Q.n_cols != K.n_cols, length_right = K.n_rows != V.n_rows;
        const auto by = [&](bool width_broken, bool length_broken) {
            return width_broken ? Result::throws(Threw::shape_error, width_message(Q, K))
                   : length_broken ? Result::throws(Threw::shape_error, length_message(K, V))
                                   : Result{};
        };
        const std::tuple<bool, bool, const char*> ways[] = {
            {Q.n_rows != K.n_rows, length_right, "Q.n_rows == K.n_rows for the width"},
            {Q.n_cols != K.n_rows, length_right, "Q.n_cols == K.n_rows for the width"},
            {Q.n_rows != K.n_cols, length_right, "Q.n_rows == K.n_cols for the width"},
            {width_right, K.n_cols != V.n_cols, "K.n_cols == V.n_cols for the length"},
            {width_right, K.n_rows != V.n_cols, "K.n_rows == V.n_cols for the length"},
            {width_right, K.n_cols != V.n_rows, "K.n_cols == V.n_rows for the length"},
            {width_right, Q.n_rows != K.n_rows, "Q.n_rows == K.n_rows for the length"},
            // another matrix compared than the two the message names: V's width for K's, Q's
            // length for K's
            {Q.n_cols != V.n_cols, length_right, "Q.n_cols == V.n_cols for the width"},
            {width_right, Q.n_rows != V.n_rows, "Q.n_rows == V.n_rows for the length"}};
        for (const auto& [w, l, how] : ways) p.variant(m::shape_rule_wrong_dimension, by(w, l)).labelled(how);
    }
    // both rules in one condition, with the width rule's message (with the length rule's,
    // it gives what the rules in the wrong order give where it matters)
    p.variant(m::shape_rules_merged, Q.n_cols != K.n_cols || K.n_rows != V.n_rows
                                         ? Result::throws(Threw::shape_error, width_message(Q, K))
                                         : Result{});
    // a message wrong in one of its parts, in the width rule's, the length rule's or both: a
    // rule whose message is right here gives the right result
    const std::string want = right.message;
    const bool width_here = mentions(want, attn::kRuleSameWidth);
    const std::string rule = width_here ? attn::kRuleSameWidth : attn::kRuleSameLength;
    const std::string other_rule = width_here ? attn::kRuleSameLength : attn::kRuleSameWidth;
    const std::string shapes = valid ? "" : want.substr(want.find("; got "));
    const std::string tail = valid ? "" : want.substr(std::string("my_attention: ").size());
    // the message with the rule's two matrices named the other way round
    const std::string other_order =
        width_here ? "my_attention: " + rule + "; got K " + attn::shape_of(K) + " and Q " + attn::shape_of(Q)
                   : "my_attention: " + rule + "; got V " + attn::shape_of(V) + " and K " + attn::shape_of(K);
    // the rule's two matrices, as the contract names them
    const std::string first_name = width_here ? "Q" : "K", second_name = width_here ? "K" : "V";
    const arma::mat first = width_here ? Q : K, second = width_here ? K : V;
    const auto both_given = [=](const std::string& msg) {
        return gives_shape(msg, first_name, first) && gives_shape(msg, second_name, second);
    };
    struct Slip {
        const Mistake* mistake;
        std::string example;
        std::function<bool(const std::string&)> ok;
    };
    const Slip slips[] = {
        // the right rule and function, other matrices named
        {&m::shape_rule_names_wrong_matrices,
         "my_attention: " + rule + "; got Q " + attn::shape_of(Q) + " and V " + attn::shape_of(V),
         [=](const std::string& msg) {
             return msg.rfind("my_attention: " + rule + "; got ", 0) == 0 && msg != want && msg != other_order &&
                    !both_given(msg);
         }},
        // the right rule and both matrices with their shapes, in a format of the learner's own
        {&m::shape_error_in_a_format_of_its_own,
         "my_attention: " + rule + " (" + first_name + " " + attn::shape_of(first) + ", " + second_name + " " +
             attn::shape_of(second) + ")",
         [=](const std::string& msg) {
             return msg.rfind("my_attention: " + rule, 0) == 0 && msg != want && msg != other_order && both_given(msg);
         }},
        // the right rule and matrices, named the other way round
        {&m::shape_rule_names_in_the_other_order, other_order,
         [=](const std::string& msg) { return msg == other_order; }},
        // the right function, the rule in other words
        {&m::shape_rule_worded_differently, "my_attention: the widths of Q and K differ" + shapes,
         [](const std::string& msg) {
             return msg.rfind("my_attention: ", 0) == 0 && !mentions(msg, attn::kRuleSameWidth) &&
                    !mentions(msg, attn::kRuleSameLength);
         }},
        // the right rule and shapes under another name
        {&m::function_name_not_passed_through, "check_attention_shapes: " + tail,
         [=](const std::string& msg) { return msg.rfind("my_attention:", 0) != 0 && mentions(msg, tail); }},
        // the other rule's words with this rule's shapes (a require_shapes line copied)
        {&m::shape_rule_text_of_the_other_rule, "my_attention: " + other_rule + shapes,
         [=](const std::string& msg) { return msg == "my_attention: " + other_rule + shapes; }},
        // the function and the rule, and no "; got ..." with the shapes (the example is no
        // prefix of another's: a variant's message is a text the result's must contain)
        {&m::shape_error_without_shapes, "my_attention: " + rule + " (and no shapes)",
         [=](const std::string& msg) {
             return msg.rfind("my_attention: " + rule, 0) == 0 && !mentions(msg, "; got ") &&
                    !holds_shape(msg, first) && !holds_shape(msg, second);
         }}};
    // a pair handed to require_shapes with the third matrix under a rule matrix's name ({"K", V} in
    // the width rule, {"K", Q} in the length rule): its message is the right one where the two have
    // the same shape
    {
        const Result w = Q.n_cols != K.n_cols
                             ? Result::throws(Threw::shape_error, std::string("my_attention: ") + attn::kRuleSameWidth +
                                                                      "; got Q " + attn::shape_of(Q) + " and K " +
                                                                      attn::shape_of(V))
                             : right;
        p.variant(m::shape_rule_names_wrong_matrices, w).labelled("{\"K\", V} in the width rule");
        const Result l = Q.n_cols == K.n_cols && K.n_rows != V.n_rows
                             ? Result::throws(Threw::shape_error, std::string("my_attention: ") + attn::kRuleSameLength +
                                                                      "; got K " + attn::shape_of(Q) + " and V " +
                                                                      attn::shape_of(V))
                             : right;
        p.variant(m::shape_rule_names_wrong_matrices, l).labelled("{\"K\", Q} in the length rule");
    }
    for (const Slip& sl : slips)
        for (const char* where : {"in the width rule", "in the length rule", "in both rules"}) {
            const bool here = !valid && (std::string(where) == "in both rules" ||
                                         (std::string(where) == "in the width rule") == width_here);
            if (here) p.variant_fitting(*sl.mistake, Result::throws(Threw::shape_error, sl.example), shape_error_where(sl.ok));
            else p.variant(*sl.mistake, right);
            p.labelled(where);
        }
}

Diagnosis check_attention_shapes_diagnosis() {
    Diagnosis d("check_attention_shapes", "my_attention");  // the calls pass the name "my_attention"
    auto m_ = [](arma::uword r, arma::uword c) { return arma::mat(r, c, arma::fill::zeros); };
    const std::vector<std::tuple<std::string, arma::mat, arma::mat, arma::mat>> inputs = {
        {"Q 7x64, K 12x64, V 12x64 (fewer queries than keys)", m_(7, 64), m_(12, 64), m_(12, 64)},
        {"Q 12x64, K 12x64, V 12x32 (values narrower than keys)", m_(12, 64), m_(12, 64), m_(12, 32)},
        {"Q 7x64, K 12x64, V 12x32 (both free sizes differ)", m_(7, 64), m_(12, 64), m_(12, 32)},
        {"Q 7x64, K 12x32, V 12x64 (the widths differ)", m_(7, 64), m_(12, 32), m_(12, 64)},
        {"Q 12x64, K 12x32, V 12x64 (the widths differ, the lengths of Q and K agree)", m_(12, 64), m_(12, 32), m_(12, 64)},
        {"Q 7x64, K 12x64, V 10x64 (the lengths of K and V differ)", m_(7, 64), m_(12, 64), m_(10, 64)},
        {"Q 10x64, K 12x64, V 10x64 (K and V differ in length, Q and V agree)", m_(10, 64), m_(12, 64), m_(10, 64)},
        {"Q 7x64, K 12x32, V 10x64 (both rules broken)", m_(7, 64), m_(12, 32), m_(10, 64)},
        {"Q 7x64, K 12x64, V 14x64 (V longer than K)", m_(7, 64), m_(12, 64), m_(14, 64)},
        // no rule asks for a query or a key: empty sequences keep both rules
        {"Q 0x64, K 12x64, V 12x64 (no query)", m_(0, 64), m_(12, 64), m_(12, 64)},
        {"Q 7x64, K 0x64, V 0x32 (no key, no value)", m_(7, 64), m_(0, 64), m_(0, 32)},
        // ... and an empty matrix still breaks a rule: a check that skips empty input misses it
        {"Q 7x64, K 12x64, V 0x64 (no value for 12 keys)", m_(7, 64), m_(12, 64), m_(0, 64)},
        {"Q 0x32, K 12x64, V 12x64 (no query, but of another width)", m_(0, 32), m_(12, 64), m_(12, 64)}};
    for (const auto& [input, Q, K, V] : inputs) {
        const arma::mat q = Q, k = K, v = V;
        Probe& p = d.probe("check_attention_shapes(\"my_attention\", ...) with " + input,
                           [q, k, v] {
                               attn::check_attention_shapes("my_attention", q, k, v);
                               return Result{};
                           },
                           checked(q, k, v));
        check_variants(p, q, k, v);
    }
    return d;
}

// ------------------------------------------------------------------ shape_questions
// rule_broken_by: the rule as a one-entry sequence (0 none, 1 width, 2 length), so
// that no relation of numbers is read into it.
Result rule_result(ShapeRule r) {
    return tokens("the rule broken (0 none, 1 same_width_q_k, 2 same_length_k_v)", {static_cast<arma::uword>(r)});
}
enum class RuleSlip { none, length_first, width_on_rows, width_q_cols_k_rows, length_on_cols, length_k_rows_v_cols,
                      length_on_q_k, no_width, no_length, extra_lq, extra_dv };
// The rule by the natural ways of writing it; `extra_says`: what an extra rule reports.
ShapeRule rule_by(Shape Q, Shape K, Shape V, RuleSlip slip, ShapeRule extra_says = ShapeRule::same_width_q_k) {
    const bool width = slip == RuleSlip::width_on_rows         ? Q.rows != K.rows
                       : slip == RuleSlip::width_q_cols_k_rows ? Q.cols != K.rows
                                                               : Q.cols != K.cols;
    const bool length = slip == RuleSlip::length_on_cols         ? K.cols != V.cols
                        : slip == RuleSlip::length_k_rows_v_cols ? K.rows != V.cols
                        : slip == RuleSlip::length_on_q_k        ? Q.rows != K.rows
                                                                 : K.rows != V.rows;
    const bool check_width = slip != RuleSlip::no_width, check_length = slip != RuleSlip::no_length;
    if (slip == RuleSlip::length_first && length) return ShapeRule::same_length_k_v;
    if (check_width && width) return ShapeRule::same_width_q_k;
    if (check_length && length) return ShapeRule::same_length_k_v;
    if (slip == RuleSlip::extra_lq && Q.rows != K.rows) return extra_says;
    if (slip == RuleSlip::extra_dv && K.cols != V.cols) return extra_says;
    return ShapeRule::none;
}

Diagnosis rule_broken_by_diagnosis() {
    Diagnosis d("shape_questions");
    const std::vector<std::tuple<Shape, Shape, Shape>> inputs = {
        {{7, 64}, {12, 32}, {12, 64}},  {{12, 64}, {12, 32}, {12, 64}}, {{7, 64}, {12, 64}, {10, 64}},
        {{12, 64}, {12, 64}, {10, 64}}, {{7, 64}, {12, 64}, {12, 64}},  {{12, 64}, {12, 64}, {12, 32}},
        {{7, 64}, {12, 64}, {12, 32}},  {{7, 64}, {12, 32}, {10, 64}}};
    for (const auto& [Q, K, V] : inputs) {
        const Shape q = Q, k = K, v = V;
        const std::string input = "rule_broken_by(Q " + attn::to_string(q) + ", K " + attn::to_string(k) + ", V " +
                                  attn::to_string(v) + ")";
        Probe& p = d.probe(input, [q, k, v] { return rule_result(attn::rule_broken_by(q, k, v)); },
                           rule_result(rule_by(q, k, v, RuleSlip::none)));
        auto as = [&](RuleSlip s, ShapeRule says = ShapeRule::same_width_q_k) { return rule_result(rule_by(q, k, v, s, says)); };
        p.variant(m::shape_rules_checked_in_wrong_order, as(RuleSlip::length_first))
            .variant(m::shape_rule_wrong_dimension, as(RuleSlip::width_on_rows))
            .labelled("Q.rows != K.rows for the width")
            .variant(m::shape_rule_wrong_dimension, as(RuleSlip::width_q_cols_k_rows))
            .labelled("Q.cols != K.rows for the width")
            .variant(m::shape_rule_wrong_dimension, as(RuleSlip::length_k_rows_v_cols))
            .labelled("K.rows != V.cols for the length")
            .variant(m::shape_rule_wrong_dimension, as(RuleSlip::length_on_cols))
            .labelled("K.cols != V.cols for the length")
            .variant(m::shape_rule_wrong_dimension, as(RuleSlip::length_on_q_k))
            .labelled("Q.rows != K.rows for the length")
            .variant(m::width_rule_missing, as(RuleSlip::no_width))
            .variant(m::length_rule_missing, as(RuleSlip::no_length))
            .variant(mistake_of(NotARule::l_q_equals_l_k), as(RuleSlip::extra_lq, ShapeRule::same_width_q_k))
            .labelled("reported as the width rule")
            .variant(mistake_of(NotARule::l_q_equals_l_k), as(RuleSlip::extra_lq, ShapeRule::same_length_k_v))
            .labelled("reported as the length rule")
            .variant(mistake_of(NotARule::d_v_equals_d_k), as(RuleSlip::extra_dv, ShapeRule::same_width_q_k))
            .labelled("reported as the width rule")
            .variant(mistake_of(NotARule::d_v_equals_d_k), as(RuleSlip::extra_dv, ShapeRule::same_length_k_v))
            .labelled("reported as the length rule");
    }
    return d;
}

// inner_dimensions_with_transposed_scores(L_Q, L_K, d_v) = {L_Q, L_K}.
Result pair_result(arma::uword a, arma::uword b) {
    return tokens("the pair {columns of the wrong-way scores, rows of V}", {a, b});
}
Diagnosis inner_dimensions_diagnosis() {
    Diagnosis d("shape_questions");
    const std::vector<std::tuple<arma::uword, arma::uword, arma::uword>> inputs = {{7, 12, 64}, {3, 5, 2}, {4, 9, 6}};
    for (const auto& [L_Q, L_K, d_v] : inputs) {
        const arma::uword lq = L_Q, lk = L_K, dv = d_v;
        const std::string input = "inner_dimensions_with_transposed_scores(L_Q " + std::to_string(lq) + ", L_K " +
                                  std::to_string(lk) + ", d_v " + std::to_string(dv) + ")";
        Probe& p = d.probe(input,
                           [lq, lk, dv] {
                               const auto got = attn::inner_dimensions_with_transposed_scores(lq, lk, dv);
                               return pair_result(got.first, got.second);
                           },
                           pair_result(lq, lk));
        p.variant(m::inner_dimensions_swapped, pair_result(lk, lq))
            .variant(m::transposed_scores_misread, pair_result(lk, lk))
            .variant(m::rows_of_v_misread, pair_result(lq, dv));
    }
    return d;
}

}  // namespace

// ==================================================================== scaled_dot_product_attention
BOOST_AUTO_TEST_SUITE(scaled_dot_product_attention)

BOOST_AUTO_TEST_CASE(weights_and_output_match_loops_for_every_size_and_mask) {
    // square; L_Q, L_K, d_k, d_v all different; scores far apart; two masks with hidden keys
    scaled_dot_product_attention_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(accepts_more_keys_than_queries_and_returns_one_row_per_query) {
    const Random r(7, 12, 64, 64);
    const arma::mat Z = attn::scaled_dot_product_attention(r.Q, r.K, r.V).output;
    BOOST_TEST(Z.n_rows == 7u, "7 queries give 7 output rows; got " << Z.n_rows);
    BOOST_TEST(Z.n_cols == 64u, "d_v = 64 gives 64 output columns; got " << Z.n_cols);
    BOOST_TEST(matrices_close(Z, attention_by_loops(r.Q, r.K, r.V).output, 1e-12, "Z (7 queries over 12 keys)", kOutput));
}

BOOST_AUTO_TEST_CASE(accepts_values_narrower_than_keys) {
    const Random r(3, 5, 6, 2);
    BOOST_TEST(matrices_close(attn::scaled_dot_product_attention(r.Q, r.K, r.V).output,
                              attention_by_loops(r.Q, r.K, r.V).output, 1e-12, "Z with d_v = 2, d_k = 6", kOutput));
}

BOOST_AUTO_TEST_CASE(divides_by_sqrt_dk_not_by_dk_or_nothing) {
    // Q K^T = 8 on key 0 and 0 on key 1, d_k = 4: scaled scores 4 and 0.
    const arma::mat Q = {{2, 2, 2, 2}};
    const arma::mat K = {{1, 1, 1, 1}, {0, 0, 0, 0}};
    const arma::mat V = arma::mat{1.0, 0.0}.t();
    const double w0 = std::exp(4.0) / (std::exp(4.0) + 1.0);
    const arma::mat Z = attn::scaled_dot_product_attention(Q, K, V).output;
    BOOST_REQUIRE_MESSAGE(Z.n_rows == 1u && Z.n_cols == 1u, "1 query and values 1 wide give a 1x1 output; got " << attn::shape_of(Z));
    BOOST_TEST(std::abs(Z(0, 0) - w0) < 1e-12,
               "weight on key 0 should be e^4/(e^4+1) = " << w0 << " (divide by sqrt(4) = 2); got " << Z(0, 0));
}

BOOST_AUTO_TEST_CASE(shuffling_keys_with_their_values_changes_nothing) {
    const Random r(4, 6, 5, 3);
    const arma::uvec perm = {3, 0, 5, 1, 4, 2};
    const arma::mat a = attn::scaled_dot_product_attention(r.Q, r.K, r.V).output;
    const arma::mat b = attn::scaled_dot_product_attention(r.Q, r.K.rows(perm), r.V.rows(perm)).output;
    BOOST_TEST(matrices_close(b, a, 1e-12, "Z after shuffling key-value pairs", kOutput));
}

BOOST_AUTO_TEST_CASE(returns_the_weights_it_spent_on_the_values) {
    const Random r(7, 12, 8, 5);
    const attn::AttentionResult got = attn::scaled_dot_product_attention(r.Q, r.K, r.V);
    BOOST_REQUIRE_MESSAGE(got.weights.n_rows == 7u && got.weights.n_cols == 12u,
                          "the weights are L_Q x L_K = 7x12; got " << attn::shape_of(got.weights));
    for (arma::uword i = 0; i < 7; ++i)
        BOOST_TEST(std::abs(arma::accu(got.weights.row(i)) - 1.0) < 1e-12,
                   "query " << i << "'s weights sum to " << arma::accu(got.weights.row(i)) << " over the keys, not 1");
    BOOST_TEST(matrices_close(got.output, product_by_loops(got.weights, r.V), 1e-12,
                              "output (it must be the weights times V)", kOutput));
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero_weight_and_the_rest_share_the_budget) {
    const Random r(3, 4, 6, 2);
    arma::mat mask(3, 4, arma::fill::zeros);
    mask(0, 1) = mask(0, 3) = mask(2, 0) = -INFINITY;
    const attn::AttentionResult got = attn::scaled_dot_product_attention(r.Q, r.K, r.V, mask);
    BOOST_REQUIRE_MESSAGE(got.weights.n_rows == 3u && got.weights.n_cols == 4u,
                          "the weights are L_Q x L_K = 3x4; got " << attn::shape_of(got.weights));
    BOOST_TEST(got.weights(0, 1) == 0.0, "key 1 is masked for query 0: its weight must be exactly 0");
    BOOST_TEST(got.weights(0, 3) == 0.0, "key 3 is masked for query 0: its weight must be exactly 0");
    BOOST_TEST(got.weights(2, 0) == 0.0, "key 0 is masked for query 2: its weight must be exactly 0");
    // Query 0 sees keys 0 and 2 only: exactly the attention of Q row 0 over those two keys.
    const arma::uvec seen = {0, 2};
    const arma::mat alone = attention_by_loops(r.Q.rows(0, 0), r.K.rows(seen), arma::eye(2, 2)).weights;
    BOOST_TEST(std::abs(got.weights(0, 0) - alone(0, 0)) < 1e-12,
               "query 0's weight on key 0 should be " << alone(0, 0) << " (mask added to the scores before the "
                                                      << "softmax); got " << got.weights(0, 0));
}

BOOST_AUTO_TEST_CASE(a_query_that_may_see_no_key_gets_zero_weights_and_a_zero_output_row) {
    const Random r(2, 3, 4, 2);
    arma::mat mask(2, 3, arma::fill::zeros);
    mask.row(0).fill(-INFINITY);
    const attn::AttentionResult got = attn::scaled_dot_product_attention(r.Q, r.K, r.V, mask);
    BOOST_REQUIRE_MESSAGE(got.weights.n_rows == 2u && got.output.n_rows == 2u,
                          "2 queries give 2 rows of weights and of output; got " << attn::shape_of(got.weights) << " and "
                                                                                 << attn::shape_of(got.output));
    BOOST_TEST(arma::all(arma::vectorise(got.weights.row(0) == 0.0)),
               "query 0 may see no key: its weights must be zeros (not NaN, not even); got " << got.weights.row(0));
    BOOST_TEST(arma::all(arma::vectorise(got.output.row(0) == 0.0)),
               "query 0 may see no key: its output row must be zeros; got " << got.output.row(0));
}

BOOST_AUTO_TEST_CASE(a_finite_mask_entry_is_added_to_the_scaled_score) {
    // Q K^T = 8 on key 0 and 0 on key 1, d_k = 4: scaled scores 4 and 0; a mask of -2 on
    // key 0 makes them 2 and 0 (added before the division it would give (8 - 2) / 2 = 3)
    const arma::mat Q = {{2, 2, 2, 2}};
    const arma::mat K = {{1, 1, 1, 1}, {0, 0, 0, 0}};
    const arma::mat V = arma::mat{1.0, 0.0}.t();
    const arma::mat mask = {{-2.0, 0.0}};
    const double w0 = std::exp(2.0) / (std::exp(2.0) + 1.0);
    const Result got = attempt([&] {
        return result("output", attn::scaled_dot_product_attention(Q, K, V, mask).output, kOutput);
    });
    const std::string d = describe_outcome(got, result("output", arma::mat(1, 1, arma::fill::value(w0)), kOutput), 1e-12);
    BOOST_TEST(d.empty(), "the weight on key 0 is e^2/(e^2+1) = " << w0 << ": the scores 8 and 0 divided by sqrt(4), "
                                                                       "then the mask added; "
                                                                    << d);
}

BOOST_AUTO_TEST_CASE(no_mask_and_an_all_zero_mask_agree) {
    const Random r(3, 4, 6, 2);
    const attn::AttentionResult plain = attn::scaled_dot_product_attention(r.Q, r.K, r.V);
    const attn::AttentionResult zero = attn::scaled_dot_product_attention(r.Q, r.K, r.V, arma::mat(3, 4, arma::fill::zeros));
    // to rounding, not bit for bit: a body may take the two calls down paths that scale
    // the scores differently (times 1 / sqrt(d_k) in one, divided by sqrt(d_k) in the other)
    BOOST_TEST(matrices_close(zero.output, plain.output, 1e-12, "output with a mask of zeros", kOutput));
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_of_different_widths) {
    const Random r(7, 12, 64, 64);
    const arma::mat K32 = r.K.cols(0, 31);
    const std::string msg = refusal_of<attn::ShapeError>("scaled_dot_product_attention",
                                                         [&] { attn::scaled_dot_product_attention(r.Q, K32, r.V); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg == "scaled_dot_product_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32",
               "got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_key_value_length_mismatch) {
    const Random r(7, 12, 64, 64);
    const arma::mat V10 = r.V.rows(0, 9);
    const std::string msg = refusal_of<attn::ShapeError>("scaled_dot_product_attention",
                                                         [&] { attn::scaled_dot_product_attention(r.Q, r.K, V10); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(mentions(msg, "scaled_dot_product_attention:"), "got '" << msg << "'");
    BOOST_TEST(mentions(msg, "L_K = L_V"), "the message should name the rule L_K = L_V; got '" << msg << "'");
    message_names(msg, {"K 12x64", "V 10x64"}, "K of 12x64 with V of 10x64");
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_that_is_not_one_entry_per_score) {
    const Random r(2, 4, 6, 2);
    const std::string msg = refusal_of<attn::ShapeError>("scaled_dot_product_attention", [&] {
        attn::scaled_dot_product_attention(r.Q, r.K, r.V, arma::mat(3, 3, arma::fill::zeros));
    });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg == "scaled_dot_product_attention: the mask must have one entry per query and key (L_Q x L_K); got "
                      "mask 3x3 and scores 2x4",
               "got '" << msg << "'");
    // as many entries as the scores in the other shape: a check of mask.n_elem lets it through
    const std::string input = "a 4x2 mask for scores 2x4 (as many entries as the scores, the other shape)";
    const std::string same_count = refusal_of<attn::ShapeError>(
        "scaled_dot_product_attention",
        [&] { attn::scaled_dot_product_attention(r.Q, r.K, r.V, arma::mat(4, 2, arma::fill::zeros)); }, {}, input);
    if (!same_count.empty()) message_names(same_count, {"mask 4x2", "scores 2x4"}, input, true);
}

BOOST_AUTO_TEST_CASE(only_a_0x0_mask_means_no_mask) {
    // a mask with no rows, or no columns, but not both, is a mask of the wrong shape: an
    // empty() test for "no mask" lets it through
    const Random r(2, 4, 6, 2);
    const auto own_refusal = [](const Result& got) {
        return got.threw == Threw::shape_error && got.message.rfind("scaled_dot_product_attention:", 0) == 0;
    };
    const auto with_mask = [&](const arma::mat& mask) {
        return attempt([&] {
            attn::scaled_dot_product_attention(r.Q, r.K, r.V, mask);
            return Result{};
        });
    };
    // the mask's shape checked (a 3x3 mask refused), but not where it has no entries: an
    // is_empty() test for "no mask"
    const bool checks_the_shape = own_refusal(with_mask(arma::mat(3, 3, arma::fill::zeros)));
    std::vector<std::string> let_through;
    for (const auto& [rows, cols] : {std::pair<arma::uword, arma::uword>{0, 4}, {2, 0}})
        if (with_mask(arma::mat(rows, cols)).threw == Threw::nothing)
            let_through.push_back(std::to_string(rows) + "x" + std::to_string(cols));
    if (checks_the_shape && !let_through.empty()) {
        std::string which;
        for (const std::string& s : let_through) which += (which.empty() ? "" : " and ") + s;
        return report(m::mask_without_entries_taken_as_no_mask, which + " for scores 2x4");
    }
    for (const auto& [rows, cols] : {std::pair<arma::uword, arma::uword>{0, 4}, {2, 0}}) {
        const arma::mat mask(rows, cols);
        const std::string msg = refusal_of<attn::ShapeError>("scaled_dot_product_attention", [&] {
            attn::scaled_dot_product_attention(r.Q, r.K, r.V, mask);
        });
        if (msg.empty()) return;  // refusal_of has said what went wrong
        BOOST_TEST(mentions(msg, "got mask " + attn::shape_of(mask) + " and scores 2x4"),
                   "a mask " << attn::shape_of(mask) << " is neither no mask (0x0) nor L_Q x L_K (2x4): it must be "
                             << "refused with the mask rule; got '" << msg << "'");
    }
}

BOOST_AUTO_TEST_CASE(rejects_nan_or_plus_infinity_in_the_mask) {
    // as many queries as keys: a slip elsewhere (K Q^T) does not change which error comes first
    const Random r(3, 3, 4, 2);
    for (const double bad : {NAN, INFINITY}) {
        arma::mat mask(3, 3, arma::fill::zeros);
        mask(1, 0) = bad;
        const std::string msg = refusal_of<attn::InputError>(
            "scaled_dot_product_attention", [&] { attn::scaled_dot_product_attention(r.Q, r.K, r.V, mask); }, {},
            std::string("a mask holding ") + (std::isnan(bad) ? "NaN" : "+infinity"));
        if (msg.empty()) return;  // refusal_of has said what went wrong
        BOOST_TEST(msg.find("scaled_dot_product_attention:") == 0,
                   "a mask holding " << bad << " must throw InputError naming scaled_dot_product_attention (only -inf "
                                     << "hides a key); got '" << msg << "'");
    }
}

BOOST_AUTO_TEST_CASE(no_queries_or_values_of_no_width_are_shapes_like_any_other) {
    // the contract refuses an empty K only: Q 0x4 (no query) gives weights 0x3 and output 0x2, with
    // no mask or a mask 0x3; V 3x0 (values of no width) gives the weights as usual and an output 2x0
    if (!results_right(scaled_dot_product_attention_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once weights_and_output_match_loops_for_every_size_and_mask passes");
        return;
    }
    const Random r(2, 3, 4, 2);
    // (the third: no query under a mask of the scores' shape, 0 x L_K, which the contract takes)
    const std::vector<std::tuple<std::string, arma::mat, arma::mat, arma::mat>> inputs = {
        {"Q 0x4 (no query), K 3x4, V 3x2", arma::mat(0, 4), r.V, arma::mat()},
        {"Q 2x4, K 3x4, V 3x0 (values of no width)", r.Q, arma::mat(3, 0), arma::mat()},
        {"Q 0x4 (no query), K 3x4, V 3x2 and a mask 0x3", arma::mat(0, 4), r.V, arma::mat(0, 3)}};
    for (const auto& [input, Q, V, M] : inputs) {
        const arma::mat q = Q, v = V, mask = M;
        const Result got = attempt([&] {
            const attn::AttentionResult a = attn::scaled_dot_product_attention(q, r.K, v, mask);
            return attention_result(a.weights, a.output);
        });
        if (refused_valid_input(got, "scaled_dot_product_attention", input)) return;
        const AttentionByLoops want = attention_by_loops(q, r.K, arma::mat(v));
        const Result right = attention_result(want.weights, arma::mat(q.n_rows, v.n_cols, arma::fill::zeros));
        BOOST_TEST(same_result(got, right), input << ": " << describe_outcome(got, right));
    }
}

BOOST_AUTO_TEST_CASE(rejects_a_one_row_mask_for_several_queries) {
    // a mask 1 x L_K is not L_Q x L_K when there are 2 queries: broadcasting it is no rule of the contract
    const Random r(2, 4, 6, 2);
    const std::string msg = refusal_of<attn::ShapeError>("scaled_dot_product_attention", [&] {
        attn::scaled_dot_product_attention(r.Q, r.K, r.V, arma::mat(1, 4, arma::fill::zeros));
    });
    if (msg.empty()) return;
    BOOST_TEST(mentions(msg, "got mask 1x4 and scores 2x4"), "the message should give mask 1x4 and scores 2x4; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_an_empty_k) {
    const arma::mat Q(2, 4, arma::fill::ones), K(0, 4), V(0, 2);
    const std::string msg = refusal_of<attn::InputError>("scaled_dot_product_attention",
                                                         [&] { attn::scaled_dot_product_attention(Q, K, V); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("scaled_dot_product_attention:") == 0,
               "K 0x4 leaves a query nothing to attend to: InputError naming scaled_dot_product_attention; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== attention_shapes
BOOST_AUTO_TEST_SUITE(attention_shapes)

BOOST_AUTO_TEST_CASE(predicts_the_shapes_for_every_size) {
    // 7 queries over 12 keys; d_k 16 and d_v 8; d_k 3 narrower than d_v 5
    attention_shapes_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(a_size_of_0_is_a_size_like_any_other) {
    // no Throws: line: the shapes of no queries, no keys or no features are still shapes
    if (!results_right(attention_shapes_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once predicts_the_shapes_for_every_size passes");
        return;
    }
    for (const auto& [lq, lk, dk, dv] : std::vector<std::tuple<arma::uword, arma::uword, arma::uword, arma::uword>>{
             {0, 5, 4, 2}, {3, 0, 4, 2}, {3, 5, 0, 0}}) {
        const Result got = attempt([&] {
            const attn::AttentionShapes s = attn::attention_shapes(lq, lk, dk, dv);
            return shapes_result(s.scores, s.weights, s.output);
        });
        const std::string call = "attention_shapes(" + std::to_string(lq) + ", " + std::to_string(lk) + ", " +
                                 std::to_string(dk) + ", " + std::to_string(dv) + ")";
        if (refused_valid_input(got, "attention_shapes", call)) return;
        const Result want = shapes_result({lq, lk}, {lq, lk}, {lq, dv});
        BOOST_TEST(same_result(got, want), "attention_shapes(" << lq << ", " << lk << ", " << dk << ", " << dv
                                                               << "): " << describe_outcome(got, want));
    }
}

BOOST_AUTO_TEST_CASE(seven_queries_over_twelve_keys_give_7x12_scores_and_7x64_output) {
    const auto s = attn::attention_shapes(7, 12, 64, 64);
    BOOST_TEST((s.scores == Shape{7, 12}), "scores should be L_Q x L_K = 7x12; got " << attn::to_string(s.scores));
    BOOST_TEST((s.weights == Shape{7, 12}), "softmax keeps the shape: 7x12; got " << attn::to_string(s.weights));
    BOOST_TEST((s.output == Shape{7, 64}), "output should be L_Q x d_v = 7x64; got " << attn::to_string(s.output));
}

BOOST_AUTO_TEST_CASE(output_width_is_d_v_not_d_k) {
    const auto s = attn::attention_shapes(3, 5, 16, 8);
    BOOST_TEST((s.output == Shape{3, 8}), "with d_k = 16 and d_v = 8 the output is 3x8; got " << attn::to_string(s.output));
    BOOST_TEST((s.scores == Shape{3, 5}), "scores: one row per query, one column per key (3x5); got " << attn::to_string(s.scores));
}

BOOST_AUTO_TEST_CASE(predictions_match_a_real_call) {
    const Random r(2, 9, 3, 5);
    const auto s = attn::attention_shapes(2, 9, 3, 5);
    const arma::mat Z = attention_by_loops(r.Q, r.K, r.V).output;
    BOOST_TEST((s.output == Shape{Z.n_rows, Z.n_cols}),
               "a real call with 2 queries, 9 keys, d_k 3, d_v 5 gives an output of " << attn::shape_of(Z) << "; predicted "
                                                                                   << attn::to_string(s.output));
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== check_attention_shapes
BOOST_AUTO_TEST_SUITE(check_attention_shapes)

BOOST_AUTO_TEST_CASE(refuses_exactly_the_two_rules_in_order_naming_the_caller) {
    // free sizes that differ, each rule broken alone, both broken; function "my_attention"
    check_attention_shapes_diagnosis().judge();
}

// What check_attention_shapes(function, Q, K, V) throws as attn::ShapeError, or "".
std::string shape_error(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const Result got = attempt([&] {
        attn::check_attention_shapes(function, Q, K, V);
        return Result{};
    });
    return got.threw == Threw::shape_error ? got.message : "";
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_of_different_widths_naming_both) {
    const arma::mat Q(7, 64), K(12, 32), V(12, 64);
    const std::string msg = shape_error("my_attention", Q, K, V);
    BOOST_TEST(msg == "my_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32",
               "got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_key_value_length_mismatch_naming_both) {
    const arma::mat Q(7, 64), K(12, 64), V(10, 64);
    const std::string msg = shape_error("my_attention", Q, K, V);
    BOOST_TEST(msg == "my_attention: K and V must have the same length (L_K = L_V); got K 12x64 and V 10x64",
               "got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(checks_the_width_rule_first) {
    const arma::mat Q(7, 64), K(12, 32), V(10, 64);
    const std::string msg = shape_error("f", Q, K, V);
    BOOST_TEST(mentions(msg, "d_q = d_k"), "both rules are broken; the width rule comes first. got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(accepts_different_query_length_and_value_width) {
    const arma::mat Q(7, 64), K(12, 64), V(12, 32);
    const std::string a = shape_error("f", Q, K, V);
    BOOST_TEST(a.empty(), "Q 7x64, K 12x64, V 12x32 breaks no rule (L_Q and d_v are free); got '" << a << "'");
    const arma::mat Q1(1, 4), K1(9, 4), V1(9, 100);
    const std::string b = shape_error("f", Q1, K1, V1);
    BOOST_TEST(b.empty(), "Q 1x4, K 9x4, V 9x100 breaks no rule; got '" << b << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== shape_questions
BOOST_AUTO_TEST_SUITE(shape_questions)

BOOST_AUTO_TEST_CASE(names_the_rule_a_set_of_shapes_breaks) {
    // each rule broken alone (with the lengths of Q and K equal or not), none, both
    rule_broken_by_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(neither_free_size_is_a_rule) {
    judge_answer<bool>("must a query sequence be as long as the key sequence?", attn::query_and_key_lengths_must_match(),
                       false, {{true, &mistake_of(NotARule::l_q_equals_l_k)}},
                       "a 7-token decoder reads a 12-token source: L_Q is free");
    judge_answer<bool>("must a key be as wide as a value?", attn::key_and_value_widths_must_match(), false,
                       {{true, &mistake_of(NotARule::d_v_equals_d_k)}},
                       "d_k and d_v never meet in a product: d_v is free");
}

BOOST_AUTO_TEST_CASE(transposed_scores_pit_l_q_against_l_k) {
    // 12x7 scores times V 12x64: 7 columns against 12 rows
    inner_dimensions_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(names_the_width_rule_for_a_narrow_key) {
    BOOST_TEST((attn::rule_broken_by({7, 64}, {12, 32}, {12, 64}) == ShapeRule::same_width_q_k),
               "Q 7x64 with K 12x32: Q K^T needs d_q = d_k (chapter 06, step 4)");
}

BOOST_AUTO_TEST_CASE(names_the_length_rule_for_missing_values) {
    BOOST_TEST((attn::rule_broken_by({7, 64}, {12, 64}, {10, 64}) == ShapeRule::same_length_k_v),
               "K 12x64 with V 10x64: one value per key (chapter 06, step 4)");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(armadillo_refuses_transposed_scores_times_values) {
    const arma::mat wrong(12, 7, arma::fill::ones), V(12, 64, arma::fill::ones);
    const std::string msg = attn::shape_rules_lab::product_error(wrong, V);
    BOOST_TEST((mentions(msg, "12x7") && mentions(msg, "12x64")), "got '" << msg << "'");
    BOOST_TEST(attn::shape_rules_lab::product_error(wrong.t(), V).empty(), "7x12 times 12x64 is a valid product");
}

BOOST_AUTO_TEST_CASE(try_attention_reports_output_or_rule) {
    BOOST_TEST(attn::shape_rules_lab::try_attention({7, 64}, {12, 64}, {12, 32}) == "runs: output 7x32");
    BOOST_TEST(mentions(attn::shape_rules_lab::try_attention({7, 64}, {12, 32}, {12, 64}), "got Q 7x64 and K 12x32"));
}

BOOST_AUTO_TEST_CASE(shapes_figure_shows_six_matrices) {
    const auto fig = attn::shape_rules_lab::shapes_figure({});
    const auto& c = std::get<attn::plot::BarChart>(fig.panels.at(0));
    BOOST_TEST(c.categories.size() == 6u);
    BOOST_TEST(c.groups.at(0).values.at(3) == 7.0, "scores have 7 rows");
    BOOST_TEST(c.groups.at(1).values.at(3) == 12.0, "scores have 12 columns");
    BOOST_TEST(c.groups.at(1).values.at(5) == 64.0, "output has d_v = 64 columns");
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(scaled_dot_product_attention) { scaled_dot_product_attention_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(attention_shapes) { attention_shapes_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(check_attention_shapes) { check_attention_shapes_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(rule_broken_by) { rule_broken_by_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(inner_dimensions_with_transposed_scores) { inner_dimensions_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
