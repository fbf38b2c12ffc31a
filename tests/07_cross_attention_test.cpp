// Chapter 07 tests: self-attention, cross-attention and the causal mask.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch07_cross_attention)

#include <cmath>
#include <vector>

#include "contracts/07_cross_attention.hpp"
#include "labs/cross_attention_lab.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"
#include "attention_families.hpp"
#include "mistakes.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;
using attn_test::attention_loops;
using attn_test::masked_attention_family;
using attn_test::MaskUse;
using attn_test::Way;

namespace {

// Products and attention with plain loops over scalars, independent of the code under test.
using attn_test::product_by_loops;

// `allowed(i, j)` false means key j is masked for query i.
template <class Allowed>
arma::mat attention_by_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V, Allowed allowed) {
    const double scale = 1.0 / std::sqrt(static_cast<double>(K.n_cols));
    arma::mat Z(Q.n_rows, V.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        std::vector<double> w(K.n_rows, 0.0);
        double m = -INFINITY, total = 0;
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            if (!allowed(i, j)) continue;
            double d = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) d += Q(i, c) * K(j, c);
            w[j] = d * scale;
            m = std::max(m, w[j]);
        }
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            w[j] = allowed(i, j) ? std::exp(w[j] - m) : 0.0;
            total += w[j];
        }
        for (arma::uword j = 0; j < K.n_rows; ++j)
            for (arma::uword c = 0; c < V.n_cols; ++c) Z(i, c) += (total > 0 ? w[j] / total : 0.0) * V(j, c);
    }
    return Z;
}

arma::mat attention_by_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    return attention_by_loops(Q, K, V, [](arma::uword, arma::uword) { return true; });
}

struct Weights {
    arma::mat W_q, W_k, W_v;
    Weights(arma::uword d_model, arma::uword d_k, arma::uword d_v, int seed) {
        arma::arma_rng::set_seed(seed);
        W_q = arma::randn(d_model, d_k) * 0.5;
        W_k = arma::randn(d_model, d_k) * 0.5;
        W_v = arma::randn(d_model, d_v);
    }
};

bool mentions(const std::string& msg, const std::string& what) { return msg.find(what) != std::string::npos; }

arma::mat no_mask(const arma::mat& Q, const arma::mat& K) { return arma::mat(Q.n_rows, K.n_rows, arma::fill::zeros); }

// self_attention's family on input X: every variant is attention by loops on Q, K, V
// projected by loops.
attn_test::Family self_attention_family(const std::string& input, const arma::mat& X, const arma::mat& W_q,
                                        const arma::mat& W_k, const arma::mat& W_v) {
    namespace m = attn_test::mistakes;
    const arma::mat Q = product_by_loops(X, W_q), K = product_by_loops(X, W_k), V = product_by_loops(X, W_v);
    const arma::mat none = no_mask(Q, K);
    attn_test::Family f(input, attention_loops(Q, K, V, none));
    attn_test::add_divisor_slips(f, Q, K, V, none, static_cast<double>(X.n_cols));
    f.add(m::scores_from_unprojected_x, attention_loops(X, X, V, none), "scores X X^T")
        .add(m::projection_role_swapped, attention_loops(K, K, V, none), "queries from W_k")
        .add(m::projection_role_swapped, attention_loops(Q, Q, V, none), "keys from W_q")
        .add(m::projection_role_swapped, attention_loops(Q, K, Q, none), "values from W_q")
        .add(m::projection_role_swapped, attention_loops(Q, K, K, none), "values from W_k")
        .add(m::scores_transposed, attention_loops(K, Q, V, none), "scores K Q^T")
        .add(m::weights_transposed, attention_loops(Q, K, V, none, Way{1.0, MaskUse::added, true, false, true}), "A^T V")
        .add(m::softmax_over_columns, attention_loops(Q, K, V, none, Way{1.0, MaskUse::added, true, true}),
             "softmax down the columns");
    return f;
}

