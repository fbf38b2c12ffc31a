// Chapter 07: one attention function, two wirings, and the decoder's mask.
//
// Dimension legend: L_Q = query positions, L_K = key (and value) positions,
// d_model = token width, d_k = query/key width, d_v = value width.
// Run:  ./course run 07          (reference)      ./course run 07 --mine   (your exercises)
#include <cstdio>
#include <iostream>

#include "contracts/07_cross_attention.hpp"
#include "core/chapter.hpp"
#include "labs/cross_attention_lab.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"
#include "core/worked_example.hpp"

using namespace attn;

namespace {

// "0 (exactly)" says more than "0.0000" when the claim is that nothing moved at all.
std::string change_text(double d) { return d == 0.0 ? "0 (exactly)" : format_number(d, 4); }

void step_self(plot::Plotter&) {
    print_step(std::cout, 1, "Self-attention: one sentence asks, answers and is read");
    const arma::mat X = example::X(), Wq = example::W_q(), Wk = example::W_k(), Wv = example::W_v();
    const auto tok = example::tokens();
    const AttentionResult r = self_attention(X, Wq, Wk, Wv);  // weights (3, 3), output (3, 4)
    print_matrix(std::cout, "weights A, queries and keys both from X", r.weights, {2, tok, tok});
    print_matrix(std::cout, "output self_attention(X, W_q, W_k, W_v)", r.output, {2, tok, {}});
}

void step_cross(plot::Plotter& plotter) {
    print_step(std::cout, 2, "Cross-attention: 2 decoder queries over 4 encoder positions");
    const auto t = cross_attention_lab::translation_example();
    print_matrix(std::cout, "H_enc, the encoder's output", t.H_enc, {2, t.source, {}});
    print_matrix(std::cout, "X_dec, the decoder so far", t.X_dec, {2, t.target, {}});
    const AttentionResult r = cross_attention(t.X_dec, t.H_enc, t.W_q, t.W_k, t.W_v);  // weights (2, 4), output (2, 4)
    const arma::mat& A = r.weights;
    print_matrix(std::cout, "weights (queries from X_dec, keys from H_enc)", A, {2, t.target, t.source});
    print_matrix(std::cout, "output cross_attention(X_dec, H_enc, W_q, W_k, W_v)", r.output, {2, t.target, {}});
    std::printf("each row of weights sums to 1: %s and %s\n", format_number(arma::accu(A.row(0))).c_str(),
                format_number(arma::accu(A.row(1))).c_str());
    plotter.save("07_cross_attention_weights",
                 cross_attention_lab::weights_figure("Cross-attention weights: decoder queries x encoder keys", A, t.target,
                                           t.source));
}

void step_causal(plot::Plotter& plotter) {
    print_step(std::cout, 3, "The causal mask: no looking ahead");
    const arma::mat X = example::X(), Wq = example::W_q(), Wk = example::W_k(), Wv = example::W_v();
    const auto tok = example::tokens();
    const arma::mat M = causal_mask(X.n_rows);  // (3, 3)
    print_matrix(std::cout, "causal_mask(3)", M, {0, tok, tok});
    const arma::mat A = cross_attention_lab::causal_self_attention(X, Wq, Wk, Wv).weights;  // (3, 3)
    print_matrix(std::cout, "weights with the mask", A, {2, tok, tok});
    const bool zero = A(0, 1) == 0.0 && A(0, 2) == 0.0 && A(1, 2) == 0.0;
    std::printf("weights above the diagonal: %s (exp(-inf) = 0)\n", zero ? "all exactly 0" : "NOT all exactly 0");
    plotter.save("07_causal_weights",
                 cross_attention_lab::weights_figure("Causal self-attention weights on \"I love LLMs\"", A, tok, tok));
}

void step_change() {
    print_step(std::cout, 4, "Change the last token, watch the earlier outputs");
    const arma::mat X = example::X(), Wq = example::W_q(), Wk = example::W_k(), Wv = example::W_v();
    const arma::rowvec other = {1, 1, 1, 1};  // "LLMs" replaced by a different token
    std::printf("row 2 of X (LLMs) replaced by %s\n", format_row(other).c_str());
    const auto masked = cross_attention_lab::change_one_token(X, Wq, Wk, Wv, 2, other, true);
    const auto open = cross_attention_lab::change_one_token(X, Wq, Wk, Wv, 2, other, false);
    std::printf("%-22s %-26s %s\n", "", "largest change, rows 0-1", "largest change, row 2");
    std::printf("%-22s %-26s %s\n", "with the causal mask", change_text(masked.earlier_rows).c_str(),
                change_text(masked.changed_row).c_str());
    std::printf("%-22s %-26s %s\n", "without a mask", change_text(open.earlier_rows).c_str(),
                change_text(open.changed_row).c_str());
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/07_cross_attention/README.md", [](const ChapterOptions&, plot::Plotter& p) {
        step_self(p);
        step_cross(p);
        step_causal(p);
        step_change();
        std::cout << "\nWhat to notice:\n"
                     "  - self and cross attention call the same function; only the inputs differ;\n"
                     "  - the cross-attention weights are 2x4: queries down, keys across;\n"
                     "  - masked weights are exactly 0, so a later token cannot reach an earlier output.\n";
    });
}
