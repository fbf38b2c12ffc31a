// Bad input: the README's table "What happens on bad input", row by row, on the
// reference solutions. Each case states what the learner is promised: one clear
// error naming what is wrong and where, or a well-defined answer.
// (The CSV rows are tested through the tool itself, tools/attend/CMakeLists.txt.)
#define BOOST_TEST_MODULE bad_input
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "attn/attention.hpp"
#include "attn/errors.hpp"
#include "attn/print.hpp"
#include "attn/projections.hpp"
#include "attn/softmax.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::RandomQKV;
using attn_test::thrown_message;

namespace {

const double kInf = std::numeric_limits<double>::infinity();

// The message of the InputError `fn` throws must start with `expected`.
void expect_input_error(const std::function<void()>& fn, const std::string& expected) {
    const std::string msg = thrown_message<attn::InputError>(fn);
    BOOST_TEST(msg.rfind(expected, 0) == 0u, "expected an InputError starting '" << expected << "', got '" << msg << "'");
    BOOST_TEST(msg.find('\n') == std::string::npos, "the error should be one line: '" << msg << "'");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(non_finite_values)

BOOST_AUTO_TEST_CASE(nan_or_infinity_in_q_k_or_v_is_named_with_its_cell) {
    for (const char* which : {"Q", "K", "V"}) {
        for (const double bad : {std::numeric_limits<double>::quiet_NaN(), kInf, -kInf}) {
            RandomQKV m(3, 4, 5, 2);
            arma::mat& M = which[0] == 'Q' ? m.Q : (which[0] == 'K' ? m.K : m.V);
            M(1, 0) = bad;
            const std::string what = std::isnan(bad) ? "NaN" : (bad > 0 ? "+infinity" : "-infinity");
            BOOST_TEST_CONTEXT(which << " holding " << what) {
                expect_input_error([&] { attn::scaled_dot_product_attention(m.Q, m.K, m.V); },
                                   std::string("scaled_dot_product_attention: ") + which + " has " + what +
                                       " at row 1, column 0");
                // masked_attention checks its mask; the matrices are checked by the
                // one attention function it hands them to, which names itself
                expect_input_error([&] { attn::masked_attention(m.Q, m.K, m.V, arma::mat(3, 4, arma::fill::zeros)); },
                                   std::string("scaled_dot_product_attention: ") + which + " has " + what +
                                       " at row 1, column 0");
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(nan_or_infinity_in_x_is_named_with_its_cell) {
    arma::arma_rng::set_seed(4);
    arma::mat X = arma::randn(3, 4);
    const arma::mat W = arma::randn(4, 4);
    X(2, 3) = kInf;
    expect_input_error([&] { attn::self_attention(X, W, W, W); }, "self_attention: X has +infinity at row 2, column 3");
    arma::mat H = arma::randn(5, 4);
    H(0, 1) = NAN;
    expect_input_error([&] { attn::cross_attention(arma::randn(2, 4), H, W, W, W); },
                       "cross_attention: H_enc has NaN at row 0, column 1");
    expect_input_error([&] { attn::cross_attention(X, arma::randn(5, 4), W, W, W); },
                       "cross_attention: X_dec has +infinity at row 2, column 3");
}

BOOST_AUTO_TEST_CASE(nan_or_plus_infinity_in_scores_is_named_with_its_cell) {
    expect_input_error([] { attn::softmax_rows(arma::mat{{0.0, 1.0}, {2.0, NAN}}); },
                       "softmax_rows: S has NaN at row 1, column 1");
    expect_input_error([] { attn::softmax_rows(arma::mat{{kInf, 1.0}}); },
                       "softmax_rows: S has +infinity at row 0, column 0");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(extremes)

BOOST_AUTO_TEST_CASE(scores_of_plus_and_minus_1e300_give_finite_weights) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1e300, -1e300, 0.0}, {-1e300, -1e300, -1e300}});
    BOOST_TEST(A.is_finite());
    // exp(s - max): the largest score gets exp(0) = 1, the others exp(-1e300) = 0
    BOOST_TEST(matrices_close(A, arma::mat{{1.0, 0.0, 0.0}, {1.0 / 3, 1.0 / 3, 1.0 / 3}}, 1e-15, "weights"));
    // the same through attention: d_k = 1, so the scores are q k exactly
    const arma::mat Q(1, 1, arma::fill::value(1e150));
    const arma::mat K = arma::mat(arma::colvec{1e150, -1e150});
    const arma::mat V = {{1.0, 2.0}, {3.0, 4.0}};
    const arma::mat Z = attn::scaled_dot_product_attention(Q, K, V).output;
    BOOST_TEST(matrices_close(Z, arma::mat{{1.0, 2.0}}, 0.0, "output"));
}

BOOST_AUTO_TEST_CASE(huge_numbers_print_in_scientific_notation) {
    BOOST_TEST(attn::format_number(1e300) == "1.00e+300");
    BOOST_TEST(attn::format_number(-1.7976931348623157e308) == "-1.80e+308");
    BOOST_TEST(attn::format_number(123456.789) == "123456.79", "ordinary numbers keep fixed notation");
}

BOOST_AUTO_TEST_CASE(one_token_attends_to_itself_with_weight_one) {
    const arma::mat x = {{0.5, -1.0, 2.0}};
    const arma::mat v = {{7.0, 8.0}};
    BOOST_TEST(matrices_close(attn::softmax_rows(arma::mat(1, 1, arma::fill::value(-3.0))), arma::mat(1, 1, arma::fill::ones), 0.0,
                              "weight"));
    BOOST_TEST(matrices_close(attn::scaled_dot_product_attention(x, x, v).output, v, 0.0, "output"));
    BOOST_TEST(matrices_close(attn::masked_attention(x, x, v, attn::causal_mask(1)).output, v, 0.0, "causal output"));
}

BOOST_AUTO_TEST_CASE(a_fully_masked_query_gets_a_zero_output_row) {
    RandomQKV m(3, 3, 4, 2);
    arma::mat mask = attn::causal_mask(3);
    mask.row(1).fill(-kInf);
    const arma::mat Z = attn::masked_attention(m.Q, m.K, m.V, mask).output;
    BOOST_TEST(Z.is_finite());
    BOOST_TEST(matrices_close(Z.row(1), arma::mat(1, 2, arma::fill::zeros), 0.0, "the fully masked row"));
    BOOST_TEST(matrices_close(Z.row(0), m.V.row(0), 1e-15, "row 0 still sees key 0"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(empty_matrices)

BOOST_AUTO_TEST_CASE(no_keys_is_refused_in_words) {
    expect_input_error([] { attn::scaled_dot_product_attention(arma::mat(2, 4), arma::mat(0, 4), arma::mat(0, 3)); },
                       "scaled_dot_product_attention: K is empty (0x4)");
    expect_input_error([] { attn::scaled_dot_product_attention(arma::mat(2, 0), arma::mat(3, 0), arma::mat(3, 3)); },
                       "scaled_dot_product_attention: K is empty (3x0)");
}

BOOST_AUTO_TEST_CASE(no_queries_gives_no_output_rows) {
    RandomQKV m(1, 3, 4, 2);
    const arma::mat Z = attn::scaled_dot_product_attention(arma::mat(0, 4), m.K, m.V).output;
    BOOST_TEST(Z.n_rows == 0u);
    BOOST_TEST(Z.n_cols == 2u);
    BOOST_TEST(attn::softmax_rows(arma::mat(0, 3)).n_cols == 3u);
}

// Found by fuzzing (fuzz/regressions/softmax_rows/rows_without_keys-*): Armadillo's
// max() of an empty row threw a logic_error that told the learner nothing.
BOOST_AUTO_TEST_CASE(softmax_of_rows_without_keys_is_refused_in_words) {
    expect_input_error([] { attn::softmax_rows(arma::mat(3, 0)); }, "softmax_rows: S is empty (3x0)");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(shape_rules)

struct Broken {
    const char* what;
    std::function<void()> call;
    std::string message;  // the whole message: function, rule, both shapes
};

BOOST_AUTO_TEST_CASE(each_rule_broken_alone_names_the_rule_and_both_shapes) {
    const arma::mat W = arma::ones(4, 4), W5 = arma::ones(5, 4), W43 = arma::ones(4, 3);
    const std::vector<Broken> cases = {
        {"d_q != d_k", [] { attn::scaled_dot_product_attention(arma::mat(7, 64), arma::mat(12, 32), arma::mat(12, 64)); },
         "scaled_dot_product_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32"},
        {"L_K != L_V", [] { attn::scaled_dot_product_attention(arma::mat(7, 64), arma::mat(12, 64), arma::mat(10, 64)); },
         "scaled_dot_product_attention: K and V must have the same length (L_K = L_V); got K 12x64 and V 10x64"},
        {"mask shape", [] { attn::masked_attention(arma::mat(2, 4), arma::mat(4, 4), arma::mat(4, 4), arma::mat(3, 3)); },
         "masked_attention: the mask must have one entry per query and key (L_Q x L_K); got mask 3x3 and scores 2x4"},
        {"masked d_q != d_k", [] { attn::masked_attention(arma::mat(2, 4), arma::mat(4, 3), arma::mat(4, 4), arma::mat(2, 4)); },
         "masked_attention: Q and K must have the same width (d_q = d_k); got Q 2x4 and K 4x3"},
        {"masked L_K != L_V", [] { attn::masked_attention(arma::mat(2, 4), arma::mat(4, 4), arma::mat(3, 4), arma::mat(2, 4)); },
         "masked_attention: K and V must have the same length (L_K = L_V); got K 4x4 and V 3x4"},
        {"X vs W_q", [&] { attn::self_attention(arma::mat(3, 4), W5, W, W); },
         "self_attention: X's width must equal W_q's rows (d_model); got X 3x4 and W_q 5x4"},
        {"X vs W_k", [&] { attn::self_attention(arma::mat(3, 4), W, W5, W); },
         "self_attention: X's width must equal W_k's rows (d_model); got X 3x4 and W_k 5x4"},
        {"X vs W_v", [&] { attn::self_attention(arma::mat(3, 4), W, W, W5); },
         "self_attention: X's width must equal W_v's rows (d_model); got X 3x4 and W_v 5x4"},
        {"W_q vs W_k", [&] { attn::self_attention(arma::mat(3, 4), W, W43, W); },
         "self_attention: W_q and W_k must have the same width (d_q = d_k); got W_q 4x4 and W_k 4x3"},
        {"X_dec vs W_q", [&] { attn::cross_attention(arma::mat(2, 5), arma::mat(6, 4), W, W, W); },
         "cross_attention: X_dec's width must equal W_q's rows (d_model); got X_dec 2x5 and W_q 4x4"},
        {"H_enc vs W_k", [&] { attn::cross_attention(arma::mat(2, 4), arma::mat(6, 5), W, W, W); },
         "cross_attention: H_enc's width must equal W_k's rows (d_model); got H_enc 6x5 and W_k 4x4"},
        {"masked_softmax", [] { attn::masked_softmax(arma::mat(3, 3), arma::umat(3, 2)); },
         "masked_softmax: the mask must have the shape of the scores; got S 3x3 and allowed 3x2"},
        {"project", [&] { attn::project(arma::mat(3, 5), W); },
         "project: X must be as wide as W is tall (d_model); got X 3x5 and W 4x4"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.what) {
            const std::string msg = thrown_message<attn::ShapeError>(c.call);
            BOOST_TEST(msg == c.message);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