// cross_attention's family: queries from the decoder, keys and values from the encoder.
attn_test::Family cross_attention_family(const std::string& input, const arma::mat& X_dec, const arma::mat& H_enc,
                                         const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    namespace m = attn_test::mistakes;
    const arma::mat Q = product_by_loops(X_dec, W_q), K = product_by_loops(H_enc, W_k), V = product_by_loops(H_enc, W_v);
    const arma::mat none = no_mask(Q, K);
    attn_test::Family f(input, attention_loops(Q, K, V, none));
    attn_test::add_divisor_slips(f, Q, K, V, none, static_cast<double>(X_dec.n_cols));
    const arma::mat Qe = product_by_loops(H_enc, W_q), Kd = product_by_loops(X_dec, W_k), Vd = product_by_loops(X_dec, W_v);
    f.add(m::cross_attention_roles_swapped, attention_loops(Qe, Kd, Vd, no_mask(Qe, Kd)), "Q from H_enc, K and V from X_dec")
        .add(m::softmax_over_columns, attention_loops(Q, K, V, none, Way{1.0, MaskUse::added, true, true}),
             "softmax down the columns");
    if (W_q.n_cols == W_v.n_cols) {
        const arma::mat Kq = product_by_loops(H_enc, W_q);
        f.add(m::projection_role_swapped, attention_loops(Q, Kq, V, none), "keys from W_q");
    }
    return f;
}

// The inputs masked_attention's slips are recognised on.
struct MaskedInput {
    std::string name;
    arma::mat Q, K, V, mask;
};

// 5 tokens under the causal mask (L_Q = L_K, so a transposed mask shows).
MaskedInput causal_input() {
    arma::arma_rng::set_seed(41);
    MaskedInput in{"5 tokens under the causal mask, d_k 3, d_v 2", arma::randn(5, 3), arma::randn(5, 3), arma::randn(5, 2),
                   arma::mat(5, 5, arma::fill::zeros)};
    for (arma::uword i = 0; i < 5; ++i)
        for (arma::uword j = i + 1; j < 5; ++j) in.mask(i, j) = -INFINITY;
    return in;
}

// 4 queries over 5 keys, every score positive, the last query with every key hidden.
MaskedInput positive_input() {
    arma::arma_rng::set_seed(46);
    MaskedInput in{"4 queries over 5 keys, positive scores, query 3 fully hidden", arma::randu(4, 2) + 0.5,
                   arma::randu(5, 2) + 0.5, arma::randn(5, 3), arma::mat(4, 5, arma::fill::zeros)};
    in.Q.col(1) *= 3.0;  // rows of different ranges
    in.mask(0, 1) = in.mask(0, 3) = in.mask(1, 2) = in.mask(2, 0) = -INFINITY;
    in.mask.row(3).fill(-INFINITY);
    return in;
}

// The inputs self_attention's, cross_attention's and causal_mask's slips are recognised on.
attn_test::Family worked_example_family() {
    namespace ex = attn::example;
    return self_attention_family("the worked example 'I love LLMs'", ex::X(), ex::W_q(), ex::W_k(), ex::W_v());
}
attn_test::Family three_ways_family() {
    const Weights w(6, 4, 3, 21);
    arma::arma_rng::set_seed(22);
    const arma::mat X = arma::randn(5, 6);
    return self_attention_family("5 tokens, d_model 6, d_k 4, d_v 3", X, w.W_q, w.W_k, w.W_v);
}
attn_test::Family translation_family() {
    const auto t = attn::cross_attention_lab::translation_example();
    return cross_attention_family("the translation example", t.X_dec, t.H_enc, t.W_q, t.W_k, t.W_v);
}
attn_test::Family decoder_encoder_family() {
    const Weights w(5, 3, 2, 31);
    arma::arma_rng::set_seed(32);
    const arma::mat X_dec = arma::randn(3, 5), H_enc = arma::randn(7, 5);
    return cross_attention_family("3 decoder tokens over 7 encoder tokens", X_dec, H_enc, w.W_q, w.W_k, w.W_v);
}

