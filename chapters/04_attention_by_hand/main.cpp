// Chapter 04: attention on "I love LLMs", one labelled step at a time.
//
// Dimension legend: L = 3 tokens, d_model = 4 (width of X), d_k = 4 (width of
// a query and a key), d_v = 4 (width of a value).
// Run:  ./course run 04          (reference)      ./course run 04 --mine   (your exercises)
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "labs/attention_by_hand_lab.hpp"
#include "contracts/04_attention_by_hand.hpp"
#include "core/chapter.hpp"
#include "core/print.hpp"
#include "core/worked_example.hpp"

using namespace attn;

namespace {

constexpr arma::uword kLove = 1;  // row of "love": the row the tutorial works through
constexpr arma::uword kLLMs = 2;  // row of "LLMs"

PrintOptions labelled(const attention_by_hand_lab::Walkthrough& w, int decimals = 2, bool key_columns = false) {
    return {decimals, w.tokens, key_columns ? w.tokens : std::vector<std::string>{}};
}

void step_projections(const attention_by_hand_lab::Walkthrough& w) {
    print_step(std::cout, 1, "Q, K and V: three projections of one X");
    print_matrix(std::cout, "X", w.X, labelled(w));
    print_matrix(std::cout, "Q = X W_q", w.p.Q, labelled(w));
    print_matrix(std::cout, "K = X W_k", w.p.K, labelled(w));
    print_matrix(std::cout, "V = X W_v", w.p.V, labelled(w));
    // The tutorial's first hand step, spelled out from the stored weights.
    const arma::mat W_q = example::W_q();
    std::string sum;
    for (arma::uword k = 0; k < w.X.n_cols; ++k)
        sum += (k ? " + " : "") + format_number(w.X(0, k), 0) + "*" + format_number(W_q(k, 0), 0);
    std::cout << "by hand, Q[0,0] = row I of X . column 0 of W_q = " << sum << " = " << format_number(w.p.Q(0, 0), 0)
              << "\n";
    std::cout << "d_k = width of one key = " << w.d_k << "\n";
}

void step_scores(const attention_by_hand_lab::Walkthrough& w) {
    print_step(std::cout, 2, "Scores: Q K^T, one dot product per (query, key) pair");
    print_matrix(std::cout, "Q K^T (row = query, column = key)", w.S, labelled(w, 2, true));
    std::cout << "q_love . k_LLMs = " << format_number(w.S(kLove, kLLMs), 0) << "   (row love, column LLMs)\n";
    std::cout << "q_LLMs . k_love = " << format_number(w.S(kLLMs, kLove), 0)
              << "   (row LLMs, column love): same two words, another number\n";
}

void step_scale(const attention_by_hand_lab::Walkthrough& w) {
    print_step(std::cout, 3, "Divide by sqrt(d_k) = " + format_number(std::sqrt(double(w.d_k)), 0));
    print_matrix(std::cout, "Q K^T / sqrt(d_k)", w.S_scaled, labelled(w, 2, true));
    for (arma::uword i = 0; i < w.S.n_rows; ++i)
        std::printf("row %-5s largest score before: %s, after: %s (same column)\n", w.tokens[i].c_str(),
                    w.tokens[w.S.row(i).index_max()].c_str(), w.tokens[w.S_scaled.row(i).index_max()].c_str());
}

void step_softmax(const attention_by_hand_lab::Walkthrough& w) {
    print_step(std::cout, 4, "Softmax along each row: the attention weights A");
    const arma::rowvec s = w.S_scaled.row(kLove);
    const arma::rowvec e = arma::exp(s);
    std::cout << "row love: exp(" << format_number(s(0), 1) << ") = " << format_number(e(0), 3) << ", exp("
              << format_number(s(1), 1) << ") = " << format_number(e(1), 3) << ", exp(" << format_number(s(2), 1)
              << ") = " << format_number(e(2), 3) << ", total " << format_number(arma::accu(e), 3) << "\n";
    std::cout << "          each over the total: " << format_row(e / arma::accu(e)) << "\n";
    // What exponentiating did to the gap between two scores: the top weight over the runner-up.
    const attention_by_hand_lab::Lead lead = attention_by_hand_lab::lead_of(w.A.row(kLove));
    std::cout << "          largest over next largest: " << format_number(w.A(kLove, lead.first)) << " ("
              << w.tokens[lead.first] << ") / " << format_number(w.A(kLove, lead.second)) << " ("
              << w.tokens[lead.second] << ") = " << format_number(lead.ratio, 1) << " = exp("
              << format_number(s(lead.first), 1) << " - " << format_number(s(lead.second), 1)
              << ")\n";
    print_matrix(std::cout, "A = softmax(Q K^T / sqrt(d_k))", w.A, labelled(w, 2, true));
    std::cout << "row sums:    " << format_row(arma::sum(w.A, 1).t()) << "   each query shares out exactly 1\n";
    std::cout << "column sums: " << format_row(arma::sum(w.A, 0)) << "   nothing makes these 1\n";
    std::cout << "love pays LLMs " << format_number(w.A(kLove, kLLMs)) << ", LLMs pays love "
              << format_number(w.A(kLLMs, kLove)) << ": attention has a direction\n";
}

void step_output(const attention_by_hand_lab::Walkthrough& w) {
    print_step(std::cout, 5, "Spend the weights on the values: Z = A V");
    print_matrix(std::cout, "Z = A V", w.Z, labelled(w));
    std::string terms, rows;
    for (arma::uword j = 0; j < w.p.V.n_rows; ++j) {
        terms += (j ? " + " : "") + format_number(w.A(kLove, j)) + " v_" + w.tokens[j];
        rows += (j ? " + " : "") + format_number(w.A(kLove, j)) + " " + format_row(w.p.V.row(j), 0);
    }
    std::cout << "z_love = " << terms << "\n       = " << rows << "\n       = " << format_row(w.Z.row(kLove)) << "\n";
    // What the layer did to "love": kept the share of its own value row, borrowed the rest.
    const double own = w.A(kLove, kLove);
    std::cout << "love keeps " << format_number(100 * own, 0) << "% of its own value and borrows "
              << format_number(100 * (1 - own), 0) << "% from the other tokens\n";
    std::cout << "A is " << shape_of(w.A) << " (a weight per pair of tokens); Z is " << shape_of(w.Z)
              << " (a row per token, as wide as a value). Z is what the next layer receives.\n";
}

void step_try_its(const attention_by_hand_lab::Walkthrough& w) {
    print_step(std::cout, 6, "Try it: two output rows by hand");
    const arma::rowvec rounded = arma::round(w.A.row(0) * 100.0) / 100.0;  // the weights as printed
    std::cout << "row I from the printed weights " << format_row(rounded) << ": "
              << format_row(mix_value_rows(rounded, w.p.V)) << "\n";
    const arma::rowvec z = llms_output_row(w.A, w.p.V);
    std::cout << "row LLMs: " << format_row(z) << "\n";
    for (arma::uword c = 0; c < w.p.V.n_cols; ++c) {
        const double lo = w.p.V.col(c).min(), hi = w.p.V.col(c).max();
        std::printf("  column %llu: %s %s [%s, %s], the range of V's column %llu\n",
                    static_cast<unsigned long long>(c), format_number(z(c)).c_str(),
                    z(c) >= lo && z(c) <= hi ? "lies in" : "is OUTSIDE", format_number(lo).c_str(),
                    format_number(hi).c_str(), static_cast<unsigned long long>(c));
    }
    std::cout << "inside_value_range(z_LLMs, V) = " << (inside_value_range(z, w.p.V) ? "true" : "false") << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/04_attention_by_hand/README.md",
                       [](const ChapterOptions&, plot::Plotter& plotter) {
                           const auto w = attention_by_hand_lab::worked_example();
                           step_projections(w);
                           step_scores(w);
                           step_scale(w);
                           step_softmax(w);
                           step_output(w);
                           step_try_its(w);
                           plotter.save("04_weights_heatmap", attention_by_hand_lab::weights_heatmap(w));
                           plotter.save("04_three_stages", attention_by_hand_lab::three_stages_figure(w));
                           plotter.save("04_mixing_love", attention_by_hand_lab::mixing_figure(w, kLove));
                           plotter.save("04_weights_times_values", attention_by_hand_lab::weights_times_values_figure(w));
                           std::cout << "\nWhat to notice:\n"
                                        "  - one product gives all nine scores; the table is not symmetric (3 vs 2);\n"
                                        "  - halving the scores keeps each row's order, it only narrows the gaps;\n"
                                        "  - rows of A sum to 1, columns do not;\n"
                                        "  - the layer hands on Z (3x4), not A (3x3);\n"
                                        "  - every entry of Z stays inside the range of its column of V.\n";
                       });
}
