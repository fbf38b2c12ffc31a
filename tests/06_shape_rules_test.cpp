// Chapter 06 tests: the shape rules of scaled dot-product attention.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch06_shape_rules)

#include <cmath>
#include <vector>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"
#include "labs/shape_rules_lab.hpp"
#include "attention_families.hpp"
#include "mistakes.hpp"
#include "test_helpers.hpp"

using attn::Shape;
using attn::ShapeRule;
using attn_test::matrices_close;
using attn_test::thrown_message;

namespace {

// Attention with plain loops over scalars, independent of the code under test.
// The options reproduce known mistakes, so a failing test can name the one made.
struct Variant {
    // what the scores Q K^T are divided by: sqrt(d_k) is right; the others are slips
    enum class Divisor { sqrt_d_k, none, d_k, sqrt_d_v, sqrt_l_k, times_sqrt_d_k };
    Divisor divisor = Divisor::sqrt_d_k;
    bool keys_by_queries = false;  // K Q^T instead of Q K^T (square inputs only)
    bool queries_by_queries = false;  // Q Q^T: the queries compared with each other (square inputs only)
    bool weights_transposed = false;  // A^T V instead of A V (square inputs only)
    bool column_softmax = false;   // softmax down each column instead of along each row
    bool weights_only = false;     // returned A instead of A V
};

arma::mat attention_by_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const Variant& v = {}) {
    const double d_k = static_cast<double>(K.n_cols), d_v = static_cast<double>(V.n_cols),
                 L_K = static_cast<double>(K.n_rows);
    double scale = 1.0 / std::sqrt(d_k);
    switch (v.divisor) {
        case Variant::Divisor::sqrt_d_k: break;
        case Variant::Divisor::none: scale = 1.0; break;
        case Variant::Divisor::d_k: scale = 1.0 / d_k; break;
        case Variant::Divisor::sqrt_d_v: scale = 1.0 / std::sqrt(d_v); break;
        case Variant::Divisor::sqrt_l_k: scale = 1.0 / std::sqrt(L_K); break;
        case Variant::Divisor::times_sqrt_d_k: scale = std::sqrt(d_k); break;
    }
    arma::mat S(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            const arma::uword qi = v.keys_by_queries ? j : i, kj = v.keys_by_queries ? i : j;
            double d = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) d += Q(qi, c) * (v.queries_by_queries ? Q(kj, c) : K(kj, c));
            S(i, j) = d * scale;
        }
    arma::mat A(S.n_rows, S.n_cols);
    const arma::uword outer = v.column_softmax ? S.n_cols : S.n_rows, inner = v.column_softmax ? S.n_rows : S.n_cols;
    for (arma::uword o = 0; o < outer; ++o) {
        auto at = [&](arma::uword n) -> double& { return v.column_softmax ? S(n, o) : S(o, n); };
        auto out = [&](arma::uword n) -> double& { return v.column_softmax ? A(n, o) : A(o, n); };
        double m = -INFINITY, total = 0;
        for (arma::uword n = 0; n < inner; ++n) m = std::max(m, at(n));
        for (arma::uword n = 0; n < inner; ++n) total += (out(n) = std::exp(at(n) - m));
        for (arma::uword n = 0; n < inner; ++n) out(n) /= total;
    }
    if (v.weights_only) return A;
    arma::mat Z(A.n_rows, V.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < A.n_cols; ++j)
            for (arma::uword c = 0; c < V.n_cols; ++c) Z(i, c) += (v.weights_transposed ? A(j, i) : A(i, j)) * V(j, c);
    return Z;
}

