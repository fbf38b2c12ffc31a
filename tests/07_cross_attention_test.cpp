// Chapter 07 tests: self-attention, cross-attention, the causal mask and masked attention.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's non-exercise code (src/labs/cross_attention_lab).
//
// Expected values come from the loops of tests/support/oracles.hpp (projections and
// attention over scalars), never from the code under test. Each exercise's first check
// runs the learner's function on a few inputs and names the mistake behind a wrong
// result (tests/support/diagnosis.hpp); `distinguishable` proves that those inputs
// tell every two declared mistakes apart.
//
// Dimensions: L tokens (L_dec decoder, L_enc encoder), d_model the width of X,
// d_k of a query and a key, d_v of a value.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch07_cross_attention)

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "check_progress.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"
#include "labs/cross_attention_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("masked_attention", attention_rules(true)) &&
    contract_rules("self_attention", {{"X", "W_q", "X's columns against W_q's rows, d_model"},
                                      {"X", "W_k", "X's columns against W_k's rows, d_model"},
                                      {"X", "W_v", "X's columns against W_v's rows, d_model"},
                                      {"W_q", "W_k", "W_q's columns against W_k's columns, d_k (d_q = d_k)"}}) &&
    contract_rules("cross_attention", {{"X_dec", "W_q", "X_dec's columns against W_q's rows, d_model"},
                                       {"H_enc", "W_k", "H_enc's columns against W_k's rows, d_model"},
                                       {"H_enc", "W_v", "H_enc's columns against W_v's rows, d_model"},
                                       {"W_q", "W_k", "W_q's columns against W_k's columns, d_k (d_q = d_k)"}});


const Axes kWeights = axes("query", "key");
const Axes kOutput = axes("query", "feature");

Result as_result(const arma::mat& A, const arma::mat& Z) {
    return result("weights", A, kWeights).add("output", Z, kOutput);
}
Result of(const attn::AttentionResult& r) { return as_result(r.weights, r.output); }

// The shapes a slip hands on do not fit: scaled_dot_product_attention (or
// masked_softmax) refuses them, when the body calls it, or Armadillo does, when the
// body writes the products out. Never the exercise's own check, which the input passes.
Outcome refused(const std::string& fn) {
    return {Result::throws(Threw::shape_error, "scaled_dot_product_attention:"), [fn](const Result& r) {
                return (r.threw == Threw::shape_error && r.message.rfind(fn + ":", 0) != 0) ||
                       r.threw == Threw::armadillo_size;
            }};
}

// The exercise's own ShapeError, for an input that breaks only a rule it made up: any
// message under its name (the example: `example`), or `right` where the rule holds.
Outcome refused_by_own_rule(bool holds, const Result& right, const std::string& fn, const std::string& example) {
    if (holds) return right;
    return {Result::throws(Threw::shape_error, fn + ": " + example),
            [fn](const Result& r) { return r.threw == Threw::shape_error && r.message.rfind(fn + ":", 0) == 0; }};
}

// Attention on (Q, K, V, mask) the way `way` says, by loops; refused when its shapes
// do not fit. With the exercise's own Q, K, V and mask, the finish of the slips of
// tests/support/families.hpp, which the three attention exercises share.
Outcome attend(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask,
               const AttentionWay& way, const std::string& fn) {
    if (!refused_step(Q, K, V, mask, way).empty()) return refused(fn);
    const AttentionByLoops a = attention_by_loops(Q, K, V, mask, way);
    return as_result(a.weights, a.output);
}
Outcome attend(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask, const std::string& fn) {
    return attend(Q, K, V, mask, AttentionWay{}, fn);
}

// The sizes the divisor may be taken from (d_model: the width of the layer's input X,
// or 0 when there is none), each also a quantity the relations may name a factor by.
DivisorSizes divisor_sizes(Probe& p, const arma::mat& Q, const arma::mat& K, const arma::mat& V, double d_model) {
    const DivisorSizes n{static_cast<double>(K.n_cols), static_cast<double>(V.n_cols), static_cast<double>(K.n_rows),
                         static_cast<double>(Q.n_rows), d_model};
    p.quantity("d_k", n.d_k).quantity("d_v", n.d_v).quantity("L_K", n.L_K);
    if (d_model > 0) p.quantity("d_model", d_model);
    return n;
}

// The divisor's slips in the three exercises: the number of queries is a slip of its
// own, and d_k may also be sqrt(d_k) divided twice (`twice`).
DivisorSlips divisors(const std::string& twice) {
    DivisorSlips which;
    which.d_k_detail = twice;
    which.queries_apart = true;
    which.after_softmax = true;
    which.fixed = true;  // a fixed 2, and sqrt(d_k) kept in an integer
    return which;
}

// The wiring slips of an attention layer: K Q^T, Q Q^T (which in self-attention is the
// keys projected by W_q, a swapped projection), A^T V and the weights as the output.
WiringSlips wiring(bool queries_by_queries, const std::string& k_q_detail = "") {
    WiringSlips which;
    which.ways = {Wiring::scores_k_q, Wiring::output_at_v, Wiring::output_a};
    if (queries_by_queries) which.ways.push_back(Wiring::scores_q_q);
    which.scores_k_q_detail = k_q_detail;
    return which;
}

// The softmax's slips in the three exercises, with the weights put through a softmax once
// more before they are spent on V, softmax_rows(softmax_rows(S)).
SoftmaxSlips softmax_again(SoftmaxSlips which = {}) {
    which.again = true;
    return which;
}

const char* const kTwice =
    "or divided twice: scaled_dot_product_attention already divides by sqrt(d_k), so hand it the plain Q = X W_q";

// ---------------------------------------------------------------- self_attention
struct Weights {
    arma::mat W_q, W_k, W_v;
    Weights(arma::uword d_model, arma::uword d_k, arma::uword d_v, int seed) {
        arma::arma_rng::set_seed(seed);
        W_q = arma::randn(d_model, d_k) * 0.5;
        W_k = arma::randn(d_model, d_k) * 0.5;
        W_v = arma::randn(d_model, d_v);
    }
};

// Rows of large values, each of another size: scores in the thousands, rows far apart,
// where only a softmax shifted by each row's own maximum stays finite.
arma::mat large_rows(arma::uword L, arma::uword d, int seed) {
    arma::arma_rng::set_seed(seed);
    arma::mat X = arma::randn(L, d) * 40.0;
    for (arma::uword i = 0; i < L; ++i) X.row(i) *= 1.0 + static_cast<double>(i);
    return X;
}

// The projections written X W^T, each of the three (a slip of a product with a weight
// matrix, tests/support/families.hpp): refused by Armadillo unless every W is square.
void add_transposed_projections(Probe& p, const arma::mat& Xq, const arma::mat& Xkv, const arma::mat& W_q,
                                const arma::mat& W_k, const arma::mat& W_v, const std::string& fn) {
    // the weights read as d_out x d_model (PyTorch's layout): X W^T, and with the shape check
    // written for that layout too (X.n_cols == W.n_cols, W_q.n_rows == W_k.n_rows), which refuses
    // every layer whose projections change the width
    const auto transposed = [&](const ProductWay& w) -> Outcome {
        const bool fit = Xq.n_cols == W_q.n_cols && Xkv.n_cols == W_k.n_cols && Xkv.n_cols == W_v.n_cols;
        if (w.own_check && !(fit && W_q.n_rows == W_k.n_rows))
            return refused_by_own_rule(false, Result{}, fn, "X's width must equal W_q's width");
        if (!fit) return Result::throws(Threw::armadillo_size, "matrix multiplication");
        return attend(product_by_loops(Xq, W_q.t()), product_by_loops(Xkv, W_k.t()), product_by_loops(Xkv, W_v.t()),
                      arma::mat(), fn);
    };
    add_product_slips(p, transposed, {{Product::x_wt}, {Product::x_wt, true}});
}

// Attention of the layer over X_q and X_kv (the same X in self-attention) with their
// projections, made the way `w` says (its `projection` too): the finish of the families.
Finish layer(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q, const arma::mat& W_k,
             const arma::mat& W_v, const std::string& fn) {
    return [=](const AttentionWay& w) {
        const ProjectionsByLoops pr = projections_by_loops(X_q, X_kv, W_q, W_k, W_v, w.projection);
        return attend(pr.Q, pr.K, pr.V, arma::mat(), w, fn);
    };
}