// causal_mask(5) and its slips: hiding the diagonal too, leaving the next key
// visible, the past hidden instead of the future (the mask transposed), 1/0 for
// 0/-inf, and a large finite number for -infinity (any such number: -1e9, -1e30,
// the lowest double).
attn_test::Family causal_mask_family() {
    namespace m = attn_test::mistakes;
    const arma::uword L = 5;
    auto hiding = [&](auto hidden) {
        arma::mat M(L, L);
        for (arma::uword i = 0; i < L; ++i)
            for (arma::uword j = 0; j < L; ++j) M(i, j) = hidden(i, j) ? -INFINITY : 0.0;
        return M;
    };
    arma::mat zero_one(L, L), large(L, L);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j) zero_one(i, j) = j > i ? 0.0 : 1.0, large(i, j) = j > i ? -1e9 : 0.0;
    attn_test::Family f("causal_mask(5)", hiding([](arma::uword i, arma::uword j) { return j > i; }));
    f.add(m::causal_mask_hides_diagonal, hiding([](arma::uword i, arma::uword j) { return j >= i; }), "j >= i hidden")
        .add(m::causal_mask_shows_next, hiding([](arma::uword i, arma::uword j) { return j > i + 1; }), "j > i + 1 hidden")
        .add(m::causal_mask_wrong_triangle, hiding([](arma::uword i, arma::uword j) { return j < i; }), "j < i hidden")
        .add(m::causal_mask_wrong_triangle, hiding([](arma::uword i, arma::uword j) { return j <= i; }), "j <= i hidden")
        .add(m::mask_zero_one_pattern, zero_one, "1 where seen, 0 where hidden")
        .add_fitting(m::mask_large_finite_value, large, "a large finite number where hidden", [L](const arma::mat& M) {
            if (M.n_rows != L || M.n_cols != L) return false;
            for (arma::uword i = 0; i < L; ++i)
                for (arma::uword j = 0; j < L; ++j)
                    if (j > i ? !(std::isfinite(M(i, j)) && M(i, j) <= -1e4) : M(i, j) != 0.0) return false;
            return true;
        });
    return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(self_attention)

BOOST_AUTO_TEST_CASE(matches_the_tutorials_output_on_i_love_llms) {
    namespace ex = attn::example;
    const arma::mat Z = attn::self_attention(ex::X(), ex::W_q(), ex::W_k(), ex::W_v()).output;
    const arma::mat tutorial = {{1.21, 0.58, 0.21, 0.21}, {1.63, 0.14, 0.23, 0.63}, {1.14, 0.23, 0.63, 0.14}};
    // On this input d_k = d_model, and dividing by d_k gives the same first row as
    // X X^T / sqrt(d_k): only the whole matrix tells those two apart.
    attn_test::recognise(Z, worked_example_family());
    BOOST_TEST(matrices_close(Z, tutorial, 0.005, "Z to 2 decimals"));
    const arma::mat X = ex::X();
    const arma::mat exact = attention_by_loops(product_by_loops(X, ex::W_q()), product_by_loops(X, ex::W_k()),
                                               product_by_loops(X, ex::W_v()));
    BOOST_TEST(matrices_close(Z, exact, 1e-12, "Z"));
}

BOOST_AUTO_TEST_CASE(projects_one_input_three_ways) {
    const Weights w(6, 4, 3, 21);
    arma::arma_rng::set_seed(22);
    const arma::mat X = arma::randn(5, 6);
    const arma::mat Q = product_by_loops(X, w.W_q), K = product_by_loops(X, w.W_k), V = product_by_loops(X, w.W_v);
    const arma::mat expected = attention_by_loops(Q, K, V);
    const arma::mat Z = attn::self_attention(X, w.W_q, w.W_k, w.W_v).output;
    // d_k = 4 but d_model = 6, so dividing by sqrt(d_model) shows here and not on the worked example.
    attn_test::recognise(Z, three_ways_family());
    BOOST_TEST(matrices_close(Z, expected, 1e-12, "self_attention with d_model 6, d_k 4, d_v 3"));
}

