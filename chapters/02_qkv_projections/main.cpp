// Chapter 02: where Q, K and V come from: three projections of one input.
//
// Dimension legend: L = 3 tokens, d_model = 4 (width of X), d_k = d_v = 4
// (width of the projections; square weights keep the arithmetic small).
// Run:  ./course run 02          (reference)      ./course run 02 --mine   (your exercises)
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "contracts/06_shape_rules.hpp"
#include "core/chapter.hpp"
#include "core/print.hpp"
#include "contracts/02_qkv_projections.hpp"
#include "labs/qkv_projections_lab.hpp"
#include "core/worked_example.hpp"

using namespace attn;

namespace {

constexpr arma::uword kFirst = 0;  // "I"
constexpr arma::uword kLast = 2;   // "LLMs", overwritten by a copy of "I" in step 3

void step_inputs(const std::vector<std::string>& tokens) {
    print_step(std::cout, 1, "One input and three learned weight matrices");
    print_matrix(std::cout, "X, the embedded sentence", example::X(), {2, tokens, {}});
    print_matrix(std::cout, "W_q", example::W_q());
    print_matrix(std::cout, "W_k", example::W_k());
    print_matrix(std::cout, "W_v", example::W_v());
}

Projections step_projections(const std::vector<std::string>& tokens) {
    print_step(std::cout, 2, "Three projections of the same X");
    const Projections p = project_qkv(example::X(), example::W_q(), example::W_k(), example::W_v());
    print_matrix(std::cout, "Q = X W_q (what each token looks for)", p.Q, {2, tokens, {}});
    print_matrix(std::cout, "K = X W_k (what each token can be found by)", p.K, {2, tokens, {}});
    print_matrix(std::cout, "V = X W_v (what each token hands over)", p.V, {2, tokens, {}});
    const Shape s = projection_shape({3, 4}, {4, 4});
    std::cout << "shapes: Q " << shape_of(p.Q) << ", K " << shape_of(p.K) << ", V " << shape_of(p.V)
              << "; the rule says X 3x4 times W 4x4 is " << to_string(s) << "\n";
    return p;
}

// Each entry of Q on its own: a row of X against a column of W_q, by a loop of
// the lab's, held against the Q that project_qkv made (yours with --mine).
void step_dot_products(const std::vector<std::string>& tokens, const Projections& p) {
    const std::vector<qkv_projections_lab::DotProduct> dots = qkv_projections_lab::dot_products(example::X(), example::W_q());
    std::cout << "Q is " << shape_of(p.Q) << ", so " << dots.size()
              << " dot products fill it in: Q[i,j] = row i of X . column j of W_q\n";
    bool all_agree = true;
    for (const auto& d : dots) {
        std::printf("  Q[%llu,%llu] = row %-4s %s . column %llu %-15s = %s\n", static_cast<unsigned long long>(d.i),
                    static_cast<unsigned long long>(d.j), tokens[d.i].c_str(), format_row(d.row, 0).c_str(),
                    static_cast<unsigned long long>(d.j), format_row(d.column, 0).c_str(),
                    format_number(d.value, 0).c_str());
        all_agree = all_agree && d.value == p.Q(d.i, d.j);
    }
    std::cout << "each one is its entry of Q = project(X, W_q): " << (all_agree ? "yes" : "NO") << "\n";
}

void step_identical_rows(const std::vector<std::string>& tokens) {
    print_step(std::cout, 3, "Identical rows in, identical rows out");
    const arma::mat X2 = qkv_projections_lab::with_row_copied(example::X(), kFirst, kLast);
    print_matrix(std::cout, "X with the row of LLMs replaced by the row of I", X2, {2, tokens, {}});
    const Projections p = project_qkv(X2, example::W_q(), example::W_k(), example::W_v());
    std::cout << "largest difference between rows 0 and 2: Q " << format_number(qkv_projections_lab::row_difference(p.Q, 0, 2))
              << ", K " << format_number(qkv_projections_lab::row_difference(p.K, 0, 2)) << ", V "
              << format_number(qkv_projections_lab::row_difference(p.V, 0, 2)) << "\n";
    std::cout << "answers: identical rows stay identical: " << (identical_rows_stay_identical() ? "true" : "false")
              << "; a projection knows positions: " << (projection_knows_positions() ? "true" : "false") << "\n";
}

void step_reordering(const std::vector<std::string>& tokens) {
    print_step(std::cout, 4, "Reorder the words: the outputs only move with them");
    const arma::uvec order = {2, 0, 1};  // "LLMs I love"
    std::vector<std::string> reordered;
    for (arma::uword k : order) reordered.push_back(tokens[k]);
    // A preview of chapter 06's scaled_dot_product_attention (its reference version, even with --mine).
    const auto attention = [](const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
        return scaled_dot_product_attention(Q, K, V).output;  // (L, d_v)
    };
    const auto r =
        qkv_projections_lab::reorder_words(example::X(), example::W_q(), example::W_k(), example::W_v(), order, attention);
    print_matrix(std::cout, "attention output for I love LLMs", r.Z, {2, tokens, {}});
    print_matrix(std::cout, "attention output for LLMs I love", r.Z_reordered, {2, reordered, {}});
    std::cout << "largest difference between a word's two output rows: " << format_number(r.worst, 4) << "\n";
    std::cout << "answer: reordering changes a word's output: "
              << (reordering_changes_a_words_output() ? "true" : "false") << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/02_qkv_projections/README.md", [](const ChapterOptions&, plot::Plotter& plotter) {
        const auto tokens = example::tokens();
        step_inputs(tokens);
        const Projections p = step_projections(tokens);
        step_dot_products(tokens, p);
        plotter.save("02_projections", qkv_projections_lab::projections_figure(example::X(), p, tokens));
        step_identical_rows(tokens);
        step_reordering(tokens);
        std::cout << "\nWhat to notice:\n"
                     "  - Q, K and V come from ONE input; only the weight matrices differ;\n"
                     "  - each is 3x4: a row per token, as wide as its weight matrix;\n"
                     "  - two equal rows of X can never be told apart afterwards;\n"
                     "  - shuffling the words shuffles the outputs and changes nothing else,\n"
                     "    so word order has to be added to X before attention sees it.\n";
    });
}
