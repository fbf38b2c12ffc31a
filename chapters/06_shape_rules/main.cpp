// Chapter 06: which shapes attention forces, and which it leaves free.
//
// Dimension legend: L_Q = query positions, L_K = key (and value) positions,
// d_k = query/key width, d_v = value width.
// Run:  ./course run 06          (reference)      ./course run 06 --mine   (your exercises)
#include <cstdio>
#include <iostream>

#include "contracts/06_shape_rules.hpp"
#include "core/chapter.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"
#include "labs/shape_rules_lab.hpp"

using namespace attn;

namespace {

constexpr int kSeed = 6;  // the random Q, K, V of the Try-it

void step_predict(const shape_rules_lab::Sizes& s) {
    print_step(std::cout, 1, "Shapes predicted from four numbers");
    const AttentionShapes p = attention_shapes(s.L_Q, s.L_K, s.d_k, s.d_v);
    std::printf("L_Q = %llu, L_K = %llu, d_k = %llu, d_v = %llu\n", static_cast<unsigned long long>(s.L_Q),
                static_cast<unsigned long long>(s.L_K), static_cast<unsigned long long>(s.d_k),
                static_cast<unsigned long long>(s.d_v));
    std::printf("  scores  QK^T/sqrt(d_k)  %s\n", to_string(p.scores).c_str());
    std::printf("  weights softmax(...)    %s\n", to_string(p.weights).c_str());
    std::printf("  output  A V             %s\n", to_string(p.output).c_str());
}

void step_try_it(const shape_rules_lab::Sizes& s) {
    print_step(std::cout, 2, "A 7-token decoder reading a 12-token source");
    const auto in = shape_rules_lab::random_inputs(s, kSeed);
    std::printf("Q %s, K %s, V %s (random, seed %d)\n", shape_of(in.Q).c_str(), shape_of(in.K).c_str(),
                shape_of(in.V).c_str(), kSeed);
    const AttentionResult r = scaled_dot_product_attention(in.Q, in.K, in.V);  // weights (L_Q, L_K), output (L_Q, d_v)
    std::printf("scaled_dot_product_attention returned weights %s and output %s\n", shape_of(r.weights).c_str(),
                shape_of(r.output).c_str());
}

void step_wrong_way_round(const shape_rules_lab::Sizes& s) {
    print_step(std::cout, 3, "Scores written the wrong way round (L_K x L_Q)");
    const arma::mat wrong(s.L_K, s.L_Q, arma::fill::ones);  // (L_K, L_Q): should have been (L_Q, L_K)
    const arma::mat V(s.L_K, s.d_v, arma::fill::ones);      // (L_K, d_v)
    std::printf("weights %s times V %s\n", shape_of(wrong).c_str(), shape_of(V).c_str());
    std::printf("Armadillo says: %s\n", shape_rules_lab::product_error(wrong, V).c_str());
    const auto inner = inner_dimensions_with_transposed_scores(s.L_Q, s.L_K, s.d_v);
    std::printf("inner dimensions: %llu (columns of the weights) against %llu (rows of V)\n",
                static_cast<unsigned long long>(inner.first), static_cast<unsigned long long>(inner.second));
}

struct Case {
    const char* what;
    Shape Q, K, V;
};

void step_rules() {
    print_step(std::cout, 4, "Five calls: two are refused, three are fine");
    const Case cases[] = {
        {"self-attention, all square", {3, 4}, {3, 4}, {3, 4}},
        {"L_Q != L_K (cross-attention)", {7, 64}, {12, 64}, {12, 64}},
        {"d_v != d_k", {7, 64}, {12, 64}, {12, 32}},
        {"d_q != d_k", {7, 64}, {12, 32}, {12, 64}},
        {"L_K != L_V", {7, 64}, {12, 64}, {10, 64}},
    };
    for (const auto& c : cases) {
        std::printf("%s: Q %s, K %s, V %s\n", c.what, to_string(c.Q).c_str(), to_string(c.K).c_str(),
                    to_string(c.V).c_str());
        std::printf("  %s\n", shape_rules_lab::try_attention(c.Q, c.K, c.V).c_str());
        std::printf("  rule broken: %s\n", shape_rules_lab::describe(rule_broken_by(c.Q, c.K, c.V)).c_str());
    }
    std::printf("must L_Q equal L_K? %s.  must d_k equal d_v? %s.\n", query_and_key_lengths_must_match() ? "yes" : "no",
                key_and_value_widths_must_match() ? "yes" : "no");
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/06_shape_rules/README.md", [](const ChapterOptions&, plot::Plotter& p) {
        const shape_rules_lab::Sizes s;  // 7 over 12, d_k = d_v = 64
        step_predict(s);
        step_try_it(s);
        step_wrong_way_round(s);
        step_rules();
        p.save("06_shapes", shape_rules_lab::shapes_figure(s));
        std::cout << "\nWhat to notice:\n"
                     "  - d_k never reaches the output: it is used up inside Q K^T;\n"
                     "  - the scores have one row per query and one column per key;\n"
                     "  - only two comparisons are rules; a different L_Q or d_v is normal.\n";
    });
}
