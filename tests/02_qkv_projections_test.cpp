// Chapter 02 tests: Q, K and V as projections of one input.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code (src/qkv_projections_lab.cpp).
//
// Expected values are the tutorial's matrices (whole numbers) and products
// computed here with scalar loops, never with the code under test.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch02_qkv_projections)

#include <cmath>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"
#include "labs/qkv_projections_lab.hpp"
#include "core/worked_example.hpp"
#include "mistakes.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;

namespace {

constexpr double kTwoDecimals = 0.005 + 1e-12;

// The tutorial's projections of "I love LLMs".
const arma::mat kQ = {{2, 1, 0, 0}, {1, 2, 0, 1}, {1, 0, 1, 2}};
const arma::mat kK = {{2, 0, 1, 0}, {0, 2, 0, 1}, {1, 0, 0, 2}};
const arma::mat kV = {{1, 1, 0, 0}, {2, 0, 0, 1}, {1, 0, 1, 0}};

arma::mat product_by_hand(const arma::mat& X, const arma::mat& W) { return attn_test::product_by_loops(X, W); }

// softmax(Q K^T / sqrt(d_k)) V with loops and std::exp.
arma::mat attention_by_hand(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const double scale = std::sqrt(static_cast<double>(K.n_cols));
    arma::mat Z(Q.n_rows, V.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        std::vector<double> e(K.n_rows);
        double total = 0;
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double s = 0;
            for (arma::uword c = 0; c < Q.n_cols; ++c) s += Q(i, c) * K(j, c);
            e[j] = std::exp(s / scale);
            total += e[j];
        }
        for (arma::uword j = 0; j < K.n_rows; ++j)
            for (arma::uword c = 0; c < V.n_cols; ++c) Z(i, c) += e[j] / total * V(j, c);
    }
    return Z;
}

// project's family on X and W: W X (square inputs only), X W^T (square W only), and
// the output transposed, W^T X^T (column-vector thinking), each by loops.
attn_test::Family project_family(const std::string& input, const arma::mat& X, const arma::mat& W) {
    namespace m = attn_test::mistakes;
    attn_test::Family f(input, product_by_hand(X, W));
    if (W.n_cols == X.n_rows) f.add(m::projection_w_times_x, product_by_hand(W, X), "W X");
    if (W.n_rows == W.n_cols) f.add(m::projection_transposed_weights, product_by_hand(X, W.t()), "X W^T");
    f.add(m::projection_output_transposed, product_by_hand(W.t(), X.t()), "W^T X^T");
    return f;
}
struct SquareInput {
    arma::mat X, W;
    SquareInput() {
        arma::arma_rng::set_seed(25);
        X = arma::randn(4, 4);
        W = arma::randn(4, 4);
    }
};
attn_test::Family square_family() {
    const SquareInput in;
    return project_family("X and W both 4x4", in.X, in.W);
}
struct TallInput {
    arma::mat X, W;
    TallInput() {
        arma::arma_rng::set_seed(21);
        X = arma::randn(5, 4);
        W = arma::randn(4, 3);
    }
};
attn_test::Family tall_family() {
    const TallInput in;
    return project_family("X 5x4, W 4x3", in.X, in.W);
}

