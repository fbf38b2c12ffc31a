// Chapter 02 tests: Q, K and V as projections of one input.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's lab (src/labs/qkv_projections_lab.cpp).
//
// Expected values are the tutorial's matrices (whole numbers) and products computed
// here with scalar loops, never with the code under test. Each exercise's first check
// runs the learner's function on a few inputs and names the mistake behind a wrong
// result (tests/support/diagnosis.hpp); `distinguishable` proves that those inputs
// tell every two declared mistakes apart.
//
// Dimension legend: L = tokens (rows of X), d_model = width of X, d_k = width of Q and
// K, d_v = width of V; a weight matrix is d_model x d_out.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch02_qkv_projections)

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "check_progress.hpp"
#include "contracts/02_qkv_projections.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"
#include "labs/qkv_projections_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("project", {{"X", "W", "X's columns against W's rows, d_model"}}) &&
    contract_rules("project_qkv", {{"X", "W_q", "X's columns against W_q's rows, d_model"},
                                   {"X", "W_k", "X's columns against W_k's rows, d_model"},
                                   {"X", "W_v", "X's columns against W_v's rows, d_model"}});

constexpr double kTwoDecimals = 0.005 + 1e-12;
const Axes kTokens = axes("token", "feature");

// The tutorial's projections of "I love LLMs".
const arma::mat kQ = {{2, 1, 0, 0}, {1, 2, 0, 1}, {1, 0, 1, 2}};
const arma::mat kK = {{2, 0, 1, 0}, {0, 2, 0, 1}, {1, 0, 0, 2}};
const arma::mat kV = {{1, 1, 0, 0}, {2, 0, 0, 1}, {1, 0, 1, 0}};

arma::mat product_by_hand(const arma::mat& X, const arma::mat& W) { return product_by_loops(X, W); }

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

// ---------------------------------------------------------------- a projection, right and wrong
// A B by loops, or nothing when Armadillo would refuse the product.
std::optional<arma::mat> product_if_it_fits(const arma::mat& A, const arma::mat& B) {
    if (A.n_cols != B.n_rows) return std::nullopt;
    return product_by_loops(A, B);
}

// What Armadillo throws for a product whose shapes do not fit, and (fits_any_armadillo)
// the same or an index past the end, as a loop written for another shape gives.
Result armadillo_refuses() { return Result::throws(Threw::armadillo_size, "incompatible matrix dimensions"); }
bool any_armadillo_error(const Result& r) {
    return r.threw == Threw::armadillo_size || r.threw == Threw::armadillo_index;
}

// The natural wrong products of one projection X W, as a result of the learner's
// kind (`as`): W X, X W^T, W^T X^T and X % W, each by loops where it fits, else
// Armadillo's error.
struct Products {
    std::optional<arma::mat> w_x, x_wt, wt_xt, elementwise;
};
Products wrong_products(const arma::mat& X, const arma::mat& W) {
    Products p;
    p.w_x = product_if_it_fits(W, X);
    p.x_wt = product_if_it_fits(X, W.t());
    p.wt_xt = product_by_loops(W.t(), X.t());
    if (X.n_rows == W.n_rows && X.n_cols == W.n_cols) p.elementwise = arma::mat(X % W);
    return p;
}

struct ProjectInput {
    std::string what;
    arma::mat X, W;
};
// The tutorial's X and W_q (3x4 and 4x4), X and W both 4x4 (every wrong product fits),
// X 5x4 with W 4x3, and X 3x5 with W 5x7.
const std::vector<ProjectInput>& project_inputs() {
    static const std::vector<ProjectInput> all = [] {
        std::vector<ProjectInput> v;
        v.push_back({"the tutorial's X and W_q (3x4 and 4x4)", attn::example::X(), attn::example::W_q()});
        // the same shapes with other values: a result kept for those shapes shows
        arma::arma_rng::set_seed(27);
        const arma::mat X34 = arma::randn(3, 4), W44 = arma::randn(4, 4);
        v.push_back({"X 3x4 and W 4x4, other numbers than the tutorial's", X34, W44});
        arma::arma_rng::set_seed(25);
        const arma::mat X4 = arma::randn(4, 4), W4 = arma::randn(4, 4);
        v.push_back({"X and W both 4x4", X4, W4});
        arma::arma_rng::set_seed(21);
        const arma::mat X54 = arma::randn(5, 4), W43 = arma::randn(4, 3);
        v.push_back({"X 5x4, W 4x3", X54, W43});
        arma::arma_rng::set_seed(26);
        const arma::mat X35 = arma::randn(3, 5), W57 = arma::randn(5, 7);
        v.push_back({"X 3x5, W 5x7", X35, W57});
        return v;
    }();
    return all;
}