// The slips of a layer around its attention, on its projections Q, K, V and its query input X_q:
// the keys and values traded (K = X W_v, V = X W_k, or the primitive called (Q, V, K)), which only
// fits where d_v = d_k; and the input added to the output (a residual, the block's job), which
// only fits where d_v = d_model.
void add_layer_slips(Probe& p, const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& X_q,
                     const std::string& fn) {
    declare(p, m::keys_and_values_swapped, attend(Q, V, K, arma::mat(), fn));
    const AttentionByLoops a = attention_by_loops(Q, K, V);
    declare(p, m::layer_input_added_to_output,
            V.n_cols == X_q.n_cols ? as_result(a.weights, a.output + X_q)
                                   : Result::throws(Threw::armadillo_size, "addition"));
}

void self_attention_variants(Probe& p, const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k,
                             const arma::mat& W_v) {
    const std::string fn = "self_attention";
    const arma::mat Q = product_by_loops(X, W_q), K = product_by_loops(X, W_k), V = product_by_loops(X, W_v);
    const arma::mat none;
    auto at = [&](const arma::mat& q, const arma::mat& k, const arma::mat& v) { return attend(q, k, v, none, fn); };
    const Finish attention = layer(X, X, W_q, W_k, W_v, fn);
    add_divisor_slips(p, divisor_sizes(p, Q, K, V, static_cast<double>(X.n_cols)), attention, divisors(kTwice));
    declare(p, m::scores_from_unprojected_x, at(X, X, V)).labelled("X X^T / sqrt(d_model)");
    {
        AttentionWay w;
        w.divisor = std::sqrt(static_cast<double>(K.n_cols));
        declare(p, m::scores_from_unprojected_x, attend(X, X, V, none, w, fn)).labelled("X X^T / sqrt(d_k)");
    }
    declare(p, m::scores_from_unprojected_x, at(X, K, V)).labelled("Q = X");
    declare(p, m::scores_from_unprojected_x, at(Q, X, V)).labelled("K = X");
    add_projection_slips(p, attention,
                         {Projection::q_by_w_k, Projection::k_by_w_q, Projection::v_by_w_q, Projection::v_by_w_k});
    declare(p, m::values_not_projected, at(Q, K, X));
    add_layer_slips(p, Q, K, V, X, fn);
    declare(p, m::self_attention_masked, attend(Q, K, V, causal_mask_by_loops(X.n_rows), fn));
    add_transposed_projections(p, X, X, W_q, W_k, W_v, fn);
    // X's shape checked on the wrong dimension: its rows against W's rows, or its width
    // against W's columns (inputs that fit refused by the exercise's own check)
    {
        const Result right = as_result(attention_by_loops(Q, K, V).weights, attention_by_loops(Q, K, V).output);
        const bool rows = X.n_rows == W_q.n_rows && X.n_rows == W_k.n_rows && X.n_rows == W_v.n_rows;
        const bool cols = X.n_cols == W_q.n_cols && X.n_cols == W_k.n_cols && X.n_cols == W_v.n_cols;
        declare(p, m::projection_check_wrong_dimension, refused_by_own_rule(rows, right, fn, "X 3x4 and W_q 4x4"))
            .labelled("X.n_rows == W.n_rows");
        declare(p, m::projection_check_wrong_dimension, refused_by_own_rule(cols, right, fn, "X 3x4 and W_q 4x2"))
            .labelled("X.n_cols == W.n_cols");
        // values as wide as the keys demanded: d_v is free
        add_rule_slip(p, NotARule::d_v_equals_d_k, W_v.n_cols == W_q.n_cols, right,
                      refused_by_own_rule(false, right, fn, "W_q 4x3 and W_v 4x2"));
    }
    // swapping W_q and W_k gives K Q^T too, the same numbers; the keys from W_q give Q Q^T,
    // a swapped projection above
    add_attention_wiring_slips(p, attention,
                               wiring(false, "or W_q and W_k swapped, Q = X W_k and K = X W_q, which gives the same scores"));
    add_softmax_slips(p, attention, softmax_again());
}

Diagnosis self_attention_diagnosis() {
    namespace ex = attn::example;
    Diagnosis d("self_attention");
    const Weights w(6, 4, 3, 21);
    arma::arma_rng::set_seed(22);
    const arma::mat X5 = arma::randn(5, 6);
    const Weights w2(3, 3, 2, 23);
    arma::arma_rng::set_seed(24);
    const arma::mat X4 = arma::randn(4, 3) * 1.5;
    const Weights w3(4, 2, 3, 26);
    const Weights w4(5, 3, 3, 27);
    arma::arma_rng::set_seed(28);
    const arma::mat X3 = arma::randn(3, 5);
    // the worked example's shapes with other numbers, called right after it: a projection kept
    // from the call before (a static K, recomputed only when its shape changes) shows here
    const Weights w5(4, 4, 4, 29);
    arma::arma_rng::set_seed(30);
    const arma::mat X3b = arma::randn(3, 4);
    const std::vector<std::tuple<std::string, arma::mat, arma::mat, arma::mat, arma::mat>> inputs = {
        {"the worked example 'I love LLMs' (X 3x4, every W 4x4)", ex::X(), ex::W_q(), ex::W_k(), ex::W_v()},
        {"3 tokens, d_model 4, every W 4x4 (the worked example's shapes, other numbers)", X3b, w5.W_q, w5.W_k, w5.W_v},
        {"5 tokens, d_model 6, d_k 4, d_v 3", X5, w.W_q, w.W_k, w.W_v},
        {"4 tokens, d_model 3, d_k 3, d_v 2", X4, w2.W_q, w2.W_k, w2.W_v},
        {"3 tokens of large values (scores in the thousands), d_model 4, d_k 2, d_v 3", large_rows(3, 4, 25), w3.W_q,
         w3.W_k, w3.W_v},
        {"3 tokens, d_model 5, d_k 3, d_v 3 (values as wide as keys, both narrower than X)", X3, w4.W_q, w4.W_k,
         w4.W_v}};
    for (const auto& [input, X, W_q, W_k, W_v] : inputs) {
        const arma::mat x = X, wq = W_q, wk = W_k, wv = W_v;
        const AttentionByLoops right =
            attention_by_loops(product_by_loops(x, wq), product_by_loops(x, wk), product_by_loops(x, wv));
        Probe& p = d.probe(input, [x, wq, wk, wv] { return of(attn::self_attention(x, wq, wk, wv)); },
                           as_result(right.weights, right.output));
        self_attention_variants(p, x, wq, wk, wv);
        // the two fields filled in the wrong order: {Z, A} for {weights, output}
        p.variant(m::result_fields_swapped, as_result(right.output, right.weights));
    }
    return d;
}