// project_qkv's family: Q, K and V side by side (their entries in one column), with
// one role's projection made with another role's weights.
arma::mat side_by_side(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    return arma::join_cols(arma::vectorise(Q), arma::vectorise(K), arma::vectorise(V));
}
struct QkvInput {
    arma::mat X, Wq, Wk, Wv;
    QkvInput() {
        arma::arma_rng::set_seed(24);
        X = arma::randn(3, 5);
        Wq = arma::randn(5, 2);
        Wk = arma::randn(5, 2);
        Wv = arma::randn(5, 6);
    }
};
attn_test::Family qkv_family() {
    namespace m = attn_test::mistakes;
    const QkvInput in;
    const arma::mat Q = product_by_hand(in.X, in.Wq), K = product_by_hand(in.X, in.Wk), V = product_by_hand(in.X, in.Wv);
    attn_test::Family f("X 3x5, d_k 2, d_v 6", side_by_side(Q, K, V));
    f.add(m::qkv_weights_mixed_up, side_by_side(K, K, V), "Q from W_k")
        .add(m::qkv_weights_mixed_up, side_by_side(Q, Q, V), "K from W_q")
        .add(m::qkv_weights_mixed_up, side_by_side(K, Q, V), "Q and K swapped")
        .add(m::qkv_weights_mixed_up, side_by_side(Q, K, Q), "V from W_q")
        .add(m::qkv_weights_mixed_up, side_by_side(Q, K, K), "V from W_k");
    return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(project)

BOOST_AUTO_TEST_CASE(gives_the_tutorials_queries) {
    const arma::mat Q = attn::project(attn::example::X(), attn::example::W_q());
    BOOST_TEST(matrices_close(Q, kQ, 1e-12, "X W^Q"));
    BOOST_TEST(matrices_close(Q, kQ, kTwoDecimals, "X W^Q to 2 decimals"));
    BOOST_TEST(Q(0, 0) == 2.0, "the top-left entry is (0,0,1,1) . (0,0,1,1) = 2; got " << Q(0, 0));
}

BOOST_AUTO_TEST_CASE(matches_the_product_worked_out_entry_by_entry) {
    const TallInput in;
    const arma::mat P = attn::project(in.X, in.W);
    attn_test::recognise(P, tall_family());
    BOOST_TEST(matrices_close(P, product_by_hand(in.X, in.W), 1e-12, "X W"));
}

BOOST_AUTO_TEST_CASE(keeps_x_on_the_left_and_w_as_it_is_stored) {
    // X and W both square, so W X and X W^T compute too and can be recognised.
    const SquareInput in;
    const arma::mat P = attn::project(in.X, in.W);
    attn_test::recognise(P, square_family());
    BOOST_TEST(matrices_close(P, product_by_hand(in.X, in.W), 1e-12, "X W with X and W both 4x4"));
}

BOOST_AUTO_TEST_CASE(has_one_row_per_token_and_the_width_of_w) {
    arma::arma_rng::set_seed(22);
    const arma::mat P = attn::project(arma::randn(3, 8), arma::randn(8, 2));
    BOOST_TEST((P.n_rows == 3u && P.n_cols == 2u), "X 3x8 times W 8x2 is 3x2; got " << attn::shape_of(P));
}

BOOST_AUTO_TEST_CASE(row_i_depends_on_row_i_of_x_only) {
    arma::arma_rng::set_seed(23);
    arma::mat X = arma::randn(4, 3);
    const arma::mat W = arma::randn(3, 3);
    const arma::mat before = attn::project(X, W);
    X.row(2) += 1.0;
    const arma::mat after = attn::project(X, W);
    BOOST_TEST(matrices_close(after.rows(0, 1), before.rows(0, 1), 0.0, "rows 0-1 after changing row 2 of X"));
    BOOST_TEST(matrices_close(after.row(3), before.row(3), 0.0, "row 3 after changing row 2 of X"));
}

BOOST_AUTO_TEST_CASE(rejects_x_and_w_that_do_not_fit) {
    const arma::mat W(5, 4, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of([&] { attn::project(attn::example::X(), W); });
    BOOST_TEST(msg.find("project:") == 0, "X 3x4 with W 5x4 must throw ShapeError naming project; got '" << msg << "'");
    BOOST_TEST(msg.find("d_model") != std::string::npos, "the message should name the rule (d_model); got '" << msg << "'");
    BOOST_TEST(msg.find("3x4") != std::string::npos, "the message should give X's shape 3x4; got '" << msg << "'");
    BOOST_TEST(msg.find("5x4") != std::string::npos, "the message should give W's shape 5x4; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(project_qkv)

BOOST_AUTO_TEST_CASE(gives_the_tutorials_q_k_and_v) {
    const auto p = attn::project_qkv(attn::example::X(), attn::example::W_q(), attn::example::W_k(), attn::example::W_v());
    BOOST_TEST(matrices_close(p.Q, kQ, 1e-12, "Q"));
    BOOST_TEST(matrices_close(p.K, kK, 1e-12, "K"));
    BOOST_TEST(matrices_close(p.V, kV, 1e-12, "V"));
}

BOOST_AUTO_TEST_CASE(each_role_uses_its_own_weight_matrix) {
    const QkvInput in;
    const arma::mat &X = in.X, &Wq = in.Wq, &Wk = in.Wk, &Wv = in.Wv;
    const auto p = attn::project_qkv(X, Wq, Wk, Wv);
    // Q or K made with the other's matrix, or V made with W_q or W_k:
    attn_test::recognise(side_by_side(p.Q, p.K, p.V), qkv_family());
    BOOST_TEST(matrices_close(p.Q, product_by_hand(X, Wq), 1e-12, "Q = X W_q"));
    BOOST_TEST(matrices_close(p.K, product_by_hand(X, Wk), 1e-12, "K = X W_k"));
    BOOST_TEST(matrices_close(p.V, product_by_hand(X, Wv), 1e-12, "V = X W_v (d_v = 6 here)"));
}

BOOST_AUTO_TEST_CASE(with_one_weight_matrix_for_all_three_q_k_and_v_are_equal) {
    // What makes Q, K and V different is only the weights.
    const arma::mat W = attn::example::W_q();
    const auto p = attn::project_qkv(attn::example::X(), W, W, W);
    BOOST_TEST(matrices_close(p.K, p.Q, 0.0, "K with W_k = W_q"));
    BOOST_TEST(matrices_close(p.V, p.Q, 0.0, "V with W_v = W_q"));
}

BOOST_AUTO_TEST_CASE(rejects_a_weight_matrix_that_does_not_fit) {
    const arma::mat bad(3, 4, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of(
        [&] { attn::project_qkv(attn::example::X(), attn::example::W_q(), attn::example::W_k(), bad); });
    BOOST_TEST(msg.find("3x4") != std::string::npos, "a 3x4 W_v for a 3x4 X must throw ShapeError; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(shape_question)

BOOST_AUTO_TEST_CASE(the_worked_example_gives_3x4_three_times) {
    const attn::Shape s = attn::projection_shape({3, 4}, {4, 4});
    BOOST_TEST((s.rows == 3u && s.cols == 4u),
               "X 3x4 times a 4x4 weight matrix: you answered " << attn::to_string(s)
                                                                  << "; Q, K and V are each 3x4, one row per token");
}

BOOST_AUTO_TEST_CASE(rows_come_from_x_and_columns_from_w) {
    const attn::Shape s = attn::projection_shape({7, 512}, {512, 64});
    BOOST_TEST(s.rows == 7u, "7 tokens in, 7 rows out: you answered " << s.rows << " rows");
    BOOST_TEST(s.cols == 64u, "the width comes from the weight matrix (64): you answered " << s.cols
                                                                                          << " columns; the shared 512 disappears in the product");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(identical_rows_question)

BOOST_AUTO_TEST_CASE(identical_rows_give_identical_q_k_and_v_rows) {
    BOOST_TEST(attn::identical_rows_stay_identical(),
               "row i of X W is x_i W: two equal rows times the same W are equal, in Q, K and V alike");
}

BOOST_AUTO_TEST_CASE(a_projection_does_not_know_positions) {
    BOOST_TEST(!attn::projection_knows_positions(),
               "x_i W uses the numbers in row i, never the index i: position has to be put into X beforehand");
}

BOOST_AUTO_TEST_CASE(reordering_the_words_only_reorders_their_outputs) {
    BOOST_TEST(!attn::reordering_changes_a_words_output(),
               "each word gets the same output row as before, only at its new place (run chapter 02, step 4)");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(a_copied_row_gives_identical_q_k_v_rows) {
    const arma::mat X2 = attn::qkv_projections_lab::with_row_copied(attn::example::X(), 0, 2);
    BOOST_TEST(matrices_close(X2.row(2), X2.row(0), 0.0, "the copied row"));
    for (const arma::mat& W : {attn::example::W_q(), attn::example::W_k(), attn::example::W_v()}) {
        const arma::mat P = product_by_hand(X2, W);
        BOOST_TEST(attn::qkv_projections_lab::row_difference(P, 0, 2) == 0.0);
    }
    BOOST_TEST(attn::qkv_projections_lab::row_difference(kQ, 0, 1) == 1.0);
}

BOOST_AUTO_TEST_CASE(reordering_the_words_only_reorders_the_output) {
    const arma::uvec order = {2, 0, 1};
    const arma::mat X = attn::example::X(), Wq = attn::example::W_q(), Wk = attn::example::W_k(),
                    Wv = attn::example::W_v();
    const auto r = attn::qkv_projections_lab::reorder_words(X, Wq, Wk, Wv, order, attention_by_hand);
    BOOST_TEST(r.worst < 1e-12, "outputs moved with their words; worst difference " << r.worst);
    // independent: attention by hand on the reordered sentence
    const arma::mat Xr = X.rows(order);
    const arma::mat expected =
        attention_by_hand(product_by_hand(Xr, Wq), product_by_hand(Xr, Wk), product_by_hand(Xr, Wv));
    BOOST_TEST(matrices_close(r.Z_reordered, expected, 1e-12, "output on LLMs I love"));
    const arma::mat original = attention_by_hand(kQ, kK, kV);
    BOOST_TEST(matrices_close(r.Z, original, 1e-12, "output on I love LLMs"));
    BOOST_TEST(matrices_close(r.Z_reordered, arma::mat(original.rows(order)), 1e-12, "reordered output"));
    BOOST_TEST(arma::abs(r.Z_reordered - r.Z).max() > 0.1, "the output matrix itself does change: its rows move");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(qkv_inputs_question)

BOOST_AUTO_TEST_CASE(self_attention_reads_one_input) {
    const int got = attn::self_attention_input_count();
    BOOST_TEST(got == 1, "you answered " << got
                                         << " inputs; the query/key/value story sounds like three sources, but a "
                                            "self-attention layer reads the one sentence X and projects it three "
                                            "times (chapter 02, 'The idea')");
}

BOOST_AUTO_TEST_CASE(only_the_weight_matrices_separate_q_from_k) {
    const auto got = attn::what_makes_q_differ_from_k();
    if (got == attn::QkDifference::different_inputs)
        BOOST_ERROR("Q and K are not made from different inputs: both are the same X times a weight matrix "
                    "(chapter 02, 'The idea')");
    else if (got == attn::QkDifference::different_operations)
        BOOST_ERROR("Q and K come from the same operation, a product X W; what differs is the learned W "
                    "(chapter 02, 'The idea')");
    else
        BOOST_TEST((got == attn::QkDifference::different_weight_matrices),
                   "the only difference is the numbers inside W_q and W_k (chapter 02)");
}

BOOST_AUTO_TEST_CASE(equal_weights_would_make_q_and_k_equal) {
    BOOST_TEST(attn::equal_weights_give_equal_q_and_k(),
               "you answered that Q and K would still differ; with the same input and the same matrix, X W_q and "
               "X W_k are the same product, so nothing is left to make them differ (chapter 02, 'The idea')");
}

BOOST_AUTO_TEST_SUITE_END()

// The chapter's figure (the suite reopens `chapter`).
BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(projections_figure_shows_x_and_the_three_views_of_it) {
    const arma::mat X = attn::example::X();
    const attn::Projections p{X * attn::example::W_q(), X * attn::example::W_k(), X * attn::example::W_v()};
    const auto fig = attn::qkv_projections_lab::projections_figure(X, p, attn::example::tokens());
    BOOST_REQUIRE(fig.panels.size() == 4u);
    const arma::mat* expected[] = {&X, &p.Q, &p.K, &p.V};
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& h = std::get<attn::plot::Heatmap>(fig.panels[i]);
        BOOST_TEST(arma::approx_equal(h.values, *expected[i], "absdiff", 0.0), "panel " << i);
        BOOST_TEST(h.row_labels.size() == 3u);
        BOOST_TEST(h.zmin == std::get<attn::plot::Heatmap>(fig.panels[0]).zmin, "one colour range for all panels");
        BOOST_TEST(h.zmax == std::get<attn::plot::Heatmap>(fig.panels[0]).zmax, "one colour range for all panels");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// Every slip the tests above recognise gives numbers of its own on the input it is
// recognised on (attn_test::coincidences): the proof that a diagnosis is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(project) { attn_test::require_distinguishable({square_family(), tall_family()}); }

BOOST_AUTO_TEST_CASE(project_qkv) { attn_test::require_distinguishable({qkv_family()}); }

BOOST_AUTO_TEST_SUITE_END()