Diagnosis project_diagnosis() {
    Diagnosis d("project");
    for (const ProjectInput& in : project_inputs()) {
        const auto as = [](const arma::mat& P) { return result("X W", P, kTokens); };
        const Result right = as(product_by_hand(in.X, in.W));
        Probe& p = d.probe(in.what, [in, as] { return as(attn::project(in.X, in.W)); }, right);
        const Products w = wrong_products(in.X, in.W);
        // the product's slips (tests/support/families.hpp), each where its shapes fit
        const auto product = [&](const ProductWay& way) -> Outcome {
            switch (way.product) {
                case Product::w_x: return w.w_x ? as(*w.w_x) : armadillo_refuses();
                case Product::x_wt:
                    if (w.x_wt) return as(*w.x_wt);
                    // with the shape check changed to fit it (X.n_cols == W.n_cols), its
                    // ShapeError; else X * W.t() or a loop reading W(j, k): Armadillo's size
                    // error or an index past the end
                    if (way.own_check) return Result::throws(Threw::shape_error);
                    return Outcome(armadillo_refuses(), any_armadillo_error);
                case Product::wt_xt: return as(*w.wt_xt);
                case Product::elementwise:
                    return w.elementwise ? as(*w.elementwise)
                                         : Result::throws(Threw::armadillo_size, "element-wise multiplication");
            }
            return right;
        };
        add_product_slips(p, product,
                          {{Product::w_x}, {Product::x_wt}, {Product::x_wt, true}, {Product::wt_xt},
                           {Product::elementwise}});
        // a check of another rule: it refuses shapes that fit, except where that rule holds too
        const std::string rule = "X * W needs X.n_cols == W.n_rows, both d_model";
        const arma::uword L = in.X.n_rows, d_model = in.X.n_cols, d_out = in.W.n_cols;
        for (const auto& [holds, how] : std::vector<std::pair<bool, const char*>>{
                 {d_model == d_out, "X.n_cols == W.n_cols"}, {L == d_model, "X.n_rows == W.n_rows"}})
            add_rule_slip(p, NotARule::other_sizes, holds, right, Result::throws(Threw::shape_error), rule)
                .labelled(how);
        // (W * X is the projection family's own slip)
        add_product_loop_slips(p, "X W", in.X, in.W, {"X", "W", "d_model", {"B * A"}});
    }
    return d;
}

// ---------------------------------------------------------------- project_qkv
struct QkvInput {
    std::string what;
    arma::mat X, Wq, Wk, Wv;
};
// The tutorial's sentence; X 3x5 with d_k = 2 and d_v = 6 (so that a role made with
// another role's matrix also has another width); X and every W 4x4 (every wrong
// product fits).
const std::vector<QkvInput>& qkv_inputs() {
    static const std::vector<QkvInput> all = [] {
        std::vector<QkvInput> v;
        v.push_back({"the tutorial's sentence", attn::example::X(), attn::example::W_q(), attn::example::W_k(),
                     attn::example::W_v()});
        // the tutorial's weight matrices on another X of whole numbers: what an earlier call
        // returned, given again (a cache keyed on the weights alone), shows
        v.push_back({"another X 3x4 of whole numbers, with the tutorial's weight matrices",
                     arma::mat{{1, 2, 0, -1}, {2, 0, 1, 1}, {-1, 1, 3, 0}}, attn::example::W_q(), attn::example::W_k(),
                     attn::example::W_v()});
        // and that X again at once, with weights of its own: what the call before returned
        // for the same X (a cache keyed on X alone) shows
        arma::arma_rng::set_seed(21);
        v.push_back({"the same X 3x4 of whole numbers again, with other weight matrices 4x4", v.back().X,
                     arma::randn(4, 4), arma::randn(4, 4), arma::randn(4, 4)});
        arma::arma_rng::set_seed(24);
        QkvInput a{"X 3x5, d_k 2, d_v 6", arma::randn(3, 5), arma::randn(5, 2), arma::randn(5, 2), arma::randn(5, 6)};
        v.push_back(a);
        arma::arma_rng::set_seed(27);
        QkvInput b{"X and every W 4x4", arma::randn(4, 4), arma::randn(4, 4), arma::randn(4, 4), arma::randn(4, 4)};
        v.push_back(b);
        return v;
    }();
    return all;
}