// ---------------------------------------------------------------- cross_attention
void cross_attention_variants(Probe& p, const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q,
                              const arma::mat& W_k, const arma::mat& W_v) {
    const std::string fn = "cross_attention";
    const arma::mat Q = product_by_loops(X_dec, W_q), K = product_by_loops(H_enc, W_k), V = product_by_loops(H_enc, W_v);
    const arma::mat none;
    auto at = [&](const arma::mat& q, const arma::mat& k, const arma::mat& v) { return attend(q, k, v, none, fn); };
    const Finish attention = layer(X_dec, H_enc, W_q, W_k, W_v, fn);
    add_divisor_slips(p, divisor_sizes(p, Q, K, V, static_cast<double>(X_dec.n_cols)), attention, divisors(kTwice));
    // Q divided by sqrt(d_model) before the primitive, which divides by sqrt(d_k) as well
    {
        AttentionWay w;
        w.divisor = std::sqrt(static_cast<double>(K.n_cols) * static_cast<double>(X_dec.n_cols));
        declare(p, mistake_of(Divisor::sqrt_d_model), attention(w)).labelled("Q / sqrt(d_model), then the primitive's sqrt(d_k)");
    }
    // the two sequences' roles traded, or a role projected by another's matrix
    add_projection_slips(p, attention,
                         {Projection::sources_swapped, Projection::q_by_w_k, Projection::k_by_w_q, Projection::v_by_w_q,
                          Projection::v_by_w_k});
    // each of Q, K and V from one of the two sequences: every other mix but the right one
    const char* role[] = {"the queries", "the keys", "the values"};
    for (int mix = 0; mix < 8; ++mix) {
        const bool q_enc = mix & 1, k_enc = mix & 2, v_enc = mix & 4;
        if (!q_enc && k_enc && v_enc) continue;  // the right one
        if (q_enc && !k_enc && !v_enc) continue;  // the roles traded, above
        const arma::mat q = product_by_loops(q_enc ? H_enc : X_dec, W_q), k = product_by_loops(k_enc ? H_enc : X_dec, W_k),
                        v = product_by_loops(v_enc ? H_enc : X_dec, W_v);
        std::vector<std::string> wrong;
        if (q_enc) wrong.push_back(std::string(role[0]) + " (Q = H_enc W_q)");
        if (!k_enc) wrong.push_back(std::string(role[1]) + " (K = X_dec W_k)");
        if (!v_enc) wrong.push_back(std::string(role[2]) + " (V = X_dec W_v)");
        std::string detail = wrong[0];
        for (std::size_t i = 1; i < wrong.size(); ++i) detail += (i + 1 == wrong.size() ? " and " : ", ") + wrong[i];
        declare(p, m::cross_attention_wrong_source, at(q, k, v), detail);
    }
    declare(p, m::values_not_projected, at(Q, K, H_enc));
    add_layer_slips(p, Q, K, V, X_dec, fn);
    // the decoder's causal mask carried over to the cross-attention
    add_cross_mask_slips(p, X_dec.n_rows, H_enc.n_rows,
                         [&](const arma::mat& mask) { return attend(Q, K, V, mask, fn); });
    declare(p, m::scores_from_unprojected_x, at(X_dec, H_enc, V)).labelled("X_dec H_enc^T / sqrt(d_model)");
    {
        AttentionWay w;
        w.divisor = std::sqrt(static_cast<double>(K.n_cols));
        declare(p, m::scores_from_unprojected_x, attend(X_dec, H_enc, V, none, w, fn))
            .labelled("X_dec H_enc^T / sqrt(d_k)");
    }
    add_transposed_projections(p, X_dec, H_enc, W_q, W_k, W_v, fn);
    // rules the contract does not have: the decoder as long as the encoder; an input's rows
    // (or width) compared with the wrong side of its weights
    {
        const Result right = as_result(attention_by_loops(Q, K, V).weights, attention_by_loops(Q, K, V).output);
        declare(p, m::decoder_encoder_lengths_tied,
                refused_by_own_rule(X_dec.n_rows == H_enc.n_rows, right, fn, "X_dec and H_enc must have the same length"));
        const bool rows = X_dec.n_rows == W_q.n_rows && H_enc.n_rows == W_k.n_rows && H_enc.n_rows == W_v.n_rows;
        const bool cols = X_dec.n_cols == W_q.n_cols && H_enc.n_cols == W_k.n_cols && H_enc.n_cols == W_v.n_cols;
        declare(p, m::projection_check_wrong_dimension, refused_by_own_rule(rows, right, fn, "X_dec 2x4 and W_q 4x4"))
            .labelled("X.n_rows == W.n_rows");
        declare(p, m::projection_check_wrong_dimension, refused_by_own_rule(cols, right, fn, "X_dec 2x4 and W_q 4x2"))
            .labelled("X.n_cols == W.n_cols");
        add_rule_slip(p, NotARule::d_v_equals_d_k, W_v.n_cols == W_q.n_cols, right,
                      refused_by_own_rule(false, right, fn, "W_q 5x3 and W_v 5x2"));
    }
    add_attention_wiring_slips(p, attention, wiring(true));
    add_softmax_slips(p, attention, softmax_again());
}

Diagnosis cross_attention_diagnosis() {
    Diagnosis d("cross_attention");
    const auto t = attn::cross_attention_lab::translation_example();
    const Weights w(5, 3, 2, 31);
    arma::arma_rng::set_seed(32);
    const arma::mat X3 = arma::randn(3, 5), H7 = arma::randn(7, 5);
    const Weights w2(6, 3, 2, 36);
    arma::arma_rng::set_seed(37);
    const arma::mat X4 = arma::randn(4, 6), H4 = arma::randn(4, 6) * 1.5;
    const Weights w3(5, 3, 3, 38);
    arma::arma_rng::set_seed(39);
    const arma::mat X2 = arma::randn(2, 5), H5 = arma::randn(5, 5);
    const std::vector<std::tuple<std::string, arma::mat, arma::mat, arma::mat, arma::mat, arma::mat>> inputs = {
        {"the translation example (2 decoder tokens over 4 encoder tokens, every W 4x4)", t.X_dec, t.H_enc, t.W_q,
         t.W_k, t.W_v},
        {"3 decoder tokens over 7 encoder tokens, d_model 5, d_k 3, d_v 2", X3, H7, w.W_q, w.W_k, w.W_v},
        {"4 decoder tokens over 4 encoder tokens, d_model 6, d_k 3, d_v 2", X4, H4, w2.W_q, w2.W_k, w2.W_v},
        {"3 decoder tokens over 4 encoder tokens with scores in the thousands (one query's all alike, one's spread "
         "wide), d_model 2, W_q = W_k = I",
         {{1200, 0}, {0, 3000}, {5, 1}}, {{1, 0}, {1, 0.5}, {1, -0.5}, {1, 0.25}}, arma::eye(2, 2), arma::eye(2, 2),
         {{1, 2}, {0.5, -1}}},
        {"2 decoder tokens over 5 encoder tokens, d_model 5, d_k 3, d_v 3 (values as wide as keys, both narrower "
         "than the inputs)",
         X2, H5, w3.W_q, w3.W_k, w3.W_v}};
    for (const auto& [input, X_dec, H_enc, W_q, W_k, W_v] : inputs) {
        const arma::mat x = X_dec, h = H_enc, wq = W_q, wk = W_k, wv = W_v;
        const AttentionByLoops right =
            attention_by_loops(product_by_loops(x, wq), product_by_loops(h, wk), product_by_loops(h, wv));
        Probe& p = d.probe(input, [x, h, wq, wk, wv] { return of(attn::cross_attention(x, h, wq, wk, wv)); },
                           as_result(right.weights, right.output));
        cross_attention_variants(p, x, h, wq, wk, wv);
        p.variant(m::result_fields_swapped, as_result(right.output, right.weights));
    }
    return d;
}

// ---------------------------------------------------------------- masked_attention
struct MaskedInput {
    std::string name;
    arma::mat Q, K, V, mask;
};

// 5 tokens under the causal mask (L_Q = L_K, so a transposed mask shows).
MaskedInput causal_input() {
    arma::arma_rng::set_seed(41);
    MaskedInput in{"5 tokens under the causal mask, d_k 3, d_v 2", arma::randn(5, 3), arma::randn(5, 3),
                   arma::randn(5, 2), causal_mask_by_loops(5)};
    return in;
}

// 4 queries over 5 keys, every score positive, the last query with every key hidden.
MaskedInput positive_input() {
    arma::arma_rng::set_seed(46);
    MaskedInput in{"4 queries over 5 keys, positive scores, query 3 with every key hidden", arma::randu(4, 2) + 0.5,
                   arma::randu(5, 2) + 0.5, arma::randn(5, 3), arma::mat(4, 5, arma::fill::zeros)};
    in.Q.col(1) *= 3.0;  // rows of different ranges
    in.mask(0, 1) = in.mask(0, 3) = in.mask(1, 2) = in.mask(2, 0) = -INFINITY;
    in.mask.row(3).fill(-INFINITY);
    return in;
}

// 3 queries over 6 keys, d_k 4, d_v 2, a few keys hidden from each query.
MaskedInput wide_input() {
    arma::arma_rng::set_seed(47);
    MaskedInput in{"3 queries over 6 keys, d_k 4, d_v 2, two keys hidden from each query", arma::randn(3, 4),
                   arma::randn(6, 4), arma::randn(6, 2), arma::mat(3, 6, arma::fill::zeros)};
    in.mask(0, 0) = in.mask(0, 5) = in.mask(1, 2) = in.mask(1, 3) = in.mask(2, 1) = in.mask(2, 4) = -INFINITY;
    return in;
}

// 4 tokens of large values under the causal mask: scores in the thousands, rows far apart.
MaskedInput large_input() {
    return {"4 tokens of large values under the causal mask (scores in the thousands), d_k 3, d_v 2",
            large_rows(4, 3, 48), large_rows(4, 3, 49), arma::randn(4, 2), causal_mask_by_loops(4)};
}

// 3 queries over 4 keys, positive scores, a mask of finite entries besides 0 (the contract
// adds any number but NaN and +infinity) and key 2 hidden from query 1.
MaskedInput finite_input() {
    arma::arma_rng::set_seed(50);
    MaskedInput in{"3 queries over 4 keys, d_k 4, d_v 2, a mask of finite entries (-3, -1.5, 2, ...) besides 0, and "
                   "key 2 hidden from query 1",
                   arma::randu(3, 4) + 0.5, arma::randu(4, 4) + 0.5, arma::randn(4, 2),
                   {{-3.0, 0.0, 2.0, -1.5}, {1.0, -2.5, 0.0, 0.5}, {0.0, 0.75, -1.0, 3.0}}};
    in.Q *= 1.5;
    in.mask(1, 2) = -INFINITY;
    return in;
}

