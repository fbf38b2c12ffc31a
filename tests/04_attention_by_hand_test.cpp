// Chapter 04 tests: attention by hand on "I love LLMs".
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code (src/attention_by_hand_lab.cpp).
//
// Expected values are the tutorial's printed numbers (2 decimals) and values
// computed here with scalar loops and std::exp, never with the code under test.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch04_attention_by_hand)

#include <cmath>
#include <string>
#include <variant>

#include "labs/attention_by_hand_lab.hpp"
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"
#include "mistakes.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;

namespace {

constexpr double kTwoDecimals = 0.005 + 1e-12;  // "equal when rounded to 2 decimals"

// The tutorial's Q, K and V of "I love LLMs" (whole numbers, exact).
const arma::mat kQ = {{2, 1, 0, 0}, {1, 2, 0, 1}, {1, 0, 1, 2}};
const arma::mat kK = {{2, 0, 1, 0}, {0, 2, 0, 1}, {1, 0, 0, 2}};
const arma::mat kV = {{1, 1, 0, 0}, {2, 0, 0, 1}, {1, 0, 1, 0}};
// Its score table Q K^T, the halved table, and the printed (rounded) A and Z.
const arma::mat kS = {{4, 2, 2}, {2, 5, 3}, {3, 2, 5}};
const arma::mat kHalved = {{2, 1, 1}, {1, 2.5, 1.5}, {1.5, 1, 2.5}};
const arma::mat kA2dp = {{0.58, 0.21, 0.21}, {0.14, 0.63, 0.23}, {0.23, 0.14, 0.63}};
const arma::mat kZ2dp = {{1.21, 0.58, 0.21, 0.21}, {1.63, 0.14, 0.23, 0.63}, {1.14, 0.23, 0.63, 0.14}};

arma::mat dot_table(const arma::mat& Q, const arma::mat& K) {
    arma::mat S(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double s = 0;
            for (arma::uword c = 0; c < Q.n_cols; ++c) s += Q(i, c) * K(j, c);
            S(i, j) = s;
        }
    return S;
}

arma::mat softmax_by_hand(const arma::mat& S) {
    arma::mat A(S.n_rows, S.n_cols);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += std::exp(S(i, j));
        for (arma::uword j = 0; j < S.n_cols; ++j) A(i, j) = std::exp(S(i, j)) / total;
    }
    return A;
}

arma::mat mix_by_hand(const arma::mat& A, const arma::mat& V) { return attn_test::product_by_loops(A, V); }

// The unrounded tutorial weights and output, computed here from the halved table.
arma::mat exact_A() { return softmax_by_hand(kHalved); }
arma::mat exact_Z() { return mix_by_hand(exact_A(), kV); }

using Random = attn_test::RandomQKV;

// --- the families of wrong answers of this chapter's exercises -----------------
// scores: K Q^T (the table transposed) and Q Q^T (queries against queries).
attn_test::Family scores_family(const std::string& input, const arma::mat& Q, const arma::mat& K) {
    namespace m = attn_test::mistakes;
    attn_test::Family f(input, dot_table(Q, K));
    f.add(m::scores_transposed, dot_table(K, Q), "K Q^T").add(m::scores_queries_by_queries, dot_table(Q, Q), "Q Q^T");
    return f;
}
attn_test::Family tutorial_scores_family() { return scores_family("the worked example's Q and K", kQ, kK); }
attn_test::Family wide_scores_family() {
    const Random r(2, 5, 3, 4);
    return scores_family("2 queries, 5 keys, d_k 3", r.Q, r.K);
}

// scale_scores: not divided, divided by d_k, multiplied by sqrt(d_k).
attn_test::Family scale_family(const std::string& input, const arma::mat& S, double d_k) {
    namespace m = attn_test::mistakes;
    attn_test::Family f(input, S / std::sqrt(d_k));
    f.add(m::no_scaling, S, "not divided").add(m::scale_by_d_k, S / d_k, "divided by d_k")
        .add(m::scale_multiplied, S * std::sqrt(d_k), "multiplied by sqrt(d_k)");
    return f;
}
attn_test::Family nine_family() { return scale_family("[9, -18] with d_k = 9", arma::mat{{9.0, -18.0}}, 9.0); }
attn_test::Family tutorial_scale_family() { return scale_family("the worked example's scores, d_k = 4", kS, 4.0); }