Result qkv_result(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    return result("Q", Q, kTokens).add("K", K, kTokens).add("V", V, kTokens);
}

Diagnosis project_qkv_diagnosis() {
    Diagnosis d("project_qkv");
    for (const QkvInput& in : qkv_inputs()) {
        const arma::mat Q = product_by_hand(in.X, in.Wq), K = product_by_hand(in.X, in.Wk),
                        V = product_by_hand(in.X, in.Wv);
        Probe& p = d.probe(in.what,
                           [in] {
                               const attn::Projections r = attn::project_qkv(in.X, in.Wq, in.Wk, in.Wv);
                               return qkv_result(r.Q, r.K, r.V);
                           },
                           qkv_result(Q, K, V));
        const std::vector<std::tuple<arma::mat, arma::mat, arma::mat, const char*>> mixed = {
            {K, K, V, "Q from W_k"}, {Q, Q, V, "K from W_q"}, {K, Q, V, "Q and K swapped"},
            {Q, K, Q, "V from W_q"}, {Q, K, K, "V from W_k"}, {V, K, Q, "Q and V swapped"},
            {Q, V, K, "K and V swapped"}};
        for (const auto& [q, k, v, how] : mixed) p.variant(m::qkv_weights_mixed_up, qkv_result(q, k, v)).labelled(how);
        // the widths, for the relations: a role scaled by sqrt(d_k) is named by it
        p.quantity("d_k", static_cast<double>(in.Wq.n_cols)).quantity("d_model", static_cast<double>(in.X.n_cols));
        // the three products written inline, each with the same slip of project
        const Products pq = wrong_products(in.X, in.Wq), pk = wrong_products(in.X, in.Wk), pv = wrong_products(in.X, in.Wv);
        const auto all_three = [&](const ProductWay& way) -> Outcome {
            const auto pick = [&](const Products& w) {
                return way.product == Product::w_x ? w.w_x : way.product == Product::x_wt ? w.x_wt : w.wt_xt;
            };
            const std::optional<arma::mat> a = pick(pq), b = pick(pk), c = pick(pv);
            if (a && b && c) return qkv_result(*a, *b, *c);
            // a product that does not fit: Armadillo's size error (operator*), or project's own
            // ShapeError where each role goes through project(X, W.t())
            return Outcome(armadillo_refuses(), [](const Result& r) {
                return any_armadillo_error(r) ||
                       (r.threw == Threw::shape_error && r.message.rfind("project:", 0) == 0);
            });
        };
        add_product_slips(p, all_three, {{Product::w_x}, {Product::x_wt}, {Product::wt_xt}});
        // a role projected from another role's result instead of from X (K = project(Q, W_k), V
        // from K or from Q, K and V both from Q, Q from V, ...): every way of taking each role's
        // input from X or from another role, in an order that computes each source first (no
        // cycle), X for all three aside; project refuses it (or Armadillo, for operator*) where
        // a source is not d_model wide
        const std::vector<arma::mat> own = {Q, K, V};
        const std::vector<const arma::mat*> weight = {&in.Wq, &in.Wk, &in.Wv};
        const char* const roles = "QKV";
        const char* const w_names[] = {"W_q", "W_k", "W_v"};
        for (int code = 1; code < 27; ++code) {
            int source[3];  // -1: X, else the role whose result is projected
            for (int r = 0, c = code; r < 3; ++r, c /= 3) source[r] = c % 3 == 0 ? -1 : (r + c % 3) % 3;
            bool cycle = false;
            for (int r = 0; r < 3 && !cycle; ++r) {
                int at = r;
                for (int step = 0; step < 3 && at >= 0; ++step) at = source[at];
                cycle = at >= 0;
            }
            if (cycle) continue;
            std::vector<std::optional<arma::mat>> got(3);
            std::function<std::optional<arma::mat>(int)> value = [&](int r) -> std::optional<arma::mat> {
                if (source[r] < 0) return own[r];
                const std::optional<arma::mat> from = value(source[r]);
                return from ? product_if_it_fits(*from, *weight[r]) : std::nullopt;
            };
            std::string how;
            for (int r = 0; r < 3; ++r) {
                got[r] = value(r);
                if (source[r] >= 0)
                    how += std::string(how.empty() ? "" : ", ") + roles[r] + " = project(" + roles[source[r]] + ", " +
                           w_names[r] + ")";
            }
            if (got[0] && got[1] && got[2])
                p.variant(m::projection_of_a_projection, qkv_result(*got[0], *got[1], *got[2])).labelled(how);
            else
                p.variant_fitting(m::projection_of_a_projection, Result::throws(Threw::shape_error, "project"),
                                  [](const Result& r) {
                                      return r.threw == Threw::shape_error || r.threw == Threw::armadillo_size;
                                  })
                    .labelled(how);
        }
        // a role never assigned (0x0), its product stored in another role's field: where that
        // role's own line comes later it is right, else it holds the product meant for the other
        const std::vector<arma::mat> rights = {Q, K, V};
        const char* const role = "QKV";
        for (std::size_t f = 0; f < 3; ++f)
            for (std::size_t g = 0; g < 3; ++g) {
                if (g == f) continue;
                std::vector<arma::mat> r = rights;
                r[f] = arma::mat();
                if (g < f) r[g] = rights[f];
                p.variant(m::qkv_role_never_assigned, qkv_result(r[0], r[1], r[2]))
                    .labelled(std::string(1, role[f]) + " left empty, its product in " + role[g]);
            }
        // a role computed and never stored (its field left 0x0), the others right
        for (std::size_t f = 0; f < 3; ++f) {
            std::vector<arma::mat> r = rights;
            r[f] = arma::mat();
            p.variant(m::qkv_role_never_assigned, qkv_result(r[0], r[1], r[2]))
                .labelled(std::string(1, role[f]) + " left empty, its product never stored");
        }
        // one role's weights transposed (X W^T, where W is square; elsewhere project or
        // Armadillo refuses it)
        for (std::size_t f = 0; f < 3; ++f) {
            if (weight[f]->n_rows != weight[f]->n_cols) continue;
            std::vector<arma::mat> r = rights;
            r[f] = product_by_hand(in.X, arma::mat(weight[f]->t()));
            // the same way as all three transposed: either is X * W.t()
            add_product_slips(p, [&](const ProductWay&) -> Outcome { return qkv_result(r[0], r[1], r[2]); },
                              {{Product::x_wt, false, std::string("for ") + role[f] + " alone"}});
        }
        // a role left as X itself
        p.variant(m::projection_left_out, qkv_result(Q, K, in.X)).labelled("V = X")
            .variant(m::projection_left_out, qkv_result(Q, in.X, V)).labelled("K = X")
            .variant(m::projection_left_out, qkv_result(in.X, K, V)).labelled("Q = X");
    }
    return d;
}