void masked_attention_variants(Probe& p, const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                               const arma::mat& M) {
    const std::string fn = "masked_attention";
    const Finish attention = [&](const AttentionWay& w) { return attend(Q, K, V, M, w, fn); };
    // a softmax of the learner's own meets the row with every key hidden: each divisor
    // slip, the mask multiplied in and each slip of the softmax again without the rule
    // for a row of -inf
    DivisorSlips by = divisors("");
    by.unguarded = true;
    add_divisor_slips(p, divisor_sizes(p, Q, K, V, 0), attention, by);
    MaskSlips mask;
    // s * 0 = 0 and s * -inf = -inf for s > 0: finite numbers only on positive scores
    mask.multiplied = product_by_loops(Q, K.t()).min() > 0;
    mask.multiplied_unguarded = true;
    mask.transposed_where_square = true;
    mask.subtracted = true;
    // the same numbers as a softmax of its own that spreads a row of nothing but -inf evenly
    mask.set_large_detail =
        "or a softmax of your own that gives a row of nothing but -infinity even weights, 1 / L_K each, where the "
        "course's rule is a row of zeros";
    // what a slip of the mask does to a finite entry other than 0 depends on how its body was
    // written (mask < 0, mask == 0, ...): declared where the mask holds only 0 and -infinity
    if (arma::all(arma::vectorise(M == 0.0 || M == -arma::datum::inf))) add_mask_slips(p, M, attention, mask);
    add_finite_mask_entries_slips(p, M, [&](const arma::mat& only) { return attend(Q, K, V, only, AttentionWay{}, fn); });
    // the mask added to the scaled scores and handed to the softmax as well: each finite entry twice
    declare(p, m::mask_added_twice, attend(Q, K, V, M * 2.0, fn));
    // the caller's mask checked, then causal_mask(Q.n_rows) handed on in its place: the causal
    // result where L_Q = L_K, else the primitive's refusal of an L_Q x L_Q mask
    {
        const std::string LL = std::to_string(Q.n_rows) + "x" + std::to_string(Q.n_rows);
        declare(p, m::mask_replaced_by_causal,
                Q.n_rows == K.n_rows
                    ? attend(Q, K, V, causal_mask_by_loops(Q.n_rows), fn)
                    : Outcome(Result::throws(Threw::shape_error, "scaled_dot_product_attention: the mask must have one entry per query and key (L_Q x L_K); got mask " + LL)));
    }
    // the learner's own checks refusing a good mask: its -infinity, or its shape
    p.variant_fitting(m::mask_minus_infinity_refused, Result::throws(Threw::input_error, fn + ":"), [fn](const Result& r) {
        return r.threw == Threw::input_error && r.message.rfind(fn + ":", 0) == 0;
    });
    auto refuses_mask = [fn](const Result& r) {
        return r.threw == Threw::shape_error && r.message.rfind(fn + ":", 0) == 0 && mentions(r.message, "mask");
    };
    const Outcome refused_mask{Result::throws(Threw::shape_error, fn + ": the mask"), refuses_mask};
    const Mistake& mask_rule = mistake_of(NotARule::mask_other_shape);
    declare(p, mask_rule, M.n_rows == M.n_cols ? attend(Q, K, V, M, fn) : refused_mask)
        .labelled("a square mask required");
    declare(p, mask_rule, M.n_cols == K.n_cols ? attend(Q, K, V, M, fn) : refused_mask)
        .labelled("mask.n_cols == K.n_cols (d_k) required");
    add_attention_wiring_slips(p, attention, wiring(true));
    SoftmaxSlips own;
    own.table_unguarded = own.down_columns_unguarded = own.nan_rows = true;
    add_softmax_slips(p, attention, softmax_again(own));
}

Diagnosis masked_attention_diagnosis() {
    Diagnosis d("masked_attention");
    for (const MaskedInput& in : {causal_input(), positive_input(), wide_input(), large_input(), finite_input()}) {
        const MaskedInput c = in;
        const AttentionByLoops right = attention_by_loops(c.Q, c.K, c.V, c.mask);
        Probe& p = d.probe(c.name, [c] { return of(attn::masked_attention(c.Q, c.K, c.V, c.mask)); },
                           as_result(right.weights, right.output));
        masked_attention_variants(p, c.Q, c.K, c.V, c.mask);
        p.variant(m::result_fields_swapped, as_result(right.output, right.weights));
        p.region("the hidden keys", "weights", arma::conv_to<arma::umat>::from(c.mask == -arma::datum::inf));
    }
    return d;
}

// ---------------------------------------------------------------- causal_mask
const Axes kMask = axes("query", "key");

arma::mat hiding(arma::uword L, const std::function<bool(arma::uword, arma::uword)>& hidden, double hide = -INFINITY,
                 double seen = 0.0) {
    arma::mat M(L, L);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j) M(i, j) = hidden(i, j) ? hide : seen;
    return M;
}

// Every j > i holds a value for which `hidden` is true, every other entry is exactly 0.
std::function<bool(const Result&)> future_holds(arma::uword L, std::function<bool(double)> hidden) {
    return [L, hidden](const Result& r) {
        if (r.threw != Threw::nothing || r.parts.size() != 1) return false;
        const arma::mat& M = r.parts[0].value;
        if (M.n_rows != L || M.n_cols != L) return false;
        for (arma::uword i = 0; i < L; ++i)
            for (arma::uword j = 0; j < L; ++j)
                if (j > i ? !hidden(M(i, j)) : M(i, j) != 0.0) return false;
        return true;
    };
}