// attention_weights: the divisor slips, softmax down the columns, K Q^T and Q Q^T.
attn_test::Family weights_family(const std::string& input, const arma::mat& Q, const arma::mat& K) {
    namespace m = attn_test::mistakes;
    const double d_k = static_cast<double>(K.n_cols), L_K = static_cast<double>(K.n_rows);
    const arma::mat S = dot_table(Q, K);
    attn_test::Family f(input, softmax_by_hand(S / std::sqrt(d_k)));
    f.add(m::no_scaling, softmax_by_hand(S), "not divided")
        .add(m::scale_by_d_k, softmax_by_hand(S / d_k), "divided by d_k")
        .add(m::scale_multiplied, softmax_by_hand(S * std::sqrt(d_k)), "multiplied by sqrt(d_k)")
        .add(m::softmax_over_columns, arma::mat(softmax_by_hand(arma::mat(S.t()) / std::sqrt(d_k)).t()), "softmax down the columns")
        .add(m::scores_transposed, softmax_by_hand(dot_table(K, Q) / std::sqrt(d_k)), "scores K Q^T")
        .add(m::scores_queries_by_queries, softmax_by_hand(dot_table(Q, Q) / std::sqrt(d_k)), "scores Q Q^T");
    if (L_K != d_k) f.add(m::scale_by_key_count, softmax_by_hand(S / std::sqrt(L_K)), "divided by sqrt(L_K)");
    return f;
}
attn_test::Family tutorial_weights_family() { return weights_family("the worked example's Q and K", kQ, kK); }
attn_test::Family d_k_9_family() {
    const Random r(2, 5, 9, 3);
    return weights_family("2 queries, 5 keys, d_k 9", r.Q, r.K);
}
attn_test::Family three_keys_family() {
    const Random r(2, 3, 4, 4);
    return weights_family("2 queries, 3 keys, d_k 4", r.Q, r.K);
}

// attend: the weights themselves, and A^T V (square A only).
attn_test::Family attend_family(const std::string& input, const arma::mat& A, const arma::mat& V) {
    namespace m = attn_test::mistakes;
    attn_test::Family f(input, mix_by_hand(A, V));
    f.add(m::weights_instead_of_output, A, "A");
    if (A.n_rows == A.n_cols) f.add(m::weights_transposed, mix_by_hand(arma::mat(A.t()), V), "A^T V");
    return f;
}
attn_test::Family tutorial_attend_family() { return attend_family("the worked example's A and V", exact_A(), kV); }

}  // namespace

BOOST_AUTO_TEST_SUITE(scores)

BOOST_AUTO_TEST_CASE(matches_the_tutorials_score_table) {
    const arma::mat S = attn::scores(kQ, kK);
    attn_test::recognise(S, tutorial_scores_family());
    BOOST_TEST(matrices_close(S, kS, 1e-12, "Q K^T of the worked example"));
    BOOST_TEST(matrices_close(S, dot_table(kQ, kK), 1e-12, "Q K^T against dot products by hand"));
}

BOOST_AUTO_TEST_CASE(entry_i_j_is_query_i_dot_key_j) {
    // 2 queries and 5 keys: Q K^T is 2x5, K Q^T would be 5x2.
    const Random r(2, 5, 3, 4);
    const arma::mat S = attn::scores(r.Q, r.K);
    attn_test::recognise(S, wide_scores_family());
    BOOST_TEST(S.n_rows == 2u, "one row per query (2); got " << S.n_rows << " rows");
    BOOST_TEST(matrices_close(S, dot_table(r.Q, r.K), 1e-12, "scores"));
}