// ---------------------------------------------------------------- the questions
Result shape_answer(attn::Shape s) {
    return result("shape", arma::mat{{static_cast<double>(s.rows), static_cast<double>(s.cols)}}, entries("dimension"));
}
std::string shape_said(const arma::mat& s) { return show(s(0)) + "x" + show(s(1)); }

Diagnosis shape_question_diagnosis() {
    Diagnosis d("shape_question");
    const std::vector<std::pair<attn::Shape, attn::Shape>> inputs = {{{3, 4}, {4, 4}}, {{7, 512}, {512, 64}}, {{5, 3}, {3, 8}}};
    for (const auto& [x, w] : inputs) {
        const attn::Shape xx = x, ww = w;
        Probe& p = d.probe("X " + attn::to_string(x) + " times W " + attn::to_string(w),
                           [xx, ww] { return shape_answer(attn::projection_shape(xx, ww)); },
                           shape_answer({x.rows, w.cols}));
        p.variant(m::thinks_projection_keeps_x_shape, shape_answer(x))
            .variant(m::thinks_projection_has_w_shape, shape_answer(w))
            .variant(m::thinks_projection_is_transposed, shape_answer({w.cols, x.rows}))
            .variant(m::thinks_projection_keeps_the_shared_size, shape_answer({w.rows, x.cols}));
    }
    return d;
}

}  // namespace