void causal_mask_variants(Probe& p, arma::uword L) {
    auto as = [](const arma::mat& M) { return result("mask", M, kMask); };
    auto hide = [&](const std::function<bool(arma::uword, arma::uword)>& h) { return as(hiding(L, h)); };
    p.variant(m::causal_mask_hides_diagonal, hide([](arma::uword i, arma::uword j) { return j >= i; }))
        .variant(m::causal_mask_shows_next, hide([](arma::uword i, arma::uword j) { return j > i + 1; }))
        .variant(m::causal_mask_wrong_triangle, hide([](arma::uword i, arma::uword j) { return j < i; }))
        .labelled("j < i hidden")
        .variant(m::causal_mask_wrong_triangle, hide([](arma::uword i, arma::uword j) { return j <= i; }))
        .labelled("j <= i hidden")
        .variant(m::causal_mask_hides_the_past, hide([](arma::uword i, arma::uword j) { return j != i; }))
        .variant(m::mask_zero_one_pattern, as(hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, 0.0, 1.0)))
        .labelled("1 where seen, 0 where hidden")
        .variant(m::mask_zero_one_pattern, as(hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, 1.0, 0.0)))
        .labelled("1 where hidden, 0 where seen")
        .variant(m::mask_seen_keys_one, as(hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, -INFINITY, 1.0)))
        // 0 where -inf belongs hides nothing, the slip of hidden scores set to 0
        .variant(mistake_of(MaskUse::zero_score), as(arma::mat(L, L, arma::fill::zeros)),
                 "in causal_mask every entry came out 0, or as good as 0: the keys j > i need -arma::datum::inf; "
                 "std::numeric_limits<double>::min() is the smallest POSITIVE double, not the most negative one, and "
                 "with an unsigned arma::uword, i - j < 0 is never true: compare j > i")
        .variant(m::mask_plus_infinity, as(hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, INFINITY)))
        .variant(m::causal_mask_hides_only_next, hide([](arma::uword i, arma::uword j) { return j == i + 1; }));
    // a window: the far past hidden too, key j hidden when j + w <= i as well as j > i (w = 1 is
    // the diagonal alone, a mistake of its own)
    for (const arma::uword w : {arma::uword{2}, arma::uword{3}})
        p.variant(m::causal_mask_hides_the_far_past,
                  hide([w](arma::uword i, arma::uword j) { return j > i || j + w <= i; }))
            .labelled("a window of " + std::to_string(w) + " keys");
    // a loop over the hidden entries one short: the last superdiagonal (the corner, key L - 1 for
    // query 0), the last key's column, or query L - 2's row left 0
    p.variant(m::causal_mask_loop_one_short, hide([L](arma::uword i, arma::uword j) { return j > i && j - i + 1 < L; }))
        .labelled("diagonals k < L - 1")
        .variant(m::causal_mask_loop_one_short, hide([L](arma::uword i, arma::uword j) { return j > i && j + 1 < L; }))
        .labelled("keys j < L - 1")
        .variant(m::causal_mask_loop_one_short, hide([L](arma::uword i, arma::uword j) { return j > i && i + 2 < L; }))
        .labelled("queries i < L - 2");
    // set_size without a fill: -infinity above the diagonal, whatever the memory held on and below
    // it (not all of it 0, the right mask; nor one of the patterns of the slips above). Not
    // declared for a large mask, which may take memory fresh from the system: zeros, by luck
    if (L >= 2 && L < 40) {
        arma::mat example = hiding(L, [](arma::uword i, arma::uword j) { return j > i; });
        example.diag().fill(-1.5e-6);
        p.variant_fitting(m::causal_mask_not_zero_filled, as(example), [L](const Result& r) {
            if (r.threw != Threw::nothing || r.parts.size() != 1) return false;
            const arma::mat& M = r.parts[0].value;
            if (M.n_rows != L || M.n_cols != L) return false;
            bool other = false, all_one = true, all_nan = true;
            for (arma::uword i = 0; i < L; ++i)
                for (arma::uword j = 0; j < L; ++j) {
                    const double x = M(i, j);
                    if (j > i) {
                        if (!(std::isinf(x) && x < 0)) return false;
                        continue;
                    }
                    other = other || (x != 0.0 && !(std::isinf(x) && x < 0));
                    all_one = all_one && x == 1.0;
                    all_nan = all_nan && std::isnan(x);
                }
            return other && !all_one && !all_nan;
        });
    }
    // -1e9, -1e30, lowest(): any large finite number where -infinity belongs, the slip of
    // hidden scores set to -1e9
    const Mistake& large_finite = mistake_of(MaskUse::set_large);
    p.variant_fitting(large_finite,
                      as(hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, -1e9)),
                      future_holds(L, [](double x) { return std::isfinite(x) && x <= -1e4; }));
    // -1, -100: a small finite number where -infinity belongs (the future keys keep a weight)
    p.variant_fitting(m::mask_small_finite_value, as(hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, -1.0)),
                      future_holds(L, [](double x) { return std::isfinite(x) && x < 0 && x > -1e4; }),
                      "-1, -100 or the like");
    // a 0/1 pattern times -infinity: 0 * -inf is NaN where a key may be seen
    const arma::mat nan_seen =
        hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, -INFINITY, std::numeric_limits<double>::quiet_NaN());
    p.variant(m::mask_zero_times_infinity, as(nan_seen)).labelled("a 0/1 pattern times -inf, in loops");
    // arma::trimatu(M, 1) throws for fewer than 2 rows
    const Result trimatu_refuses = Result::throws(Threw::armadillo_index, "out of bounds");
    p.variant(m::mask_zero_times_infinity, L < 2 ? trimatu_refuses : as(nan_seen))
        .labelled("arma::trimatu(arma::ones(L, L), 1) * -inf")
        .combined();
    p.variant(m::causal_mask_trimatu_out_of_bounds, L < 2 ? trimatu_refuses : as(causal_mask_by_loops(L)));
    // L = 0 refused by a check of the learner's own (the contract refuses no length)
    if (L == 0)
        p.variant_fitting(m::causal_mask_length_zero_refused, Result::throws(Threw::input_error, "causal_mask:"),
                          [](const Result& r) {
                              return (r.threw == Threw::input_error || r.threw == Threw::shape_error) &&
                                     r.message.rfind("causal_mask:", 0) == 0;
                          });
    else
        p.variant(m::causal_mask_length_zero_refused, as(causal_mask_by_loops(L)));
    // the other slips made with arma::trimatu(M, 1) or arma::trimatl(M, -1): refused too for L < 2
    // (arma::trimatu(M, 2), for j > i + 1, for L < 3), and named by the other slip
    auto by_trimat = [&](const Mistake& mk, const arma::mat& M, arma::uword least, const std::string& how) {
        p.variant(mk, L < least ? trimatu_refuses : as(M)).labelled(how).combined();
    };
    by_trimat(m::causal_mask_wrong_triangle, hiding(L, [](arma::uword i, arma::uword j) { return j < i; }), 2,
              "arma::trimatl(M, -1)");
    by_trimat(m::causal_mask_shows_next, hiding(L, [](arma::uword i, arma::uword j) { return j > i + 1; }), 3,
              "arma::trimatu(M, 2)");
    by_trimat(m::mask_plus_infinity, hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, INFINITY), 2,
              "arma::trimatu(M, 1)");
    by_trimat(m::mask_zero_one_pattern, hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, 1.0, 0.0), 2,
              "arma::trimatu(arma::ones(L, L), 1)");
    const auto large = future_holds(L, [](double x) { return std::isfinite(x) && x <= -1e4; });
    p.variant_fitting(large_finite,
                      L < 2 ? trimatu_refuses : as(hiding(L, [](arma::uword i, arma::uword j) { return j > i; }, -1e9)),
                      [L, large, trimatu_refuses](const Result& r) { return L < 2 ? same_result(r, trimatu_refuses) : large(r); })
        .labelled("arma::trimatu(M, 1)")
        .combined();
}

const char* const kFixedSizeDetail = "a static buffer, or a model's context length";

Diagnosis causal_mask_diagnosis() {
    Diagnosis d("causal_mask");
    // (40: longer than a small mask made once and cut to size)
    for (const arma::uword L : {arma::uword{5}, arma::uword{1}, arma::uword{0}, arma::uword{40}}) {
        Probe& p = d.probe("causal_mask(" + std::to_string(L) + ")",
                           [L] { return result("mask", attn::causal_mask(L), kMask); },
                           result("mask", causal_mask_by_loops(L), kMask));
        causal_mask_variants(p, L);
        // a mask made once at a fixed size and cut to L x L: right while L fits, Armadillo's
        // error past it
        const Result right = p.right;
        if (L < 40) p.variant(m::causal_mask_fixed_size, right, kFixedSizeDetail);
        else
            p.variant_fitting(m::causal_mask_fixed_size, Result::throws(Threw::armadillo_index, "submat"),
                              [](const Result& r) {
                                  return r.threw == Threw::armadillo_index || r.threw == Threw::armadillo_size;
                              },
                              kFixedSizeDetail);
    }
    return d;
}

// Each bad input in turn, until the first one the learner's function does not refuse
// as it should: one finding, so that a function without any check is told once.
void refuses_each(const std::string& fn, const std::vector<std::tuple<std::string, std::function<void()>,
                                                                     std::vector<std::string>>>& cases) {
    for (const auto& [what, call, shapes] : cases) {
        const std::string msg = refusal_of<attn::ShapeError>(fn, call);
        if (msg.empty()) return;  // refusal_of has said what went wrong
        if (!message_names(msg, shapes, what)) return;
    }
}

// Whether `call` throws attn::ShapeError under `fn`'s own name: a check of the function's
// own, which a later case takes for granted (a function without checks is told once).
bool refuses_on_its_own(const std::string& fn, const std::function<void()>& call) {
    const Result got = attempt([&] {
        call();
        return Result{};
    });
    return got.threw == Threw::shape_error && got.message.rfind(fn + ":", 0) == 0;
}

}  // namespace

// ==================================================================== self_attention
BOOST_AUTO_TEST_SUITE(self_attention)