BOOST_AUTO_TEST_CASE(rejects_input_narrower_than_the_weights_naming_both) {
    const Weights w(6, 4, 3, 23);
    const arma::mat X(5, 4, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of([&] { attn::self_attention(X, w.W_q, w.W_k, w.W_v); });
    BOOST_TEST(mentions(msg, "self_attention:"), "expected a ShapeError naming self_attention; got '" << msg << "'");
    BOOST_TEST((mentions(msg, "X 5x4") && mentions(msg, "6x4")), "the message should give X 5x4 and W_q 6x4; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cross_attention)

BOOST_AUTO_TEST_CASE(two_decoder_queries_over_four_encoder_positions_give_two_output_rows) {
    const auto t = attn::cross_attention_lab::translation_example();
    const arma::mat Z = attn::cross_attention(t.X_dec, t.H_enc, t.W_q, t.W_k, t.W_v).output;
    attn_test::recognise(Z, translation_family());
    BOOST_TEST(Z.n_rows == 2u, "one output row per decoder token (2); got " << Z.n_rows);
    BOOST_TEST(Z.n_cols == 4u, "as wide as a value (4); got " << Z.n_cols);
    const arma::mat expected = attention_by_loops(product_by_loops(t.X_dec, t.W_q), product_by_loops(t.H_enc, t.W_k),
                                                  product_by_loops(t.H_enc, t.W_v));
    BOOST_TEST(matrices_close(Z, expected, 1e-12, "cross-attention output"));
}

BOOST_AUTO_TEST_CASE(queries_come_from_the_decoder_keys_and_values_from_the_encoder) {
    const Weights w(5, 3, 2, 31);
    arma::arma_rng::set_seed(32);
    const arma::mat X_dec = arma::randn(3, 5), H_enc = arma::randn(7, 5);
    const arma::mat expected = attention_by_loops(product_by_loops(X_dec, w.W_q), product_by_loops(H_enc, w.W_k),
                                                  product_by_loops(H_enc, w.W_v));
    const arma::mat Z = attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, w.W_v).output;
    // d_model 5, d_k 3, d_v 2, 3 queries over 7 keys: every wrong divisor gives other numbers
    attn_test::recognise(Z, decoder_encoder_family());
    BOOST_TEST(matrices_close(Z, expected, 1e-12, "3 decoder tokens over 7 encoder tokens"));
}

BOOST_AUTO_TEST_CASE(changing_the_decoder_input_changes_only_through_the_queries) {
    // Every output row is a weighted average of the encoder's values: it stays
    // within their range whatever the decoder asks.
    const Weights w(4, 4, 4, 33);
    arma::arma_rng::set_seed(34);
    const arma::mat X_dec = arma::randn(2, 4) * 5.0, H_enc = arma::randn(4, 4);
    const arma::mat Z = attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, w.W_v).output;
    const arma::mat V = product_by_loops(H_enc, w.W_v);
    for (arma::uword i = 0; i < Z.n_rows; ++i)
        for (arma::uword c = 0; c < Z.n_cols; ++c)
            BOOST_TEST((Z(i, c) >= V.col(c).min() - 1e-12 && Z(i, c) <= V.col(c).max() + 1e-12),
                       "output (" << i << ", " << c << ") lies outside the encoder's values: are V from H_enc?");
}

BOOST_AUTO_TEST_CASE(rejects_encoder_of_the_wrong_width_naming_it) {
    const Weights w(4, 4, 4, 35);
    const arma::mat X_dec(2, 4, arma::fill::ones), H_enc(4, 3, arma::fill::ones);
    const std::string msg =
        attn_test::shape_error_of([&] { attn::cross_attention(X_dec, H_enc, w.W_q, w.W_k, w.W_v); });
    BOOST_TEST(mentions(msg, "cross_attention:"), "got '" << msg << "'");
    BOOST_TEST(mentions(msg, "H_enc 4x3"), "the message should name H_enc 4x3; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(causal_mask)

BOOST_AUTO_TEST_CASE(is_minus_infinity_exactly_above_the_diagonal) {
    const arma::mat M = attn::causal_mask(5);
    attn_test::recognise(M, causal_mask_family());
    BOOST_TEST((M.n_rows == 5u && M.n_cols == 5u), "causal_mask(5) is 5x5, one row per query and one column per key; got " << attn::shape_of(M));
    for (arma::uword i = 0; i < 5; ++i)
        for (arma::uword j = 0; j < 5; ++j) {
            if (j > i)
                BOOST_TEST((std::isinf(M(i, j)) && M(i, j) < 0),
                           "entry (" << i << ", " << j << ") is in query " << i << "'s future: it must be -infinity, got " << M(i, j));
            else
                BOOST_TEST(M(i, j) == 0.0, "entry (" << i << ", " << j << ") may be seen: it must be 0, got " << M(i, j));
        }
}

BOOST_AUTO_TEST_CASE(a_token_may_always_see_itself) {
    const arma::mat M = attn::causal_mask(3);
    for (arma::uword i = 0; i < 3; ++i) BOOST_TEST(M(i, i) == 0.0, "the diagonal must be 0 (row " << i << ")");
}

BOOST_AUTO_TEST_CASE(length_one_is_a_single_zero) {
    const arma::mat M = attn::causal_mask(1);
    BOOST_TEST(M.n_elem == 1u, "causal_mask(1) is 1x1; got " << attn::shape_of(M));
    if (M.n_elem == 1) BOOST_TEST(M(0, 0) == 0.0, "a single token may see itself: the entry is 0, got " << M(0, 0));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(masked_attention)

BOOST_AUTO_TEST_CASE(causal_mask_matches_a_hand_loop_that_skips_the_future) {
    const MaskedInput in = causal_input();
    const arma::mat &Q = in.Q, &K = in.K, &V = in.V;
    const arma::mat expected = attention_by_loops(Q, K, V, [](arma::uword i, arma::uword j) { return j <= i; });
    const arma::mat got = attn::masked_attention(Q, K, V, in.mask).output;
    attn_test::recognise(got, masked_attention_family(in.name, Q, K, V, in.mask));
    BOOST_TEST(matrices_close(got, expected, 1e-12, "causally masked output"));
}

BOOST_AUTO_TEST_CASE(allowed_keys_keep_their_scores_and_share_the_whole_budget) {
    // Every score is positive here, so each known way of mishandling the mask
    // gives finite numbers of its own and can be recognised; query 3 may see no key.
    const MaskedInput in = positive_input();
    const arma::mat &Q = in.Q, &K = in.K, &V = in.V, &mask = in.mask;
    const arma::mat expected =
        attention_by_loops(Q, K, V, [&](arma::uword i, arma::uword j) { return mask(i, j) == 0.0; });
    const arma::mat got = attn::masked_attention(Q, K, V, mask).output;
    attn_test::recognise(got, masked_attention_family(in.name, Q, K, V, mask));
    BOOST_TEST(matrices_close(got, expected, 1e-12, "output with keys 1 and 3 hidden from query 0, 2 from 1, 0 from 2, all from 3"),
               "query 3 may see no key: its output row is zeros");
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero_weight) {
    arma::arma_rng::set_seed(42);
    const arma::mat Q = arma::randn(2, 3), K = arma::randn(4, 3), V = arma::randn(4, 2);
    arma::mat mask(2, 4, arma::fill::zeros);
    mask(0, 1) = mask(1, 3) = -INFINITY;
    const attn::AttentionResult r = attn::masked_attention(Q, K, V, mask);
    const arma::mat& A = r.weights;
    BOOST_TEST(matrices_close(r.output, A * V, 1e-12, "output (it must be the weights times V)"));
    BOOST_TEST(A(0, 1) == 0.0, "key 1 is masked for query 0; its weight must be exactly 0, got " << A(0, 1));
    BOOST_TEST(A(1, 3) == 0.0, "key 3 is masked for query 1; its weight must be exactly 0, got " << A(1, 3));
    BOOST_TEST(std::abs(arma::accu(A.row(0)) - 1.0) < 1e-12,
               "the unmasked keys share the whole budget: row 0 sums to " << arma::accu(A.row(0))
                                                                           << " (mask added before softmax?)");
}

BOOST_AUTO_TEST_CASE(zero_mask_changes_nothing) {
    arma::arma_rng::set_seed(43);
    const arma::mat Q = arma::randn(3, 4), K = arma::randn(6, 4), V = arma::randn(6, 5);
    BOOST_TEST(matrices_close(attn::masked_attention(Q, K, V, arma::mat(3, 6, arma::fill::zeros)).output,
                              attention_by_loops(Q, K, V), 1e-12, "output with an all-zero mask"));
}

BOOST_AUTO_TEST_CASE(changing_a_later_token_leaves_every_earlier_output_unchanged) {
    arma::arma_rng::set_seed(44);
    const arma::uword L = 6;
    const arma::mat X = arma::randn(L, 4);
    const Weights w(4, 4, 4, 45);
    arma::mat mask(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) mask(i, j) = -INFINITY;
    for (arma::uword p = 1; p < L; ++p) {
        arma::mat X2 = X;
        X2.row(p) = arma::randn<arma::rowvec>(4) * 3.0;
        const arma::mat a = attn::masked_attention(X * w.W_q, X * w.W_k, X * w.W_v, mask).output;
        const arma::mat b = attn::masked_attention(X2 * w.W_q, X2 * w.W_k, X2 * w.W_v, mask).output;
        BOOST_TEST(matrices_close(b.rows(0, p - 1), a.rows(0, p - 1), 0.0, "outputs before position " + std::to_string(p)),
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
    BOOST_TEST(arma::abs(Z.row(0)).max() == 0.0, "a query with every key masked attends to nothing: a zero row");
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_of_the_wrong_shape_naming_both) {
    const arma::mat Q(2, 4, arma::fill::ones), K(4, 4, arma::fill::ones), V(4, 4, arma::fill::ones);
    const arma::mat mask(3, 3, arma::fill::zeros);
    const std::string msg = attn_test::shape_error_of([&] { attn::masked_attention(Q, K, V, mask); });
    BOOST_TEST(mentions(msg, "masked_attention:"), "got '" << msg << "'");
    BOOST_TEST((mentions(msg, "mask 3x3") && mentions(msg, "2x4")), "the message should give mask 3x3 and the scores' 2x4; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_the_two_forced_shape_mistakes) {
    const arma::mat Q(7, 64, arma::fill::ones), K(12, 32, arma::fill::ones), V(12, 64, arma::fill::ones);
    const arma::mat mask(7, 12, arma::fill::zeros);
    const std::string a = attn_test::shape_error_of([&] { attn::masked_attention(Q, K, V, mask); });
    BOOST_TEST(a == "masked_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32", "got '" << a << "'");
    const arma::mat K64(12, 64, arma::fill::ones), V10(10, 64, arma::fill::ones);
    const std::string b = attn_test::shape_error_of([&] { attn::masked_attention(Q, K64, V10, mask); });
    BOOST_TEST(b == "masked_attention: K and V must have the same length (L_K = L_V); got K 12x64 and V 10x64", "got '" << b << "'");
}

BOOST_AUTO_TEST_CASE(rejects_nan_in_the_mask) {
    const arma::mat Q(2, 2, arma::fill::ones), K(2, 2, arma::fill::ones), V(2, 2, arma::fill::ones);
    arma::mat mask(2, 2, arma::fill::zeros);
    mask(1, 0) = NAN;
    const std::string msg = attn_test::input_error_of("masked_attention", [&] { attn::masked_attention(Q, K, V, mask); });
    BOOST_TEST(msg.find("masked_attention:") == 0, "a mask holding NaN must throw InputError naming masked_attention; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

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

// Every slip the tests above recognise gives numbers of its own on the input it is
// recognised on (attn_test::coincidences): the proof that a diagnosis is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(self_attention) { attn_test::require_distinguishable({worked_example_family(), three_ways_family()}); }

BOOST_AUTO_TEST_CASE(cross_attention) {
    attn_test::require_distinguishable({translation_family(), decoder_encoder_family()});
}

BOOST_AUTO_TEST_CASE(causal_mask) { attn_test::require_distinguishable({causal_mask_family()}); }

BOOST_AUTO_TEST_CASE(masked_attention) {
    const MaskedInput a = causal_input(), b = positive_input();
    attn_test::require_distinguishable(
        {masked_attention_family(a.name, a.Q, a.K, a.V, a.mask), masked_attention_family(b.name, b.Q, b.K, b.V, b.mask)});
}

BOOST_AUTO_TEST_SUITE_END()