// The family of wrong answers of scaled_dot_product_attention on Q, K, V: every
// known slip by loops. Slips that need L_Q = L_K (K Q^T, Q Q^T, A^T V) join only on
// square inputs; on other inputs they cannot compute.
attn_test::Family sdpa_family(const std::string& input, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    auto divided = [](Variant::Divisor d) {
        Variant v;
        v.divisor = d;
        return v;
    };
    Variant kq, qq, at, cols, weights;
    kq.keys_by_queries = true;
    qq.queries_by_queries = true;
    at.weights_transposed = true;
    cols.column_softmax = true;
    weights.weights_only = true;
    namespace m = attn_test::mistakes;
    using D = Variant::Divisor;
    struct Known {
        const attn_test::Mistake& mistake;
        Variant v;
        const char* how;
    };
    const Known known[] = {
        {m::no_scaling, divided(D::none), "not divided"},
        {m::scale_by_d_k, divided(D::d_k), "divided by d_k"},
        {m::scale_by_sqrt_d_v, divided(D::sqrt_d_v), "divided by sqrt(d_v)"},
        {m::scale_by_key_count, divided(D::sqrt_l_k), "divided by sqrt(L_K)"},
        {m::scale_multiplied, divided(D::times_sqrt_d_k), "multiplied by sqrt(d_k)"},
        {m::scores_transposed, kq, "K Q^T"},
        {m::scores_queries_by_queries, qq, "Q Q^T"},
        {m::weights_transposed, at, "A^T V"},
        {m::softmax_over_columns, cols, "softmax down the columns"},
        {m::weights_instead_of_output, weights, "A instead of A V"},
    };
    attn_test::Family f(input, attention_by_loops(Q, K, V));
    for (const auto& k : known) {
        const bool square_only = k.v.keys_by_queries || k.v.queries_by_queries || k.v.weights_transposed;
        if (square_only && Q.n_rows != K.n_rows) continue;
        f.add(k.mistake, attention_by_loops(Q, K, V, k.v), k.how);
    }
    return f;
}

// The inputs sdpa's slips are recognised on: every size different from d_k (the
// worked example of the 1x4 query below has d_v = 1, where sqrt(d_v) is 1 and
// "divided by sqrt(d_v)" is "not divided": nothing is recognised there).
attn_test::Family square_family() {
    const attn_test::RandomQKV r(5, 5, 8, 6);
    return sdpa_family("5 queries, 5 keys, d_k 8, d_v 6", r.Q, r.K, r.V);
}
attn_test::Family all_sizes_family() {
    const attn_test::RandomQKV r(3, 5, 6, 2, 17);
    return sdpa_family("3 queries, 5 keys, d_k 6, d_v 2", r.Q * 2.0, r.K, r.V);
}
// attention_shapes' families: a predicted shape as a 1x2 matrix, and the natural
// wrong predictions of the scores' shape (transposed) and of the output's (the
// weights' shape, or the width d_k).
arma::mat as_matrix(const Shape& s) {
    arma::mat m(1, 2);
    m(0, 0) = static_cast<double>(s.rows);
    m(0, 1) = static_cast<double>(s.cols);
    return m;
}
attn_test::Family scores_shape_family(arma::uword L_Q, arma::uword L_K) {
    attn_test::Family f("the scores' shape for L_Q " + std::to_string(L_Q) + ", L_K " + std::to_string(L_K),
                        as_matrix(Shape{L_Q, L_K}));
    f.add(attn_test::mistakes::scores_transposed, as_matrix(Shape{L_K, L_Q}), "L_K x L_Q");
    return f;
}
attn_test::Family output_shape_family(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    attn_test::Family f("the output's shape for L_Q " + std::to_string(L_Q) + ", L_K " + std::to_string(L_K) + ", d_k " +
                            std::to_string(d_k) + ", d_v " + std::to_string(d_v),
                        as_matrix(Shape{L_Q, d_v}));
    f.add(attn_test::mistakes::weights_instead_of_output, as_matrix(Shape{L_Q, L_K}), "L_Q x L_K");
    if (d_k != d_v) f.add(attn_test::mistakes::output_width_d_k, as_matrix(Shape{L_Q, d_k}), "L_Q x d_k");
    return f;
}

attn_test::RandomQKV masked_input() { return attn_test::RandomQKV(3, 4, 6, 2); }
arma::mat masked_input_mask() {
    arma::mat mask(3, 4, arma::fill::zeros);
    mask(0, 1) = mask(0, 3) = mask(2, 0) = -INFINITY;
    return mask;
}
attn_test::Family masked_family() {
    const auto r = masked_input();
    return attn_test::masked_attention_family("3 queries, 4 keys, d_k 6, d_v 2, 3 keys hidden", r.Q, r.K, r.V,
                                              masked_input_mask());
}

using Random = attn_test::RandomQKV;