BOOST_AUTO_TEST_CASE(matches_attention_by_loops_on_three_inputs) {
    // the worked example (d_k = d_model), 5 tokens with d_model 6, d_k 4, d_v 3, and
    // 4 tokens with d_model 3 = d_k, d_v 2
    self_attention_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(matches_the_tutorials_output_on_i_love_llms) {
    namespace ex = attn::example;
    const arma::mat Z = attn::self_attention(ex::X(), ex::W_q(), ex::W_k(), ex::W_v()).output;
    const arma::mat tutorial = {{1.21, 0.58, 0.21, 0.21}, {1.63, 0.14, 0.23, 0.63}, {1.14, 0.23, 0.63, 0.14}};
    BOOST_TEST(matrices_close(Z, tutorial, 0.005, "Z to 2 decimals", kOutput));
}

BOOST_AUTO_TEST_CASE(projects_one_input_three_ways) {
    const Weights w(6, 4, 3, 21);
    arma::arma_rng::set_seed(22);
    const arma::mat X = arma::randn(5, 6);
    const AttentionByLoops expected =
        attention_by_loops(product_by_loops(X, w.W_q), product_by_loops(X, w.W_k), product_by_loops(X, w.W_v));
    const attn::AttentionResult r = attn::self_attention(X, w.W_q, w.W_k, w.W_v);
    BOOST_TEST(matrices_close(r.weights, expected.weights, 1e-12, "weights with d_model 6, d_k 4, d_v 3", kWeights));
    BOOST_TEST(matrices_close(r.output, expected.output, 1e-12, "output with d_model 6, d_k 4, d_v 3", kOutput));
}

BOOST_AUTO_TEST_CASE(rejects_input_narrower_than_the_weights_naming_both) {
    const Weights w(6, 4, 3, 23);
    const arma::mat X(5, 4, arma::fill::ones), X6(5, 6, arma::fill::ones);
    const arma::mat W_q5 = arma::ones(5, 4), W_k5 = arma::ones(5, 4), W_v5 = arma::ones(5, 3);
    const arma::mat W_k4 = arma::ones(4, 4), W_v4 = arma::ones(4, 3);
    // each input breaks one rule only, so that the check of that rule alone must refuse it
    // and the message has one right pair to give (X 5x4 beside W_k and W_v of 6 rows
    // would break three, and a body checking W_v first names W_v rightly)
    refuses_each("self_attention",
                 {{"X 5x4 with W_q 6x4", [&] { attn::self_attention(X, w.W_q, W_k4, W_v4); }, {"X 5x4", "6x4"}},
                  {"W_q 5x4 for an X 5x6", [&] { attn::self_attention(X6, W_q5, w.W_k, w.W_v); }, {"X 5x6", "5x4"}},
                  {"W_k 5x4 for an X 5x6", [&] { attn::self_attention(X6, w.W_q, W_k5, w.W_v); }, {"5x6", "5x4"}},
                  {"W_v 5x3 for an X 5x6", [&] { attn::self_attention(X6, w.W_q, w.W_k, W_v5); }, {"5x6", "5x3"}}});
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_weights_of_different_widths_naming_both) {
    // W_q and W_k fit X but give queries and keys of different widths: a rule of the
    // projections, the layer's own (else scaled_dot_product_attention refuses Q and K)
    const Weights w(6, 4, 3, 23);
    const arma::mat X(5, 4, arma::fill::ones), X6(5, 6, arma::fill::ones), W_k3 = arma::ones(6, 3);
    if (!refuses_on_its_own("self_attention", [&] { attn::self_attention(X, w.W_q, w.W_k, w.W_v); })) {
        BOOST_TEST_MESSAGE("checked once rejects_input_narrower_than_the_weights_naming_both passes");
        return;
    }
    refuses_each("self_attention",
                 {{"W_k 6x3 beside W_q 6x4", [&] { attn::self_attention(X6, w.W_q, W_k3, w.W_v); }, {"6x4", "6x3"}}});
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== cross_attention
BOOST_AUTO_TEST_SUITE(cross_attention)

BOOST_AUTO_TEST_CASE(queries_come_from_the_decoder_keys_and_values_from_the_encoder) {
    // the translation example, 3 decoder tokens over 7 encoder tokens, and 4 over 4
    cross_attention_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(a_decoder_of_no_tokens_gets_no_rows) {
    // nothing in the contract refuses L_dec = 0 (only the encoder must give a key):
    // weights 0 x L_enc, output 0 x d_v
    if (!results_right(cross_attention_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once queries_come_from_the_decoder_keys_and_values_from_the_encoder passes");
        return;
    }
    const Weights w(5, 3, 2, 31);
    arma::arma_rng::set_seed(32);
    const arma::mat X_dec(0, 5), H_enc = arma::randn(7, 5);
    const Result got = attempt([&] { return of(attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, w.W_v)); });
    if (refused_valid_input(got, "cross_attention", "X_dec 0x5 (no decoder token) over H_enc 7x5")) return;
    const Result want = as_result(arma::mat(0, 7), arma::mat(0, 2));
    BOOST_TEST(same_result(got, want), "X_dec 0x5 (no decoder token) over H_enc 7x5: " << describe_outcome(got, want));
}

BOOST_AUTO_TEST_CASE(two_decoder_queries_over_four_encoder_positions_give_two_output_rows) {
    const auto t = attn::cross_attention_lab::translation_example();
    const attn::AttentionResult r = attn::cross_attention(t.X_dec, t.H_enc, t.W_q, t.W_k, t.W_v);
    BOOST_TEST((r.weights.n_rows == 2u && r.weights.n_cols == 4u),
               "one row of weights per decoder token (2), one weight per encoder token (4); got "
                   << attn::shape_of(r.weights));
    BOOST_TEST((r.output.n_rows == 2u && r.output.n_cols == 4u),
               "one output row per decoder token (2), as wide as a value (4); got " << attn::shape_of(r.output));
}

BOOST_AUTO_TEST_CASE(changing_the_decoder_input_changes_only_through_the_queries) {
    // Every output row is a weighted average of the encoder's values: it stays
    // within their range whatever the decoder asks.
    const Weights w(4, 4, 4, 33);
    arma::arma_rng::set_seed(34);
    const arma::mat X_dec = arma::randn(2, 4) * 5.0, H_enc = arma::randn(4, 4);
    const arma::mat Z = attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, w.W_v).output;
    const arma::mat V = product_by_loops(H_enc, w.W_v);
    if (Z.n_cols != V.n_cols) {
        BOOST_TEST(false, "the output should be as wide as a value (" << V.n_cols << "); got " << attn::shape_of(Z));
        return;
    }
    for (arma::uword i = 0; i < Z.n_rows; ++i)
        for (arma::uword c = 0; c < Z.n_cols; ++c)
            BOOST_TEST((Z(i, c) >= V.col(c).min() - 1e-12 && Z(i, c) <= V.col(c).max() + 1e-12),
                       "output (" << i << ", " << c << ") lies outside the encoder's values: are V from H_enc?");
}

BOOST_AUTO_TEST_CASE(rejects_encoder_of_the_wrong_width_naming_it) {
    const Weights w(4, 4, 4, 35);
    const arma::mat X_dec(2, 4, arma::fill::ones), H_enc(4, 4, arma::fill::ones), H3(4, 3, arma::fill::ones),
        X3(2, 3, arma::fill::ones), W_v3 = arma::ones(3, 4), W_k_short = arma::ones(3, 4);
    // W_k or W_v too short (3x4) for H_enc: an error that pairs it with X_dec checked the wrong input
    for (const auto& call : std::vector<std::function<void()>>{
             [&] { attn::cross_attention(X_dec, H_enc, w.W_q, W_k_short, w.W_v); },
             [&] { attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, W_v3); }}) {
        const Result got = attempt([&] {
            call();
            return Result{};
        });
        if (got.threw == Threw::shape_error && got.message.rfind("cross_attention:", 0) == 0 &&
            mentions(got.message, "X_dec 2x4") && mentions(got.message, "3x4") && !mentions(got.message, "H_enc"))
            return report(m::encoder_checked_as_decoder);
    }
    // H_enc 5 wide, X_dec 4: W_v (or W_k) 4 tall fits X_dec and not H_enc. A check that refuses
    // a W_v too short for both, and lets this one through, compares W_v with X_dec's width
    // (whatever its message says)
    const arma::mat H5(4, 5, arma::fill::ones), W5 = arma::ones(5, 4);
    const std::vector<std::tuple<std::function<void()>, std::function<void()>>> pairs = {
        {[&] { attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, W_v3); },
         [&] { attn::cross_attention(X_dec, H5, w.W_q, W5, w.W_v); }},
        {[&] { attn::cross_attention(X_dec, H_enc, w.W_q, W_k_short, w.W_v); },
         [&] { attn::cross_attention(X_dec, H5, w.W_q, w.W_k, W5); }}};
    for (const auto& [both_wrong, only_h_enc] : pairs) {
        const Result got = attempt([&] {
            only_h_enc();
            return Result{};
        });
        if (got.threw != Threw::shape_error && refuses_on_its_own("cross_attention", both_wrong))
            return report(m::encoder_checked_as_decoder);
    }
    refuses_each("cross_attention",
                 // each with its partner by shape (W_k or W_v, all 4x4): a message that gives as
                 // many matrices, one of them another input under its own name, is named
                 {{"H_enc 4x3 with W_k 4x4", [&] { attn::cross_attention(X_dec, H3, w.W_q, w.W_k, w.W_v); },
                   {"H_enc 4x3", "4x4"}},
                  {"X_dec 2x3 with W_q 4x4", [&] { attn::cross_attention(X3, H_enc, w.W_q, w.W_k, w.W_v); },
                   {"X_dec 2x3", "4x4"}},
                  // H_enc 4x3 breaks the rules of W_k and W_v at once: each alone as well
                  {"W_k 3x4 for an H_enc 4x4", [&] { attn::cross_attention(X_dec, H_enc, w.W_q, W_k_short, w.W_v); },
                   {"H_enc 4x4", "3x4"}},
                  {"W_v 3x4 for an H_enc 4x4", [&] { attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, W_v3); },
                   {"H_enc 4x4", "3x4"}},
                  // an encoder wider than the decoder's input, a weight matrix as tall as the latter
                  {"W_v 4x4 for an H_enc 4x5 (X_dec 2x4)",
                   [&] { attn::cross_attention(X_dec, H5, w.W_q, W5, w.W_v); }, {"H_enc 4x5", "4x4"}},
                  {"W_k 4x4 for an H_enc 4x5 (X_dec 2x4)",
                   [&] { attn::cross_attention(X_dec, H5, w.W_q, w.W_k, W5); }, {"H_enc 4x5", "4x4"}}});
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_weights_of_different_widths_naming_both) {
    // W_q and W_k fit their inputs but give queries and keys of different widths: a rule of
    // the projections, the layer's own (else scaled_dot_product_attention refuses Q and K)
    const Weights w(4, 4, 4, 35);
    const arma::mat X_dec(2, 4, arma::fill::ones), H_enc(4, 4, arma::fill::ones), W_k3 = arma::ones(4, 3),
        H3(4, 3, arma::fill::ones);
    if (!refuses_on_its_own("cross_attention", [&] { attn::cross_attention(X_dec, H3, w.W_q, w.W_k, w.W_v); })) {
        BOOST_TEST_MESSAGE("checked once rejects_encoder_of_the_wrong_width_naming_it passes");
        return;
    }
    refuses_each("cross_attention",
                 {{"W_k 4x3 beside W_q 4x4", [&] { attn::cross_attention(X_dec, H_enc, w.W_q, W_k3, w.W_v); },
                   {"4x4", "4x3"}}});
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== causal_mask
BOOST_AUTO_TEST_SUITE(causal_mask)

BOOST_AUTO_TEST_CASE(is_minus_infinity_exactly_above_the_diagonal) {
    // 5 tokens, 1 token and none
    causal_mask_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(a_token_may_always_see_itself) {
    const arma::mat M = attn::causal_mask(3);
    if (M.n_rows != 3 || M.n_cols != 3) {
        BOOST_TEST(false, "causal_mask(3) is 3x3, one row per query and one column per key; got " << attn::shape_of(M));
        return;
    }
    for (arma::uword i = 0; i < 3; ++i) BOOST_TEST(M(i, i) == 0.0, "the diagonal must be 0 (row " << i << "), got " << M(i, i));
}

BOOST_AUTO_TEST_CASE(hides_every_later_key_with_minus_infinity) {
    const arma::mat M = attn::causal_mask(4);
    if (M.n_rows != 4 || M.n_cols != 4) {
        BOOST_TEST(false, "causal_mask(4) is 4x4; got " << attn::shape_of(M));
        return;
    }
    for (arma::uword i = 0; i < 4; ++i)
        for (arma::uword j = i + 1; j < 4; ++j)
            BOOST_TEST((std::isinf(M(i, j)) && M(i, j) < 0),
                       "entry (" << i << ", " << j << ") is in query " << i << "'s future: it must be -infinity, got "
                                 << M(i, j));
}

BOOST_AUTO_TEST_CASE(a_long_sequence_gets_its_whole_mask) {
    // 600 tokens: more than a mask made once at a small size or a context length of 512 and cut.
    // (No longer: a right mask grown one row at a time, insert_rows, copies it all at every row,
    // L^3 / 2 entries in all, 13 s at L = 1000, past the time limit of one check.)
    if (!results_right(causal_mask_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_minus_infinity_exactly_above_the_diagonal passes");
        return;
    }
    const Result got = attempt([] { return result("mask", attn::causal_mask(600), kMask); });
    if (got.threw == Threw::armadillo_index || got.threw == Threw::armadillo_size) {
        report(m::causal_mask_fixed_size, kFixedSizeDetail);
        return;
    }
    const std::string d = describe_outcome(got, result("mask", causal_mask_by_loops(600), kMask));
    BOOST_TEST(d.empty(), "causal_mask(600): " << d);
}

BOOST_AUTO_TEST_CASE(length_one_is_a_single_zero) {
    const Result got = attempt([] { return result("mask", attn::causal_mask(1), kMask); });
    const std::string d = describe_outcome(got, result("mask", arma::mat(1, 1, arma::fill::zeros), kMask));
    BOOST_TEST(d.empty(), "a single token may see itself: causal_mask(1) is the 1x1 matrix 0; " << d);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== masked_attention
BOOST_AUTO_TEST_SUITE(masked_attention)

BOOST_AUTO_TEST_CASE(matches_a_hand_loop_that_skips_the_hidden_keys) {
    // the causal mask over 5 tokens, 4 queries over 5 keys with positive scores and a
    // query that may see no key, 3 queries over 6 keys, large scores, and a mask of finite
    // entries besides 0 and -infinity
    masked_attention_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero_weight) {
    arma::arma_rng::set_seed(42);
    const arma::mat Q = arma::randn(2, 3), K = arma::randn(4, 3), V = arma::randn(4, 2);
    arma::mat mask(2, 4, arma::fill::zeros);
    mask(0, 1) = mask(1, 3) = -INFINITY;
    const attn::AttentionResult r = attn::masked_attention(Q, K, V, mask);
    const arma::mat& A = r.weights;
    if (A.n_rows != 2 || A.n_cols != 4) {
        BOOST_TEST(false, "the weights are L_Q x L_K, 2x4; got " << attn::shape_of(A));
        return;
    }
    BOOST_TEST(A(0, 1) == 0.0, "key 1 is masked for query 0; its weight must be exactly 0, got " << A(0, 1));
    BOOST_TEST(A(1, 3) == 0.0, "key 3 is masked for query 1; its weight must be exactly 0, got " << A(1, 3));
    BOOST_TEST(std::abs(arma::accu(A.row(0)) - 1.0) < 1e-12,
               "the unmasked keys share the whole budget: row 0 sums to " << arma::accu(A.row(0))
                                                                           << " (mask added before softmax?)");
    BOOST_TEST(matrices_close(r.output, product_by_loops(A, V), 1e-12, "output (it must be the weights times V)", kOutput));
}

BOOST_AUTO_TEST_CASE(zero_mask_changes_nothing) {
    arma::arma_rng::set_seed(43);
    const arma::mat Q = arma::randn(3, 4), K = arma::randn(6, 4), V = arma::randn(6, 5);
    BOOST_TEST(matrices_close(attn::masked_attention(Q, K, V, arma::mat(3, 6, arma::fill::zeros)).output,
                              attention_by_loops(Q, K, V).output, 1e-12, "output with an all-zero mask", kOutput));
}

BOOST_AUTO_TEST_CASE(changing_a_later_token_leaves_every_earlier_output_unchanged) {
    arma::arma_rng::set_seed(44);
    const arma::uword L = 6;
    const arma::mat X = arma::randn(L, 4);
    const Weights w(4, 4, 4, 45);
    const arma::mat mask = causal_mask_by_loops(L);
    for (arma::uword p = 1; p < L; ++p) {
        arma::mat X2 = X;
        X2.row(p) = arma::randn<arma::rowvec>(4) * 3.0;
        const arma::mat a = attn::masked_attention(X * w.W_q, X * w.W_k, X * w.W_v, mask).output;
        const arma::mat b = attn::masked_attention(X2 * w.W_q, X2 * w.W_k, X2 * w.W_v, mask).output;
        if (a.n_rows != L || b.n_rows != L) {
            BOOST_TEST(false, "one output row per query (" << L << "); got " << attn::shape_of(a));
            return;
        }
        BOOST_TEST(matrices_close(b.rows(0, p - 1), a.rows(0, p - 1), 0.0, "outputs before position " + std::to_string(p),
                                  kOutput),
                   "changing token " << p << " moved an earlier output: is the mask added before softmax?");
        BOOST_TEST(arma::abs(b.row(p) - a.row(p)).max() > 1e-9, "output " << p << " should change with its own token");
    }
}

BOOST_AUTO_TEST_CASE(fully_masked_query_gets_a_zero_row) {
    const arma::mat Q(2, 2, arma::fill::ones), K(3, 2, arma::fill::ones), V(3, 2, arma::fill::ones);
    arma::mat mask(2, 3, arma::fill::zeros);
    mask.row(0).fill(-INFINITY);
    const arma::mat Z = attn::masked_attention(Q, K, V, mask).output;
    BOOST_TEST(Z.is_finite(), "a query with every key masked must not produce NaN");
    if (Z.n_rows > 0) BOOST_TEST(arma::abs(Z.row(0)).max() == 0.0, "a query with every key masked attends to nothing: a zero row");
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_of_the_wrong_shape_naming_both) {
    // d_k 5: Q (2x5) is not of the scores' shape (2x4), so a message naming Q shows
    const arma::mat Q(2, 5, arma::fill::ones), K(4, 5, arma::fill::ones), V(4, 4, arma::fill::ones);
    const arma::mat mask(3, 3, arma::fill::zeros);
    const std::string msg = refusal_of<attn::ShapeError>("masked_attention", [&] { attn::masked_attention(Q, K, V, mask); });
    if (msg.empty()) return;
    // the scores named L_K x L_Q, 4x2
    if (mentions(msg, "mask 3x3") && mentions(msg, "4x2") && !mentions(msg, "2x4"))
        return report(m::mask_error_names_scores_transposed);
    // the mask beside the scores it is added to, L_Q x L_K ({"scores", Q.n_rows, K.n_rows})
    message_names(msg, {"mask 3x3", "scores 2x4"}, "a 3x3 mask for scores 2x4", true);
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_with_as_many_entries_in_the_other_shape) {
    // a 4x2 mask for scores 2x4: a check of mask.n_elem against L_Q * L_K lets it through
    const arma::mat Q(2, 5, arma::fill::ones), K(4, 5, arma::fill::ones), V(4, 4, arma::fill::ones);
    const arma::mat mask(4, 2, arma::fill::zeros);
    const std::string input = "a 4x2 mask for scores 2x4 (as many entries as the scores, the other shape)";
    const std::string msg =
        refusal_of<attn::ShapeError>("masked_attention", [&] { attn::masked_attention(Q, K, V, mask); }, {}, input);
    if (!msg.empty()) message_names(msg, {"mask 4x2", "scores 2x4"}, input, true);
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_right_in_only_one_of_its_two_sizes) {
    // scores 2x4: a 2x3 mask has the rows right, a 3x4 mask the columns
    const arma::mat Q(2, 5, arma::fill::ones), K(4, 5, arma::fill::ones), V(4, 4, arma::fill::ones);
    const auto own_refusal = [](const Result& r) {
        return r.threw == Threw::shape_error && r.message.rfind("masked_attention:", 0) == 0;
    };
    const Result both_wrong = attempt([&] {
        attn::masked_attention(Q, K, V, arma::mat(3, 3, arma::fill::zeros));
        return Result{};
    });
    for (const arma::mat& mask : {arma::mat(2, 3, arma::fill::zeros), arma::mat(3, 4, arma::fill::zeros)}) {
        const Result got = attempt([&] {
            attn::masked_attention(Q, K, V, mask);
            return Result{};
        });
        if (own_refusal(got)) continue;
        // the function's own check refuses a mask with both sizes wrong, but not this one
        if (own_refusal(both_wrong))
            return report(m::mask_shape_checked_in_one_size,
                          "a " + attn::shape_of(mask) + " mask for scores 2x4 got through (" +
                              describe_outcome(got, Result::throws(Threw::shape_error, "masked_attention:")) + ")");
        refusal_of<attn::ShapeError>("masked_attention", [&] { attn::masked_attention(Q, K, V, mask); });
        return;
    }
}

BOOST_AUTO_TEST_CASE(rejects_an_empty_mask) {
    // No mask is not a mask: masked_attention insists on one, L_Q x L_K.
    const arma::mat Q(2, 4, arma::fill::ones), K(4, 4, arma::fill::ones), V(4, 4, arma::fill::ones);
    const Result got = attempt([&] {
        attn::masked_attention(Q, K, V, arma::mat());
        return Result{};
    });
    if (got.threw == Threw::shape_error && got.message.rfind("masked_attention:", 0) == 0) return;
    // A function that checks no mask at all is told so by the case above; here only a
    // check that lets the empty mask through is named.
    const Result wrong_shape = attempt([&] {
        attn::masked_attention(Q, K, V, arma::mat(3, 3, arma::fill::zeros));
        return Result{};
    });
    if (wrong_shape.threw == Threw::shape_error && wrong_shape.message.rfind("masked_attention:", 0) == 0) {
        // the shape checked, but not for an empty mask: taken as no mask
        if (got.threw == Threw::nothing) return report(m::empty_mask_taken_as_no_mask);
        refusal_of<attn::ShapeError>("masked_attention", [&] { attn::masked_attention(Q, K, V, arma::mat()); });
    }
    else
        BOOST_ERROR("an empty mask (0x0) must be refused with a ShapeError naming masked_attention ("
                    << describe_outcome(got, Result::throws(Threw::shape_error, "masked_attention:")) << ")");
}

BOOST_AUTO_TEST_CASE(rejects_the_two_forced_shape_mistakes) {
    const arma::mat Q(7, 64, arma::fill::ones), K(12, 32, arma::fill::ones), V(12, 64, arma::fill::ones);
    const arma::mat mask(7, 12, arma::fill::zeros);
    const std::string a = refusal_of<attn::ShapeError>(
        "masked_attention", [&] { attn::masked_attention(Q, K, V, mask); }, {}, "Q of 7x64 with K of 12x32");
    if (a.empty()) return;
    BOOST_TEST(a == "masked_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32", "got '" << a << "'");
    const arma::mat K64(12, 64, arma::fill::ones), V10(10, 64, arma::fill::ones);
    const std::string b =
        refusal_of<attn::ShapeError>("masked_attention", [&] { attn::masked_attention(Q, K64, V10, mask); }, {},
                                     "K of 12x64 with V of 10x64");
    if (b.empty()) return;
    BOOST_TEST(b == "masked_attention: K and V must have the same length (L_K = L_V); got K 12x64 and V 10x64", "got '" << b << "'");
}

BOOST_AUTO_TEST_CASE(rejects_nan_or_plus_infinity_in_the_mask) {
    const arma::mat Q(2, 2, arma::fill::ones), K(2, 2, arma::fill::ones), V(2, 2, arma::fill::ones);
    for (const double bad : {NAN, INFINITY}) {
        arma::mat mask(2, 2, arma::fill::zeros);
        mask(1, 0) = bad;
        const std::string msg =
            refusal_of<attn::InputError>("masked_attention", [&] { attn::masked_attention(Q, K, V, mask); }, {},
                                         std::string("a mask holding ") + (std::isnan(bad) ? "NaN" : "+infinity"));
        if (msg.empty()) return;  // refusal_of has said what went wrong
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(cross_weights_are_two_by_four_and_rows_sum_to_one) {
    const auto t = attn::cross_attention_lab::translation_example();
    const arma::mat A = attn::cross_attention(t.X_dec, t.H_enc, t.W_q, t.W_k, t.W_v).weights;
    BOOST_TEST(A.n_rows == 2u);
    BOOST_TEST(A.n_cols == 4u);
    for (arma::uword i = 0; i < 2; ++i) BOOST_TEST(std::abs(arma::accu(A.row(i)) - 1.0) < 1e-12);
}

BOOST_AUTO_TEST_CASE(causal_weights_are_lower_triangular) {
    namespace ex = attn::example;
    const arma::mat X = ex::X();
    const arma::mat A = attn::cross_attention_lab::causal_self_attention(X, ex::W_q(), ex::W_k(), ex::W_v()).weights;
    BOOST_TEST(A(0, 0) == 1.0, "the first token can only see itself");
    BOOST_TEST((A(0, 1) == 0.0 && A(0, 2) == 0.0 && A(1, 2) == 0.0));
}

BOOST_AUTO_TEST_CASE(change_one_token_finds_no_leak_with_the_mask_and_one_without) {
    namespace ex = attn::example;
    const arma::rowvec other = {1, 1, 1, 1};
    const auto m = attn::cross_attention_lab::change_one_token(ex::X(), ex::W_q(), ex::W_k(), ex::W_v(), 2, other, true);
    const auto o = attn::cross_attention_lab::change_one_token(ex::X(), ex::W_q(), ex::W_k(), ex::W_v(), 2, other, false);
    BOOST_TEST(m.earlier_rows == 0.0);
    BOOST_TEST(o.earlier_rows > 0.01);
    BOOST_TEST(m.changed_row > 0.01);
}

BOOST_AUTO_TEST_CASE(weights_figure_is_a_heatmap_of_the_matrix) {
    const arma::mat A = {{0.5, 0.5, 0, 0}, {0.25, 0.25, 0.25, 0.25}};
    const auto fig = attn::cross_attention_lab::weights_figure("w", A, {"a", "b"}, {"1", "2", "3", "4"});
    const auto& h = std::get<attn::plot::Heatmap>(fig.panels.at(0));
    BOOST_TEST(h.values.n_rows == 2u);
    BOOST_TEST(h.values.n_cols == 4u);
    BOOST_TEST(h.col_labels.size() == 4u);
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(self_attention) { self_attention_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(cross_attention) { cross_attention_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(causal_mask) { causal_mask_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(masked_attention) { masked_attention_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