BOOST_AUTO_TEST_CASE(love_to_llms_is_3_but_llms_to_love_is_2) {
    const arma::mat S = attn::scores(kQ, kK);
    BOOST_TEST(S(1, 2) == 3.0, "q_love . k_LLMs should be 3; got " << S(1, 2));
    BOOST_TEST(S(2, 1) == 2.0, "q_LLMs . k_love should be 2; got " << S(2, 1)
                                                                  << ". Queries and keys come from different matrices, so the table is not symmetric");
    BOOST_TEST(S(0, 0) == 4.0, "q_I . k_I should be 4; got " << S(0, 0));
}

BOOST_AUTO_TEST_CASE(rejects_q_and_k_of_different_widths) {
    const arma::mat K5(3, 5, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of([&] { attn::scores(kQ, K5); });
    BOOST_TEST(msg.find("scores:") == 0, "Q 3x4 with K 3x5 must throw ShapeError naming scores; got '" << msg << "'");
    BOOST_TEST(msg.find("d_q = d_k") != std::string::npos, "the message should name the rule d_q = d_k; got '" << msg << "'");
    BOOST_TEST(msg.find("3x4") != std::string::npos, "the message should give Q's shape 3x4; got '" << msg << "'");
    BOOST_TEST(msg.find("3x5") != std::string::npos, "the message should give K's shape 3x5; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scale_scores)

BOOST_AUTO_TEST_CASE(halves_the_tutorials_scores_when_d_k_is_4) {
    const arma::mat got = attn::scale_scores(kS, 4);
    attn_test::recognise(got, tutorial_scale_family());
    BOOST_TEST(matrices_close(got, kHalved, 1e-12, "Q K^T / sqrt(4)"));
}

BOOST_AUTO_TEST_CASE(divides_by_the_square_root_of_d_k_not_by_d_k) {
    const arma::mat S = {{9.0, -18.0}};
    const arma::mat got = attn::scale_scores(S, 9);
    attn_test::recognise(got, nine_family());
    BOOST_TEST(matrices_close(got, arma::mat{{3.0, -6.0}}, 1e-12, "[9, -18] / sqrt(9)"),
               "with d_k = 9 every score must be divided by 3; got " << got(0, 0) << " for 9");
}

BOOST_AUTO_TEST_CASE(keeps_the_order_within_each_row) {
    const arma::mat got = attn::scale_scores(kS, 4);
    for (arma::uword i = 0; i < kS.n_rows; ++i)
        BOOST_TEST(got.row(i).index_max() == kS.row(i).index_max(),
                   "row " << i << ": the largest score must stay the largest after scaling");
}

BOOST_AUTO_TEST_CASE(rejects_d_k_of_zero) {
    const std::string msg = attn_test::input_error_of("scale_scores", [] { attn::scale_scores(kS, 0); });
    BOOST_TEST(msg.find("scale_scores:") == 0, "d_k = 0 must throw InputError naming scale_scores (there is no sqrt(0) to divide by); got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(attention_weights)

BOOST_AUTO_TEST_CASE(matches_the_tutorials_weights) {
    const arma::mat A = attn::attention_weights(kQ, kK);
    BOOST_TEST(matrices_close(A, kA2dp, kTwoDecimals, "A to 2 decimals"));
    BOOST_TEST(matrices_close(A, exact_A(), 1e-12, "A"));
}

BOOST_AUTO_TEST_CASE(row_2_is_the_exponentials_over_19_382) {
    // love's halved scores are 1, 2.5, 1.5; their exponentials as the tutorial prints them:
    BOOST_TEST(std::abs(std::exp(1.0) - 2.718) < 0.0005);
    BOOST_TEST(std::abs(std::exp(2.5) - 12.182) < 0.0005);
    BOOST_TEST(std::abs(std::exp(1.5) - 4.482) < 0.0005);
    const double total = std::exp(1.0) + std::exp(2.5) + std::exp(1.5);
    BOOST_TEST(std::abs(total - 19.382) < 0.0005);
    const arma::mat A = attn::attention_weights(kQ, kK);
    const arma::mat row2 = {{std::exp(1.0) / total, std::exp(2.5) / total, std::exp(1.5) / total}};
    BOOST_TEST(matrices_close(A.row(1), row2, 1e-12, "row of love"));
}

BOOST_AUTO_TEST_CASE(each_query_row_sums_to_one_and_columns_need_not) {
    const arma::mat A = attn::attention_weights(kQ, kK);
    attn_test::recognise(A, tutorial_weights_family());
    for (arma::uword i = 0; i < A.n_rows; ++i)
        BOOST_TEST(std::abs(arma::accu(A.row(i)) - 1.0) < 1e-12,
                   "row " << i << " sums to " << arma::accu(A.row(i))
                          << "; softmax runs along each row (one query's budget), not down the columns");
    BOOST_TEST(std::abs(arma::accu(A.col(2)) - 1.0) > 0.05,
               "column 2 (LLMs) of the tutorial's weights sums to about 1.07; got " << arma::accu(A.col(2))
                                                                                      << ". Was the softmax taken over columns?");
}

BOOST_AUTO_TEST_CASE(uses_the_width_of_k_as_d_k) {
    // d_k = 9 and 5 keys: dividing by d_k, by L_K or not at all all give other numbers.
    const Random r(2, 5, 9, 3);
    const arma::mat expected = softmax_by_hand(dot_table(r.Q, r.K) / 3.0);
    const arma::mat A = attn::attention_weights(r.Q, r.K);
    attn_test::recognise(A, d_k_9_family());
    BOOST_TEST(matrices_close(A, expected, 1e-12, "softmax(Q K^T / sqrt(9))"));
}

BOOST_AUTO_TEST_CASE(has_one_row_per_query_and_one_column_per_key) {
    const Random r(2, 3, 4, 4);
    const arma::mat A = attn::attention_weights(r.Q, r.K);
    attn_test::recognise(A, three_keys_family());
    BOOST_TEST((A.n_rows == 2u && A.n_cols == 3u),
               "2 queries and 3 keys give weights 2x3; got " << attn::shape_of(A));
}

BOOST_AUTO_TEST_CASE(shuffling_the_keys_shuffles_the_weight_columns) {
    const Random r(3, 4, 5, 2);
    const arma::uvec order = {2, 0, 3, 1};
    const arma::mat A = attn::attention_weights(r.Q, r.K);
    const arma::mat B = attn::attention_weights(r.Q, arma::mat(r.K.rows(order)));
    BOOST_TEST(matrices_close(B, arma::mat(A.cols(order)), 1e-12, "weights with the keys reordered"));
}

BOOST_AUTO_TEST_CASE(rejects_q_and_k_of_different_widths) {
    const arma::mat K5(3, 5, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of([&] { attn::attention_weights(kQ, K5); });
    BOOST_TEST(msg.find("d_q = d_k") != std::string::npos, "Q 3x4 with K 3x5 must throw ShapeError naming d_q = d_k; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(attend)

BOOST_AUTO_TEST_CASE(matches_the_tutorials_output) {
    const arma::mat Z = attn::attend(exact_A(), kV);
    BOOST_TEST(matrices_close(Z, kZ2dp, kTwoDecimals, "Z = A V to 2 decimals"));
    BOOST_TEST(matrices_close(Z, exact_Z(), 1e-12, "Z = A V"));
}

BOOST_AUTO_TEST_CASE(the_output_is_3x4_not_the_3x3_weights) {
    const arma::mat Z = attn::attend(exact_A(), kV);
    attn_test::recognise(Z, tutorial_attend_family());
    BOOST_TEST((Z.n_rows == 3u && Z.n_cols == 4u),
               "A (3x3) times V (3x4) is 3x4, one row per token as wide as a value; got " << attn::shape_of(Z));
    const Random r(2, 3, 4, 5);
    const arma::mat A = softmax_by_hand(dot_table(r.Q, r.K));
    BOOST_TEST(matrices_close(attn::attend(A, r.V), mix_by_hand(A, r.V), 1e-12, "A V for 2 queries, 3 keys, d_v = 5"));
}

BOOST_AUTO_TEST_CASE(shuffling_keys_with_their_values_changes_nothing) {
    const Random r(3, 4, 4, 3);
    const arma::mat A = softmax_by_hand(dot_table(r.Q, r.K));
    const arma::uvec order = {3, 1, 0, 2};
    const arma::mat Z = attn::attend(A, r.V);
    const arma::mat Z2 = attn::attend(arma::mat(A.cols(order)), arma::mat(r.V.rows(order)));
    BOOST_TEST(matrices_close(Z2, Z, 1e-12, "output after moving each key's weight and value together"));
}

BOOST_AUTO_TEST_CASE(each_output_entry_lies_between_the_values_it_mixes) {
    const Random r(5, 6, 4, 3, 3);
    const arma::mat Z = attn::attend(softmax_by_hand(dot_table(r.Q, r.K)), r.V);
    for (arma::uword c = 0; c < r.V.n_cols; ++c) {
        const double lo = r.V.col(c).min(), hi = r.V.col(c).max();
        for (arma::uword i = 0; i < Z.n_rows; ++i)
            BOOST_TEST((Z(i, c) >= lo - 1e-12 && Z(i, c) <= hi + 1e-12),
                       "Z(" << i << "," << c << ") = " << Z(i, c) << " is outside column " << c << " of V, [" << lo
                            << ", " << hi << "]: a weighted average cannot leave that range");
    }
}

BOOST_AUTO_TEST_CASE(rejects_a_without_one_column_per_value_row) {
    const arma::mat V2(2, 4, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of([&] { attn::attend(exact_A(), V2); });
    BOOST_TEST(msg.find("attend:") == 0, "A 3x3 with V 2x4 must throw ShapeError naming attend; got '" << msg << "'");
    BOOST_TEST(msg.find("L_K = L_V") != std::string::npos, "the message should name the rule L_K = L_V; got '" << msg << "'");
    BOOST_TEST(msg.find("3x3") != std::string::npos, "the message should give A's shape 3x3; got '" << msg << "'");
    BOOST_TEST(msg.find("2x4") != std::string::npos, "the message should give V's shape 2x4; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(row_one_by_hand)

BOOST_AUTO_TEST_CASE(gives_1_21_0_58_0_21_0_21_from_the_rounded_weights) {
    const arma::rowvec z = attn::mix_value_rows(arma::rowvec{0.58, 0.21, 0.21}, kV);
    // 0.58 (1,1,0,0) + 0.21 (2,0,0,1) + 0.21 (1,0,1,0), column by column:
    const arma::rowvec expected = {0.58 * 1 + 0.21 * 2 + 0.21 * 1, 0.58, 0.21, 0.21};
    BOOST_TEST(matrices_close(z, expected, 1e-12, "row 1 of A V from 0.58, 0.21, 0.21"));
    BOOST_TEST(std::abs(z(0) - 1.21) < 1e-12, "the first entry should be 1.21; got " << z(0));
}

BOOST_AUTO_TEST_CASE(matches_row_1_of_a_v_with_the_exact_weights) {
    const arma::rowvec z = attn::mix_value_rows(exact_A().row(0), kV);
    BOOST_TEST(matrices_close(z, exact_Z().row(0), 1e-12, "row 1 of A V"));
    BOOST_TEST(matrices_close(z, kZ2dp.row(0), kTwoDecimals, "row 1 of A V to 2 decimals"));
}

BOOST_AUTO_TEST_CASE(mixes_any_number_of_value_rows) {
    const Random r(1, 6, 2, 5);
    const arma::rowvec w = softmax_by_hand(dot_table(r.Q, r.K));
    BOOST_TEST(matrices_close(attn::mix_value_rows(w, r.V), mix_by_hand(w, r.V), 1e-12, "weighted sum of 6 value rows"));
}

BOOST_AUTO_TEST_CASE(rejects_weights_of_the_wrong_length) {
    const std::string msg = attn_test::shape_error_of([&] { attn::mix_value_rows(arma::rowvec{0.5, 0.5}, kV); });
    BOOST_TEST(msg.find("mix_value_rows:") == 0, "2 weights for 3 value rows must throw ShapeError naming mix_value_rows; got '" << msg << "'");
    BOOST_TEST(msg.find("1x2") != std::string::npos, "the message should give the weights' shape 1x2; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(llms_row)

BOOST_AUTO_TEST_CASE(the_llms_row_is_1_14_0_23_0_63_0_14) {
    const arma::rowvec z = attn::llms_output_row(exact_A(), kV);
    BOOST_TEST(matrices_close(z, kZ2dp.row(2), kTwoDecimals, "the LLMs row to 2 decimals"));
    BOOST_TEST(matrices_close(z, exact_Z().row(2), 1e-12, "the LLMs row"));
}

BOOST_AUTO_TEST_CASE(takes_the_last_row_of_a) {
    const Random r(5, 3, 2, 4);
    const arma::mat A = softmax_by_hand(dot_table(r.Q, r.K));
    BOOST_TEST(matrices_close(attn::llms_output_row(A, r.V), mix_by_hand(A, r.V).row(4), 1e-12,
                              "last output row for 5 queries"));
}

BOOST_AUTO_TEST_CASE(the_llms_row_lies_between_the_smallest_and_largest_value) {
    BOOST_TEST(attn::inside_value_range(exact_Z().row(2), kV),
               "(1.14, 0.23, 0.63, 0.14) is inside V's column ranges [1,2], [0,1], [0,1], [0,1]: the check must say true");
    BOOST_TEST(attn::inside_value_range(kZ2dp.row(0), kV), "(1.21, 0.58, 0.21, 0.21) is inside too");
}

BOOST_AUTO_TEST_CASE(a_row_outside_a_column_range_is_caught) {
    BOOST_TEST(!attn::inside_value_range(arma::rowvec{2.5, 0.5, 0.5, 0.5}, kV),
               "2.5 is above column 0's largest value 2: the check must say false");
    BOOST_TEST(!attn::inside_value_range(arma::rowvec{1.5, 0.5, 0.5, -0.1}, kV),
               "-0.1 is below column 3's smallest value 0 (check every column, not only the first)");
    BOOST_TEST(!attn::inside_value_range(arma::rowvec{0.9, 0.5, 0.5, 0.5}, kV),
               "0.9 is below column 0's smallest value 1");
}

BOOST_AUTO_TEST_CASE(the_extremes_themselves_are_inside) {
    BOOST_TEST(attn::inside_value_range(arma::rowvec{1.0, 0.0, 0.0, 0.0}, kV), "the bounds are inclusive");
    BOOST_TEST(attn::inside_value_range(arma::rowvec{2.0, 1.0, 1.0, 1.0}, kV), "the bounds are inclusive");
}

BOOST_AUTO_TEST_CASE(rejects_rows_of_the_wrong_width) {
    const std::string msg =
        attn_test::shape_error_of([&] { attn::inside_value_range(arma::rowvec{1.0, 0.5}, kV); });
    BOOST_TEST(msg.find("inside_value_range:") == 0, "z 1x2 against V 3x4 must throw ShapeError; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(the_walkthrough_reproduces_every_tutorial_matrix) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    BOOST_TEST(matrices_close(w.p.Q, kQ, 1e-12, "Q"));
    BOOST_TEST(matrices_close(w.p.K, kK, 1e-12, "K"));
    BOOST_TEST(matrices_close(w.p.V, kV, 1e-12, "V"));
    BOOST_TEST(w.d_k == 4u);
    BOOST_TEST(matrices_close(w.S, kS, 1e-12, "Q K^T"));
    BOOST_TEST(matrices_close(w.S_scaled, kHalved, 1e-12, "Q K^T / 2"));
    BOOST_TEST(matrices_close(w.A, exact_A(), 1e-12, "A"));
    BOOST_TEST(matrices_close(w.Z, exact_Z(), 1e-12, "Z"));
    BOOST_TEST(matrices_close(w.A, kA2dp, kTwoDecimals, "A to 2 decimals"));
    BOOST_TEST(matrices_close(w.Z, kZ2dp, kTwoDecimals, "Z to 2 decimals"));
}

BOOST_AUTO_TEST_CASE(the_projections_come_from_the_worked_example_data) {
    // Q = X W_q by hand, from the stored example.
    const arma::mat X = attn::example::X(), W = attn::example::W_q();
    arma::mat Q(3, 4, arma::fill::zeros);
    for (arma::uword i = 0; i < 3; ++i)
        for (arma::uword j = 0; j < 4; ++j)
            for (arma::uword k = 0; k < 4; ++k) Q(i, j) += X(i, k) * W(k, j);
    BOOST_TEST(matrices_close(Q, kQ, 0.0, "X W_q by hand"));
    BOOST_TEST(Q(0, 0) == 2.0, "the tutorial's first hand step: Q[0,0] = 2");
}

BOOST_AUTO_TEST_CASE(the_heatmap_holds_the_weights_in_a_fixed_colour_range) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::weights_heatmap(w);
    const auto& h = std::get<attn::plot::Heatmap>(fig.panels.at(0));
    BOOST_TEST(matrices_close(h.values, exact_A(), 1e-12, "heatmap values"));
    BOOST_TEST(h.zmin == 0.0);
    BOOST_TEST(h.zmax == 1.0);
    BOOST_TEST(h.decimals == 2, "the numbers are printed in the cells");
    BOOST_TEST(h.row_labels.at(1) == "love");
}

BOOST_AUTO_TEST_CASE(the_three_stages_are_scores_halved_and_weights) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::three_stages_figure(w);
    BOOST_TEST(fig.panels.size() == 3u);
    BOOST_TEST(fig.cols == 3);
    BOOST_TEST(matrices_close(std::get<attn::plot::Heatmap>(fig.panels[0]).values, kS, 0.0, "panel 1"));
    BOOST_TEST(matrices_close(std::get<attn::plot::Heatmap>(fig.panels[1]).values, kHalved, 0.0, "panel 2"));
    BOOST_TEST(matrices_close(std::get<attn::plot::Heatmap>(fig.panels[2]).values, exact_A(), 1e-12, "panel 3"));
    BOOST_TEST(attn::plot::script(fig).find("multiplot") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_mixing_bars_add_up_to_the_love_row) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::mixing_figure(w, 1);
    const auto& c = std::get<attn::plot::BarChart>(fig.panels.at(0));
    BOOST_TEST(c.groups.size() == 4u, "three weighted value rows and their sum");
    BOOST_TEST(c.categories.size() == 4u);
    const arma::mat Z = exact_Z();
    for (std::size_t col = 0; col < 4; ++col) {
        const double sum = c.groups[0].values[col] + c.groups[1].values[col] + c.groups[2].values[col];
        BOOST_TEST(std::abs(sum - Z(1, col)) < 1e-12);
        BOOST_TEST(std::abs(c.groups[3].values[col] - Z(1, col)) < 1e-12);
    }
    BOOST_TEST(c.groups[1].title.find("0.63") != std::string::npos, "the bar of v_love is labelled with its weight 0.63");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(attention_questions)

BOOST_AUTO_TEST_CASE(the_divisor_is_sqrt_d_k_not_sqrt_d_model) {
    BOOST_TEST(std::abs(attn::score_divisor(4, 4) - 2.0) < 1e-12,
               "the worked example: d_k = 4, so the scores are halved; got " << attn::score_divisor(4, 4));
    const double got = attn::score_divisor(512, 64);
    if (std::abs(got - std::sqrt(512.0)) < 1e-9)
        BOOST_ERROR("you divided by sqrt(d_model) = 22.63; in the worked example the two widths are both 4, which "
                    "hides the difference, but the divisor is the square root of the width of one key, sqrt(64) = 8 "
                    "(chapter 04, 'The idea', item 2)");
    else if (std::abs(got - 64.0) < 1e-9 || std::abs(got - 512.0) < 1e-9)
        BOOST_ERROR("you answered " << got << ", a width itself; the scores are divided by the square root of the key "
                                               "width d_k: sqrt(64) = 8 (chapter 04, 'The idea', item 2)");
    else
        BOOST_TEST(std::abs(got - 8.0) < 1e-12,
                   "d_model 512, keys 64 wide: the divisor is sqrt(64) = 8; got " << got << " (chapter 04, item 2)");
}

BOOST_AUTO_TEST_CASE(the_layer_hands_on_a_v_not_the_weights) {
    const auto got = attn::what_the_layer_hands_on();
    if (got == attn::LayerOutput::weights)
        BOOST_ERROR("the weights are what gets drawn as heatmaps, but they are only the recipe: A is 3x3, one number "
                    "per pair of tokens, while the next layer needs a row per token; it receives Z = A V, 3x4 "
                    "(chapter 04, 'Two things to take away')");
    else if (got == attn::LayerOutput::scores)
        BOOST_ERROR("the scores are two steps before the end: softmax turns them into weights, and the weights are "
                    "then spent on V; the layer hands on Z = A V (chapter 04, 'The idea')");
    else
        BOOST_TEST((got == attn::LayerOutput::weighted_values), "the output is Z = A V (chapter 04, step 5)");
}

BOOST_AUTO_TEST_CASE(attention_weights_need_not_be_symmetric) {
    BOOST_TEST(!attn::weights_must_be_symmetric(),
               "you answered that A(i, j) must equal A(j, i); a plain dot product x_i . x_j would be symmetric, but a "
               "score pairs query i (made with W_q) with key j (made with W_k), and swapping i and j pairs two other "
               "vectors: love pays LLMs 0.23, LLMs pays love 0.14 (chapter 04, 'The idea', item 1)");
}

BOOST_AUTO_TEST_CASE(llms_pays_love_0_14) {
    const double got = attn::weight_llms_pays_to_love();
    if (std::abs(got - 0.23) < kTwoDecimals)
        BOOST_ERROR("0.23 is what love pays LLMs (row love, column LLMs); the question asks for row LLMs, column "
                    "love, and attention is not symmetric (chapter 04, 'The idea', item 1)");
    else
        BOOST_TEST(std::abs(got - 0.14) < kTwoDecimals,
                   "row LLMs, column love of A: got " << got << ", the program prints 0.14 (chapter 04, step 4)");
}

BOOST_AUTO_TEST_CASE(love_keeps_0_63_of_its_own_value) {
    const double got = attn::share_love_keeps_of_itself();
    BOOST_TEST(std::abs(got - 0.63) < kTwoDecimals,
               "got " << got
                      << "; z_love = 0.14 v_I + 0.63 v_love + 0.23 v_LLMs: the layer keeps 63% of love's own value "
                         "and borrows the rest from its neighbours (chapter 04, 'The idea', item 4)");
}

BOOST_AUTO_TEST_SUITE_END()

// The figure of the last product (the suite reopens `chapter`).
BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(weights_times_values_figure_holds_a_v_and_z) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::weights_times_values_figure(w);
    BOOST_REQUIRE(fig.panels.size() == 3u);
    const auto& a = std::get<attn::plot::Heatmap>(fig.panels[0]);
    const auto& v = std::get<attn::plot::Heatmap>(fig.panels[1]);
    const auto& z = std::get<attn::plot::Heatmap>(fig.panels[2]);
    BOOST_TEST(matrices_close(a.values, kA2dp, kTwoDecimals));
    BOOST_TEST(matrices_close(v.values, kV, 1e-12));
    BOOST_TEST(matrices_close(z.values, kZ2dp, kTwoDecimals));
    BOOST_TEST(a.zmax == 1.0, "weights keep the fixed [0, 1] colour range");
    BOOST_TEST(z.values.n_cols == 4u, "the output is 3x4, not the 3x3 weights");
    BOOST_TEST(v.zmax == z.zmax, "V and Z share a colour range");
}

BOOST_AUTO_TEST_SUITE_END()

// Every slip the tests above recognise gives numbers of its own on the input it is
// recognised on (attn_test::coincidences): the proof that a diagnosis is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(scores) { attn_test::require_distinguishable({tutorial_scores_family(), wide_scores_family()}); }

BOOST_AUTO_TEST_CASE(scale_scores) { attn_test::require_distinguishable({nine_family(), tutorial_scale_family()}); }

BOOST_AUTO_TEST_CASE(attention_weights) {
    attn_test::require_distinguishable({tutorial_weights_family(), d_k_9_family(), three_keys_family()});
}

BOOST_AUTO_TEST_CASE(attend) { attn_test::require_distinguishable({tutorial_attend_family()}); }

BOOST_AUTO_TEST_SUITE_END()