// ==================================================================== project
BOOST_AUTO_TEST_SUITE(project)

BOOST_AUTO_TEST_CASE(matches_the_product_worked_out_entry_by_entry) {
    // the tutorial's X W_q, a square case where every wrong product fits, and two
    // shapes where they do not
    project_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(gives_the_tutorials_queries) {
    const arma::mat Q = attn::project(attn::example::X(), attn::example::W_q());
    BOOST_TEST(matrices_close(Q, kQ, kTwoDecimals, "X W^Q to 2 decimals", kTokens));
    BOOST_TEST((Q.n_elem > 0 && Q(0, 0) == 2.0), "the top-left entry is (0,0,1,1) . (0,0,1,1) = 2; got " << (Q.n_elem ? Q(0, 0) : NAN));
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
    BOOST_REQUIRE_MESSAGE((before.n_rows == 4 && after.n_rows == 4), "X 4x3 times W 3x3 has 4 rows; got " << before.n_rows);
    BOOST_TEST(matrices_close(after.rows(0, 1), before.rows(0, 1), 0.0, "rows 0-1 after changing row 2 of X", kTokens));
    BOOST_TEST(matrices_close(after.row(3), before.row(3), 0.0, "row 3 after changing row 2 of X", kTokens));
}

BOOST_AUTO_TEST_CASE(rejects_x_and_w_that_do_not_fit) {
    if (!results_right(project_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_product_worked_out_entry_by_entry passes");
        return;
    }
    const arma::mat W(5, 4, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>("project", [&] { attn::project(attn::example::X(), W); }, {},
                                                         "X of 3x4 with W of 5x4");
    if (msg.empty()) return;
    // each matrix under its own name ("X 3x4", "W 5x4"): one under the other's is named
    if (!message_names(msg, {"X 3x4", "W 5x4"}, "X 3x4 with W 5x4 (5 rows for X's 4 columns)")) return;
    // and the other way round: X 3x4 wider than W 3x2 is tall (a check of X.n_cols >= W.n_rows lets it through)
    const arma::mat short_W(3, 2, arma::fill::ones);
    const std::string wider = refusal_of<attn::ShapeError>("project", [&] { attn::project(attn::example::X(), short_W); }, {},
                                                           "X of 3x4 with W of 3x2");
    if (wider.empty()) return;
    message_names(wider, {"X 3x4", "W 3x2"}, "X 3x4 with W 3x2 (3 rows for X's 4 columns)");
}

BOOST_AUTO_TEST_CASE(no_tokens_give_no_rows) {
    // X 0 x d_model, no tokens, is as wide as W is tall (the one rule of the contract): X W is 0 x d_out
    if (!results_right(project_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_product_worked_out_entry_by_entry passes");
        return;
    }
    const Result got = attempt([] { return result("X W", attn::project(arma::mat(0, 4), arma::mat(4, 2, arma::fill::ones)), kTokens); });
    if (refused_valid_input(got, "project", "X 0x4 (no tokens) with W 4x2")) return;
    if (got.threw == Threw::nothing && got.parts.at(0).value.n_rows == 0 && got.parts.at(0).value.n_cols == 0)
        return report(m::no_tokens_lose_width);
    const std::string instead = unless_shape(got, "X W", 0, 2);
    BOOST_TEST(instead.empty(), "X 0x4 (no tokens) with W 4x2 must give 0x2 without an error (the contract refuses only an "
                                "X not as wide as W is tall); got " << instead);
}

BOOST_AUTO_TEST_CASE(rejects_x_and_w_that_do_not_fit_even_with_no_tokens) {
    // X 0x3 with W 4x2: no tokens, but X is still not as wide as W is tall
    if (!results_right(project_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_product_worked_out_entry_by_entry passes");
        return;
    }
    const Result fits = attempt([] { return result("X W", attn::project(arma::mat(0, 4), arma::mat(4, 2, arma::fill::ones)), kTokens); });
    if (!unless_shape(fits, "X W", 0, 2).empty()) {
        BOOST_TEST_MESSAGE("checked once no_tokens_give_no_rows passes");
        return;
    }
    refusal_of<attn::ShapeError>("project", [] { attn::project(arma::mat(0, 3), arma::mat(4, 2, arma::fill::ones)); });
}

BOOST_AUTO_TEST_CASE(a_size_of_zero_gives_an_empty_or_zero_product) {
    // d_out = 0 (W 4x0): L x 0; d_model = 0 (X 3x0, W 0x2): a sum of no terms, 3x2 zeros
    if (!results_right(project_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_product_worked_out_entry_by_entry passes");
        return;
    }
    for (const auto& [X, W, what] : std::vector<std::tuple<arma::mat, arma::mat, std::string>>{
             {arma::mat(3, 4, arma::fill::ones), arma::mat(4, 0), "X 3x4 with W 4x0 (d_out = 0)"},
             {arma::mat(3, 0), arma::mat(0, 2), "X 3x0 with W 0x2 (d_model = 0)"}}) {
        const arma::mat x = X, w = W;
        const Result got = attempt([x, w] { return result("X W", attn::project(x, w), kTokens); });
        if (refused_valid_input(got, "project", what)) return;
        const std::string instead = unless_shape(got, "X W", x.n_rows, w.n_cols);
        BOOST_TEST(instead.empty(), what << " must give " << x.n_rows << "x" << w.n_cols << " without an error; got " << instead);
        if (!instead.empty()) return;
        BOOST_TEST(arma::all(arma::vectorise(got.parts.at(0).value) == 0.0),
                   what << ": a sum of no terms is 0 in every entry");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== project_qkv
BOOST_AUTO_TEST_SUITE(project_qkv)

BOOST_AUTO_TEST_CASE(each_role_uses_its_own_weight_matrix) {
    // the tutorial's sentence, d_k = 2 with d_v = 6, and a square case
    project_qkv_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(gives_the_tutorials_q_k_and_v) {
    const auto p = attn::project_qkv(attn::example::X(), attn::example::W_q(), attn::example::W_k(), attn::example::W_v());
    BOOST_TEST(matrices_close(p.Q, kQ, 1e-12, "Q", kTokens));
    BOOST_TEST(matrices_close(p.K, kK, 1e-12, "K", kTokens));
    BOOST_TEST(matrices_close(p.V, kV, 1e-12, "V", kTokens));
}

BOOST_AUTO_TEST_CASE(with_one_weight_matrix_for_all_three_q_k_and_v_are_equal) {
    // What makes Q, K and V different is only the weights.
    const arma::mat W = attn::example::W_q();
    const auto p = attn::project_qkv(attn::example::X(), W, W, W);
    BOOST_TEST(matrices_close(p.K, p.Q, 0.0, "K with W_k = W_q", kTokens));
    BOOST_TEST(matrices_close(p.V, p.Q, 0.0, "V with W_v = W_q", kTokens));
}

BOOST_AUTO_TEST_CASE(rejects_a_weight_matrix_that_does_not_fit) {
    // A ShapeError, from project or from project_qkv's own check (the contract says either).
    if (!results_right(project_qkv_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once each_role_uses_its_own_weight_matrix passes");
        return;
    }
    // each role's weights in turn: a role computed without project (X * W_q) and without a
    // check of its own lets Armadillo refuse it instead
    const arma::mat bad(3, 4, arma::fill::ones);
    const arma::mat X = attn::example::X(), W_q = attn::example::W_q(), W_k = attn::example::W_k(),
                    W_v = attn::example::W_v();
    const std::vector<std::tuple<std::string, arma::mat, arma::mat, arma::mat>> cases = {
        {"W_q", bad, W_k, W_v}, {"W_k", W_q, bad, W_v}, {"W_v", W_q, W_k, bad}};
    for (const auto& [role, q, k, v] : cases) {
        const std::string message = refusal_of<attn::ShapeError>(
            "project_qkv", [&] { attn::project_qkv(X, q, k, v); }, {"project"}, "a " + role + " of 3x4 for X of 3x4");
        if (!message.empty())
            BOOST_TEST(message.find("3x4") != std::string::npos,
                       "the message should give " << role << "'s shape 3x4; got '" << message << "'");
    }
}

BOOST_AUTO_TEST_CASE(no_tokens_give_three_empty_views_of_their_widths) {
    // X 0 x d_model with W_q, W_k 4x2 and W_v 4x3: every weight fits, so Q and K are 0x2 and V 0x3
    // (three products X W, each with no rows but the width of its weights)
    if (!results_right(project_qkv_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once each_role_uses_its_own_weight_matrix passes");
        return;
    }
    const arma::mat X(0, 4), W_q(4, 2, arma::fill::ones), W_k(4, 2, arma::fill::zeros), W_v(4, 3, arma::fill::ones);
    const Result got = attempt([&] {
        const attn::Projections p = attn::project_qkv(X, W_q, W_k, W_v);
        Result r = result("Q", p.Q, kTokens);
        r.add("K", p.K, kTokens).add("V", p.V, kTokens);
        return r;
    });
    if (refused_valid_input(got, "project_qkv", "X 0x4 (no tokens) with W_q, W_k 4x2 and W_v 4x3")) return;
    if (got.threw != Threw::nothing) {
        return;
    }
    // every role 0x0, or some: one left empty is named by the diagnosis where it shows
    bool all_lost = true;
    for (const Part& q : got.parts) all_lost = all_lost && q.value.n_rows == 0 && q.value.n_cols == 0;
    if (all_lost) return report(m::no_tokens_lose_width);
    const std::vector<std::pair<std::string, arma::uword>> widths = {{"Q", 2}, {"K", 2}, {"V", 3}};
    for (std::size_t k = 0; k < widths.size(); ++k) {
        const arma::mat& v = got.parts.at(k).value;
        BOOST_TEST((v.n_rows == 0 && v.n_cols == widths[k].second),
                   "X 0x4 (no tokens): " << widths[k].first << " must be 0x" << widths[k].second
                                         << " (no rows, the width of its weight matrix, as X W gives); got "
                                         << attn::shape_of(v));
    }
}

BOOST_AUTO_TEST_CASE(rejects_a_weight_matrix_that_does_not_fit_even_with_no_tokens) {
    // X 0x4 with W_v 3x4: no tokens, but W_v is still not d_model tall
    if (!results_right(project_qkv_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once each_role_uses_its_own_weight_matrix passes");
        return;
    }
    const arma::mat X(0, 4), W(4, 2, arma::fill::ones), bad(3, 4, arma::fill::ones);
    const Result fits = attempt([&] { return result("V", attn::project_qkv(X, W, W, W).V, kTokens); });
    if (!unless_shape(fits, "V", 0, 2).empty()) {
        BOOST_TEST_MESSAGE("checked once no_tokens_give_three_empty_views_of_their_widths passes");
        return;
    }
    refusal_of<attn::ShapeError>("project_qkv", [&] { attn::project_qkv(X, W, W, bad); }, {"project"});
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== shape_question
BOOST_AUTO_TEST_SUITE(shape_question)

BOOST_AUTO_TEST_CASE(the_worked_example_gives_3x4_three_times) {
    // X 3x4 times a 4x4 weight matrix, and two shapes where nothing is square
    judge_answers(shape_question_diagnosis(), "the shape of X W",
                  "one row per row of X, as many columns as W has; chapter 02", shape_said);
}

BOOST_AUTO_TEST_CASE(rows_come_from_x_and_columns_from_w) {
    const attn::Shape s = attn::projection_shape({7, 512}, {512, 64});
    BOOST_TEST(s.rows == 7u, "7 tokens in, 7 rows out: you answered " << s.rows << " rows");
    BOOST_TEST(s.cols == 64u, "the width comes from the weight matrix (64): you answered " << s.cols
                                                                                          << " columns; the shared 512 disappears in the product");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== identical_rows_question
BOOST_AUTO_TEST_SUITE(identical_rows_question)

BOOST_AUTO_TEST_CASE(identical_rows_give_identical_q_k_and_v_rows) {
    judge_answer<bool>("are rows 0 and 2 of Q, K and V identical when they are in X?", attn::identical_rows_stay_identical(),
                       true, {{false, &m::thinks_projection_separates_equal_rows}}, "");
}

BOOST_AUTO_TEST_CASE(a_projection_does_not_know_positions) {
    judge_answer<bool>("does a projection use where a row sits in X?", attn::projection_knows_positions(), false,
                       {{true, &m::thinks_projection_knows_positions}}, "");
}

BOOST_AUTO_TEST_CASE(reordering_the_words_only_reorders_their_outputs) {
    judge_answer<bool>("does reordering the words give any word a different output row?",
                       attn::reordering_changes_a_words_output(), false, {{true, &m::thinks_reordering_changes_outputs}},
                       "");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== qkv_inputs_question
BOOST_AUTO_TEST_SUITE(qkv_inputs_question)

BOOST_AUTO_TEST_CASE(self_attention_reads_one_input) {
    judge_answer<int>("how many input matrices does one self-attention layer read?", attn::self_attention_input_count(), 1,
                      {{3, &m::thinks_self_attention_reads_three_inputs}, {2, &m::thinks_self_attention_reads_three_inputs}},
                      "one sentence X, projected three times (chapter 02, 'The idea')");
}

BOOST_AUTO_TEST_CASE(only_the_weight_matrices_separate_q_from_k) {
    judge_answer<attn::QkDifference>("what separates Q from K?", attn::what_makes_q_differ_from_k(),
                                     attn::QkDifference::different_weight_matrices,
                                     {{attn::QkDifference::different_inputs, &m::thinks_q_and_k_come_from_different_inputs},
                                      {attn::QkDifference::different_operations, &m::thinks_q_and_k_are_different_operations}},
                                     "only the numbers inside W_q and W_k differ (chapter 02)");
}

BOOST_AUTO_TEST_CASE(equal_weights_would_make_q_and_k_equal) {
    judge_answer<bool>("with W_q equal to W_k, are Q and K equal?", attn::equal_weights_give_equal_q_and_k(), true,
                       {{false, &m::thinks_equal_weights_still_differ}}, "");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
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

BOOST_AUTO_TEST_CASE(projections_figure_shows_x_and_the_three_views_of_it) {
    const arma::mat X = attn::example::X();
    const attn::Projections p{X * attn::example::W_q(), X * attn::example::W_k(), X * attn::example::W_v()};
    const auto fig = attn::qkv_projections_lab::projections_figure(X, p, attn::example::tokens());
    BOOST_REQUIRE(fig.panels.size() == 4u);
    const arma::mat* expected[] = {&X, &p.Q, &p.K, &p.V};
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& h = std::get<attn::plot::Heatmap>(fig.panels[i]);
        BOOST_TEST(matrices_close(h.values, *expected[i], 0.0, "panel " + std::to_string(i)));
        BOOST_TEST(h.row_labels.size() == 3u);
        BOOST_TEST(h.zmin == std::get<attn::plot::Heatmap>(fig.panels[0]).zmin, "one colour range for all panels");
        BOOST_TEST(h.zmax == std::get<attn::plot::Heatmap>(fig.panels[0]).zmax, "one colour range for all panels");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(project) { project_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(project_qkv) { project_qkv_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(shape_question) { shape_question_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
