// Chapter 09: multi-head attention on "I love LLMs", one head at a time.
//
// Dimension legend: L = 3 tokens, d_model = 4 (width of X), h = 2 heads,
// d_k = d_v = d_model / h = 2 (one head's query/key and value width).
// Run:  ./course run 09          (reference)      ./course run 09 --mine   (your exercises)
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "contracts/02_qkv_projections.hpp"
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "core/chapter.hpp"
#include "core/print.hpp"
#include "labs/multi_head_attention_lab.hpp"

using namespace attn;

namespace {

// "0 (exactly)" says more than "0.0000" when the claim is that two computations agree bit for bit.
std::string difference_text(double d) { return d == 0.0 ? "0 (exactly)" : format_number(d, 4); }

void step_split(const multi_head_attention_lab::Example& e) {
    print_step(std::cout, 1, "One projection, cut into two heads");
    print_matrix(std::cout, "X", e.X, {2, e.tokens, {}});
    const arma::mat Q = project(e.X, e.W_q);  // (3, 4): both heads' queries side by side
    print_matrix(std::cout, "Q = X W_q, all heads together", Q, {0, e.tokens, {}});
    const std::vector<arma::mat> parts = split_heads(Q, e.heads);  // 2 x (3, 2)
    for (std::size_t i = 0; i < parts.size(); ++i)
        print_matrix(std::cout, "head " + std::to_string(i) + "'s Q: columns " + std::to_string(2 * i) + "-" +
                                    std::to_string(2 * i + 1),
                     parts[i], {0, e.tokens, {}});
    std::printf("d_model = %u, h = %u, so each head works in d_k = %u columns\n", unsigned(e.X.n_cols),
                unsigned(e.heads), unsigned(Q.n_cols / e.heads));
}

void step_heads(const multi_head_attention_lab::Example& e, const MultiHeadResult& r, plot::Plotter& plotter) {
    print_step(std::cout, 2, "Each head attends on its own slice (divided by sqrt(d_k) = sqrt(2))");
    for (std::size_t i = 0; i < r.weights.size(); ++i) {
        print_matrix(std::cout, "head " + std::to_string(i) + "'s weights", r.weights[i], {2, e.tokens, e.tokens});
        const arma::colvec sums = arma::sum(r.weights[i], 1);  // (3, 1)
        std::printf("row sums: %s\n", format_row(sums.t()).c_str());
    }
    plotter.save("09_head_weights", multi_head_attention_lab::heads_figure("Two heads on \"I love LLMs\": each its own weights",
                                                                 r.weights, e.tokens, e.tokens));
}

void step_concat(const multi_head_attention_lab::Example& e, const MultiHeadResult& r) {
    print_step(std::cout, 3, "Concatenate the heads' outputs, then W_o");
    print_matrix(std::cout, "concat = [head 0 | head 1]", r.concat, {2, e.tokens, {}});
    print_matrix(std::cout, "W_o", e.W_o, {0, {}, {}});
    print_matrix(std::cout, "output = concat W_o", r.output, {2, e.tokens, {}});
}

void step_one_head(const multi_head_attention_lab::Example& e, const MultiHeadResult& two) {
    print_step(std::cout, 4, "One head of width d_model is chapter 04's attention");
    const MultiHeadResult one = multi_head_attention(e.X, e.X, e.W_q, e.W_k, e.W_v, e.W_o, 1);
    const AttentionResult plain = self_attention(e.X, e.W_q, e.W_k, e.W_v);  // chapter 07: (3, 3), (3, 4)
    print_matrix(std::cout, "weights with heads = 1", one.weights[0], {2, e.tokens, e.tokens});
    print_matrix(std::cout, "concat with heads = 1", one.concat, {2, e.tokens, {}});
    std::printf("largest difference from self_attention (chapter 07), then W_o: %s\n",
                difference_text(multi_head_attention_lab::largest_difference(one.output, plain.output * e.W_o)).c_str());
    std::printf("largest difference between the 1-head and the 2-head concat: %s\n",
                difference_text(multi_head_attention_lab::largest_difference(one.concat, two.concat)).c_str());
    // Why they differ: a full-width score is the sum of the heads' scores, and one
    // softmax of a sum is not two softmaxes side by side.
    const arma::mat Q = project(e.X, e.W_q), K = project(e.X, e.W_k);          // (3, 4) each
    const std::vector<arma::mat> Qh = split_heads(Q, e.heads), Kh = split_heads(K, e.heads);  // 2 x (3, 2)
    const arma::mat S = scores(Q, K), S0 = scores(Qh[0], Kh[0]), S1 = scores(Qh[1], Kh[1]);  // (3, 3) each
    std::printf("raw scores Q K^T = head 0's + head 1's, row by row:\n");
    for (arma::uword t = 0; t < S.n_rows; ++t)
        std::printf("  %-5s %s = %s + %s\n", e.tokens[t].c_str(), format_row(S.row(t), 0).c_str(),
                    format_row(S0.row(t), 0).c_str(), format_row(S1.row(t), 0).c_str());
}

void step_divisor(const multi_head_attention_lab::Example& e) {
    print_step(std::cout, 5, "Divide by sqrt(d_model) instead of sqrt(d_k): flatter heads");
    const arma::uword d_model = e.X.n_cols, d_k = e.W_q.n_cols / e.heads;
    const auto right = multi_head_attention_lab::head_weights_divided_by(e.X, e.X, e.W_q, e.W_k, e.heads, d_k);
    const auto wrong = multi_head_attention_lab::head_weights_divided_by(e.X, e.X, e.W_q, e.W_k, e.heads, d_model);
    print_matrix(std::cout, "head 0's weights divided by sqrt(d_model) = 2", wrong[0], {2, e.tokens, e.tokens});
    std::printf("largest weight of each row   %-18s %s\n", "sqrt(d_k) = 1.41", "sqrt(d_model) = 2");
    for (std::size_t i = 0; i < right.size(); ++i)
        std::printf("  head %zu                     %-18s %s\n", i,
                    format_row(multi_head_attention_lab::peak_weights(right[i]).t()).c_str(),
                    format_row(multi_head_attention_lab::peak_weights(wrong[i]).t()).c_str());
}

void step_cost(const multi_head_attention_lab::Example& e) {
    print_step(std::cout, 6, "The cost: h heads of width d_k = one head of width d_model");
    const arma::uword L = e.X.n_rows, d_model = e.X.n_cols;
    std::printf("%-24s %s\n", "", "multiply-adds for Q K^T and A V");
    for (arma::uword h : {1u, 2u, 4u})
        std::printf("%u head%s of width %-8u %.0f\n", unsigned(h), h == 1 ? " " : "s", unsigned(d_model / h),
                    multi_head_attention_lab::attention_multiply_adds(L, L, d_model / h, d_model / h, h));
    std::printf("at d_model 512, L 10: 1 head %.0f, 8 heads of 64 %.0f\n",
                multi_head_attention_lab::attention_multiply_adds(10, 10, 512, 512, 1),
                multi_head_attention_lab::attention_multiply_adds(10, 10, 64, 64, 8));
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/09_multi_head_attention/README.md",
                       [](const ChapterOptions&, plot::Plotter& p) {
                           const multi_head_attention_lab::Example e = multi_head_attention_lab::example();
                           step_split(e);
                           // self-attention: queries, keys and values from the same X
                           const MultiHeadResult r =
                               multi_head_attention(e.X, e.X, e.W_q, e.W_k, e.W_v, e.W_o, e.heads);
                           step_heads(e, r, p);
                           step_concat(e, r);
                           step_one_head(e, r);
                           step_divisor(e);
                           step_cost(e);
                           std::cout << "\nWhat to notice:\n"
                                        "  - the heads share X but not their columns: each has its own weights;\n"
                                        "  - each head divides by the square root of ITS width d_k, not of d_model;\n"
                                        "  - W_o mixes the heads back into one d_model-wide row per token.\n";
                       });
}