bool mentions(const std::string& msg, const std::string& what) { return msg.find(what) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(scaled_dot_product_attention)

BOOST_AUTO_TEST_CASE(matches_a_hand_loop_on_square_inputs) {
    const Random r(5, 5, 8, 6);
    const arma::mat Z = attn::scaled_dot_product_attention(r.Q, r.K, r.V).output;
    attn_test::recognise(Z, square_family());
    BOOST_TEST(matrices_close(Z, attention_by_loops(r.Q, r.K, r.V), 1e-12, "Z"));
}

BOOST_AUTO_TEST_CASE(accepts_more_keys_than_queries_and_returns_one_row_per_query) {
    const Random r(7, 12, 64, 64);
    const arma::mat Z = attn::scaled_dot_product_attention(r.Q, r.K, r.V).output;
    BOOST_TEST(Z.n_rows == 7u, "7 queries give 7 output rows; got " << Z.n_rows);
    BOOST_TEST(Z.n_cols == 64u, "d_v = 64 gives 64 output columns; got " << Z.n_cols);
    BOOST_TEST(matrices_close(Z, attention_by_loops(r.Q, r.K, r.V), 1e-12, "Z (7 queries over 12 keys)"));
}

BOOST_AUTO_TEST_CASE(accepts_values_narrower_than_keys) {
    const Random r(3, 5, 6, 2);
    BOOST_TEST(matrices_close(attn::scaled_dot_product_attention(r.Q, r.K, r.V).output, attention_by_loops(r.Q, r.K, r.V),
                              1e-12, "Z with d_v = 2, d_k = 6"));
}

BOOST_AUTO_TEST_CASE(query_length_and_value_width_are_each_free_on_their_own) {
    // One free size differs at a time, so a refusal shows which rule was added.
    const Random fewer_queries(7, 12, 8, 8), narrower_values(5, 5, 8, 3);
    const std::string a = thrown_message<attn::ShapeError>(
        [&] { attn::scaled_dot_product_attention(fewer_queries.Q, fewer_queries.K, fewer_queries.V); });
    if (!a.empty()) attn_test::report(attn_test::mistakes::extra_rule_l_q_equals_l_k);
    BOOST_TEST(a.empty(), "Q 7x8, K 12x8, V 12x8 breaks no rule; got '" << a << "'");
    const std::string b = thrown_message<attn::ShapeError>(
        [&] { attn::scaled_dot_product_attention(narrower_values.Q, narrower_values.K, narrower_values.V); });
    if (!b.empty()) attn_test::report(attn_test::mistakes::extra_rule_d_v_equals_d_k);
    BOOST_TEST(b.empty(), "Q 5x8, K 5x8, V 5x3 breaks no rule; got '" << b << "'");
}

BOOST_AUTO_TEST_CASE(the_divisor_is_sqrt_d_k_and_no_other_size) {
    // L_Q 3, L_K 5, d_k 6, d_v 2: every size differs, so every wrong divisor
    // (none, d_k, sqrt(d_v), sqrt(L_K), times sqrt(d_k)) gives other numbers
    const Random r(3, 5, 6, 2, 17);
    const arma::mat Z = attn::scaled_dot_product_attention(r.Q * 2.0, r.K, r.V).output;
    attn_test::recognise(Z, all_sizes_family());
    BOOST_TEST(matrices_close(Z, attention_by_loops(r.Q * 2.0, r.K, r.V), 1e-12, "Z"),
               "the scores are divided by sqrt(d_k) = sqrt(K.n_cols) = sqrt(6)");
}

BOOST_AUTO_TEST_CASE(divides_by_sqrt_dk_not_by_dk_or_nothing) {
    // Q K^T = 8 on key 0 and 0 on key 1, d_k = 4: scaled scores 4 and 0.
    const arma::mat Q = {{2, 2, 2, 2}};
    const arma::mat K = {{1, 1, 1, 1}, {0, 0, 0, 0}};
    const arma::mat V = arma::mat{1.0, 0.0}.t();
    const double w0 = std::exp(4.0) / (std::exp(4.0) + 1.0);
    const arma::mat Z = attn::scaled_dot_product_attention(Q, K, V).output;
    const double got = Z(0, 0);
    BOOST_TEST(std::abs(got - w0) < 1e-12, "weight on key 0 should be e^4/(e^4+1) = " << w0 << " (divide by sqrt(4) = 2); got "
                                                                                     << got);
}

BOOST_AUTO_TEST_CASE(shuffling_keys_with_their_values_changes_nothing) {
    const Random r(4, 6, 5, 3);
    const arma::uvec perm = {3, 0, 5, 1, 4, 2};
    const arma::mat a = attn::scaled_dot_product_attention(r.Q, r.K, r.V).output;
    const arma::mat b = attn::scaled_dot_product_attention(r.Q, r.K.rows(perm), r.V.rows(perm)).output;
    BOOST_TEST(matrices_close(b, a, 1e-12, "Z after shuffling key-value pairs"));
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_of_different_widths) {
    const Random r(7, 12, 64, 64);
    const arma::mat K32 = r.K.cols(0, 31);
    const std::string msg =
        attn_test::shape_error_of([&] { attn::scaled_dot_product_attention(r.Q, K32, r.V); });
    BOOST_TEST(msg == "scaled_dot_product_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32",
               "got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_key_value_length_mismatch) {
    const Random r(7, 12, 64, 64);
    const arma::mat V10 = r.V.rows(0, 9);
    const std::string msg =
        attn_test::shape_error_of([&] { attn::scaled_dot_product_attention(r.Q, r.K, V10); });
    BOOST_TEST(mentions(msg, "scaled_dot_product_attention:"), "got '" << msg << "'");
    BOOST_TEST(mentions(msg, "L_K = L_V"), "the message should name the rule L_K = L_V; got '" << msg << "'");
    BOOST_TEST((mentions(msg, "K 12x64") && mentions(msg, "V 10x64")), "the message should give both shapes; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(returns_the_weights_it_spent_on_the_values) {
    const Random r(7, 12, 8, 5);
    const attn::AttentionResult got = attn::scaled_dot_product_attention(r.Q, r.K, r.V);
    BOOST_REQUIRE_MESSAGE(got.weights.n_rows == 7u && got.weights.n_cols == 12u,
                          "the weights are L_Q x L_K = 7x12; got " << attn::shape_of(got.weights));
    for (arma::uword i = 0; i < 7; ++i)
        BOOST_TEST(std::abs(arma::accu(got.weights.row(i)) - 1.0) < 1e-12,
                   "query " << i << "'s weights sum to " << arma::accu(got.weights.row(i)) << " over the keys, not 1");
    BOOST_TEST(matrices_close(got.output, got.weights * r.V, 1e-12, "output (it must be the weights times V)"));
    BOOST_TEST(matrices_close(got.weights, attention_by_loops(r.Q, r.K, arma::eye(12, 12)), 1e-12, "weights"));
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero_weight_and_the_rest_share_the_budget) {
    const Random r = masked_input();
    const arma::mat mask = masked_input_mask();
    const attn::AttentionResult got = attn::scaled_dot_product_attention(r.Q, r.K, r.V, mask);
    const attn_test::Family family = masked_family();
    attn_test::recognise(got.output, family);
    BOOST_TEST(matrices_close(got.output, family.right, 1e-12, "output with keys 1 and 3 hidden from query 0, 0 from query 2"));
    BOOST_TEST(got.weights(0, 1) == 0.0, "key 1 is masked for query 0: its weight must be exactly 0");
    BOOST_TEST(got.weights(0, 3) == 0.0, "key 3 is masked for query 0: its weight must be exactly 0");
    BOOST_TEST(got.weights(2, 0) == 0.0, "key 0 is masked for query 2: its weight must be exactly 0");
    // Query 0 sees keys 0 and 2 only: exactly the attention of Q row 0 over those two keys.
    const arma::uvec seen = {0, 2};
    const arma::mat alone = attention_by_loops(r.Q.rows(0, 0), r.K.rows(seen), arma::eye(2, 2));
    BOOST_TEST(std::abs(got.weights(0, 0) - alone(0, 0)) < 1e-12,
               "query 0's weight on key 0 should be " << alone(0, 0) << " (mask added to the scores before the "
                                                      << "softmax); got " << got.weights(0, 0));
    BOOST_TEST(matrices_close(got.output, got.weights * r.V, 1e-12, "output (it must be the weights times V)"));
}

BOOST_AUTO_TEST_CASE(no_mask_and_an_all_zero_mask_agree) {
    const Random r(3, 4, 6, 2);
    const attn::AttentionResult plain = attn::scaled_dot_product_attention(r.Q, r.K, r.V);
    const attn::AttentionResult zero = attn::scaled_dot_product_attention(r.Q, r.K, r.V, arma::mat(3, 4, arma::fill::zeros));
    BOOST_TEST(matrices_close(zero.output, plain.output, 0.0, "output with a mask of zeros"));
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_that_is_not_one_entry_per_score) {
    const Random r(2, 4, 6, 2);
    const std::string msg = attn_test::shape_error_of(
        [&] { attn::scaled_dot_product_attention(r.Q, r.K, r.V, arma::mat(3, 3, arma::fill::zeros)); });
    BOOST_TEST(msg == "scaled_dot_product_attention: the mask must have one entry per query and key (L_Q x L_K); got "
                      "mask 3x3 and scores 2x4",
               "got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(attention_shapes)

BOOST_AUTO_TEST_CASE(seven_queries_over_twelve_keys_give_7x12_scores_and_7x64_output) {
    const auto s = attn::attention_shapes(7, 12, 64, 64);
    attn_test::recognise(as_matrix(s.scores), scores_shape_family(7, 12));
    attn_test::recognise(as_matrix(s.output), output_shape_family(7, 12, 64, 64));
    BOOST_TEST((s.scores == Shape{7, 12}), "scores should be L_Q x L_K = 7x12; got " << attn::to_string(s.scores));
    BOOST_TEST((s.weights == Shape{7, 12}), "softmax keeps the shape: 7x12; got " << attn::to_string(s.weights));
    BOOST_TEST((s.output == Shape{7, 64}), "output should be L_Q x d_v = 7x64; got " << attn::to_string(s.output));
}

BOOST_AUTO_TEST_CASE(output_width_is_d_v_not_d_k) {
    const auto s = attn::attention_shapes(3, 5, 16, 8);
    // d_k = 16, d_v = 8 and L_K = 5 all differ, so each wrong width names itself.
    attn_test::recognise(as_matrix(s.output), output_shape_family(3, 5, 16, 8));
    attn_test::recognise(as_matrix(s.scores), scores_shape_family(3, 5));
    BOOST_TEST((s.output == Shape{3, 8}), "with d_k = 16 and d_v = 8 the output is 3x8; got " << attn::to_string(s.output));
    BOOST_TEST((s.scores == Shape{3, 5}), "scores: one row per query, one column per key (3x5); got "
                                                 << attn::to_string(s.scores));
}

BOOST_AUTO_TEST_CASE(predictions_match_a_real_call) {
    const Random r(2, 9, 3, 5);
    const auto s = attn::attention_shapes(2, 9, 3, 5);
    const arma::mat Z = attention_by_loops(r.Q, r.K, r.V);
    BOOST_TEST((s.output == Shape{Z.n_rows, Z.n_cols}),
               "a real call with 2 queries, 9 keys, d_k 3, d_v 5 gives an output of " << attn::shape_of(Z) << "; predicted "
                                                                                   << attn::to_string(s.output));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(check_attention_shapes)

BOOST_AUTO_TEST_CASE(rejects_query_and_key_of_different_widths_naming_both) {
    const arma::mat Q(7, 64), K(12, 32), V(12, 64);
    const std::string msg = attn_test::shape_error_of([&] { attn::check_attention_shapes("my_attention", Q, K, V); });
    BOOST_TEST(msg == "my_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32",
               "got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_key_value_length_mismatch_naming_both) {
    const arma::mat Q(7, 64), K(12, 64), V(10, 64);
    const std::string msg = attn_test::shape_error_of([&] { attn::check_attention_shapes("my_attention", Q, K, V); });
    BOOST_TEST(msg == "my_attention: K and V must have the same length (L_K = L_V); got K 12x64 and V 10x64",
               "got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(checks_the_width_rule_first) {
    const arma::mat Q(7, 64), K(12, 32), V(10, 64);
    const std::string msg = attn_test::shape_error_of([&] { attn::check_attention_shapes("f", Q, K, V); });
    BOOST_TEST(mentions(msg, "d_q = d_k"), "both rules are broken; the width rule comes first. got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(accepts_different_query_length_and_value_width) {
    const arma::mat Q(7, 64), K(12, 64), V(12, 32);
    const std::string a = thrown_message<attn::ShapeError>([&] { attn::check_attention_shapes("f", Q, K, V); });
    BOOST_TEST(a.empty(), "Q 7x64, K 12x64, V 12x32 breaks no rule (L_Q and d_v are free); got '" << a << "'");
    const arma::mat Q1(1, 4), K1(9, 4), V1(9, 100);
    const std::string b = thrown_message<attn::ShapeError>([&] { attn::check_attention_shapes("f", Q1, K1, V1); });
    BOOST_TEST(b.empty(), "Q 1x4, K 9x4, V 9x100 breaks no rule; got '" << b << "'");
}

BOOST_AUTO_TEST_CASE(query_length_and_value_width_are_each_free_on_their_own) {
    // One free size differs at a time, so a refusal shows which rule was added.
    const arma::mat Q(7, 64), K(12, 64), V(12, 64);
    const std::string a = thrown_message<attn::ShapeError>([&] { attn::check_attention_shapes("f", Q, K, V); });
    if (!a.empty()) attn_test::report(attn_test::mistakes::extra_rule_l_q_equals_l_k);
    BOOST_TEST(a.empty(), "Q 7x64, K 12x64, V 12x64 breaks no rule; got '" << a << "'");
    const arma::mat Q2(12, 64), V2(12, 32);
    const std::string b = thrown_message<attn::ShapeError>([&] { attn::check_attention_shapes("f", Q2, K, V2); });
    if (!b.empty()) attn_test::report(attn_test::mistakes::extra_rule_d_v_equals_d_k);
    BOOST_TEST(b.empty(), "Q 12x64, K 12x64, V 12x32 breaks no rule; got '" << b << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(shape_questions)

BOOST_AUTO_TEST_CASE(names_the_width_rule_for_a_narrow_key) {
    BOOST_TEST((attn::rule_broken_by({7, 64}, {12, 32}, {12, 64}) == ShapeRule::same_width_q_k),
               "Q 7x64 with K 12x32: Q K^T needs d_q = d_k (chapter 06, step 4)");
}

BOOST_AUTO_TEST_CASE(names_the_length_rule_for_missing_values) {
    BOOST_TEST((attn::rule_broken_by({7, 64}, {12, 64}, {10, 64}) == ShapeRule::same_length_k_v),
               "K 12x64 with V 10x64: one value per key (chapter 06, step 4)");
}

BOOST_AUTO_TEST_CASE(different_query_length_or_value_width_breaks_nothing) {
    BOOST_TEST((attn::rule_broken_by({7, 64}, {12, 64}, {12, 64}) == ShapeRule::none), "L_Q != L_K is allowed");
    BOOST_TEST((attn::rule_broken_by({7, 64}, {12, 64}, {12, 32}) == ShapeRule::none), "d_v != d_k is allowed");
    BOOST_TEST((attn::rule_broken_by({7, 64}, {12, 32}, {10, 64}) == ShapeRule::same_width_q_k),
               "both broken: report the width rule, it is checked first");
}

BOOST_AUTO_TEST_CASE(neither_free_size_is_a_rule) {
    BOOST_TEST(!attn::query_and_key_lengths_must_match(), "a 7-token decoder reads a 12-token source: L_Q is free");
    BOOST_TEST(!attn::key_and_value_widths_must_match(), "d_k and d_v never meet in a product: d_v is free");
}

BOOST_AUTO_TEST_CASE(transposed_scores_pit_7_against_12) {
    const auto inner = attn::inner_dimensions_with_transposed_scores(7, 12, 64);
    BOOST_TEST(inner.first == 7u, "a 12x7 matrix has 7 columns; you answered " << inner.first);
    BOOST_TEST(inner.second == 12u, "V 12x64 has 12 rows; you answered " << inner.second);
}

BOOST_AUTO_TEST_SUITE_END()

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

// Every slip the tests above recognise gives numbers of its own on the input it is
// recognised on (attn_test::coincidences): the proof that a diagnosis is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(scaled_dot_product_attention) {
    attn_test::require_distinguishable({square_family(), all_sizes_family(), masked_family()});
}

BOOST_AUTO_TEST_CASE(attention_shapes) {
    attn_test::require_distinguishable({scores_shape_family(7, 12), output_shape_family(7, 12, 64, 64),
                                        scores_shape_family(3, 5), output_shape_family(3, 5, 16, 8)});
}

BOOST_AUTO_TEST_SUITE_END()
