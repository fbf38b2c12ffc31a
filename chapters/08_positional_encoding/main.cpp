// Chapter 08: where a token sits, written into its row.
//
// Dimension legend: L = tokens (positions), d_model = token width; the running
// example has L = 3 and d_model = 4, the tables of steps 1, 2 and 6 are wider.
// Run:  ./course run 08          (reference)      ./course run 08 --mine   (your exercises)
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "contracts/07_cross_attention.hpp"
#include "contracts/08_positional_encoding.hpp"
#include "core/chapter.hpp"
#include "core/print.hpp"
#include "core/worked_example.hpp"
#include "labs/positional_encoding_lab.hpp"

using namespace attn;

namespace {

constexpr arma::uword kTableLength = 6;   // positions shown in step 1
constexpr arma::uword kTableWidth = 8;    // d_model of step 1's table: 4 sine/cosine pairs
constexpr arma::uword kLongLength = 64;   // positions of the similarity table (step 6)
constexpr arma::uword kLongWidth = 16;    // its d_model
constexpr arma::uword kManyPositions = 1000;  // step 7: far longer than any sentence here

std::vector<std::string> numbered(const std::string& prefix, arma::uword n) {
    std::vector<std::string> out;
    for (arma::uword k = 0; k < n; ++k) out.push_back(prefix + std::to_string(k));
    return out;
}

void step_table() {
    print_step(std::cout, 1, "The position table: one row per position, one column per dimension");
    const arma::mat PE = positional_encoding(kTableLength, kTableWidth);  // (6, 8)
    print_matrix(std::cout, "positional_encoding(6, 8)", PE,
                 {2, numbered("pos ", kTableLength), {"sin0", "cos0", "sin1", "cos1", "sin2", "cos2", "sin3", "cos3"}});
    std::printf("row 0 is %s: sin 0 = 0 and cos 0 = 1 in every pair\n", format_row(PE.row(0), 0).c_str());
}

void step_circles() {
    print_step(std::cout, 2, "Each pair turns on a circle, every pair at its own speed");
    const arma::mat PE = positional_encoding(kLongLength, kTableWidth);  // (64, 8)
    std::printf("wavelength of each pair (positions per turn), d_model 8: %s\n",
                format_row(positional_encoding_lab::wavelengths(kTableWidth)).c_str());
    std::printf("largest |sin^2 + cos^2 - 1| over 64 positions: %s\n",
                format_number(positional_encoding_lab::worst_pair_norm_error(PE)).c_str());
    std::printf("smallest and largest entry: %s and %s (never outside [-1, 1])\n", format_number(PE.min()).c_str(),
                format_number(PE.max()).c_str());
}

void step_add(const std::vector<std::string>& tokens) {
    print_step(std::cout, 3, "Positions added to \"I love LLMs\"");
    const arma::mat X = example::X();                               // (3, 4)
    const arma::mat PE = positional_encoding(X.n_rows, X.n_cols);  // (3, 4)
    print_matrix(std::cout, "X, the embedded sentence", X, {2, tokens, {}});
    print_matrix(std::cout, "PE = positional_encoding(3, 4)", PE, {2, numbered("pos ", 3), {}});
    print_matrix(std::cout, "X + PE = add_positions(X, PE), still as wide as X", add_positions(X, PE), {2, tokens, {}});
    std::printf("answer: adding positions makes X wider: %s\n", adding_positions_makes_x_wider() ? "true" : "false");
}

void step_copies() {
    print_step(std::cout, 4, "Two copies of one word are no longer the same row");
    arma::mat X = example::X();
    X.row(2) = X.row(0);  // "I love I": the word I at positions 0 and 2
    const arma::mat PE = positional_encoding(X.n_rows, X.n_cols);  // (3, 4)
    const arma::mat Q = X * example::W_q(), Q_pos = add_positions(X, PE) * example::W_q();  // (3, 4) each
    std::printf("\"I love I\": largest difference between rows 0 and 2 of Q\n");
    std::printf("  without positions  %s\n", format_number(arma::abs(Q.row(0) - Q.row(2)).max()).c_str());
    std::printf("  with positions     %s\n", format_number(arma::abs(Q_pos.row(0) - Q_pos.row(2)).max()).c_str());
}

void step_reordering(const std::vector<std::string>& tokens) {
    print_step(std::cout, 5, "Chapter 02's reordering, again: now the outputs change");
    const arma::uvec order = {2, 0, 1};  // "LLMs I love"
    std::vector<std::string> reordered;
    for (arma::uword k : order) reordered.push_back(tokens[k]);
    const arma::mat X = example::X(), Wq = example::W_q(), Wk = example::W_k(), Wv = example::W_v();
    const auto plain = positional_encoding_lab::reorder_words(X, Wq, Wk, Wv, order, false);
    const auto placed = positional_encoding_lab::reorder_words(X, Wq, Wk, Wv, order, true);
    print_matrix(std::cout, "self_attention output, positions added, for I love LLMs", placed.Z, {2, tokens, {}});
    print_matrix(std::cout, "the same for LLMs I love", placed.Z_reordered, {2, reordered, {}});
    std::printf("largest difference between a word's two output rows\n");
    std::printf("  without positions (chapter 02)  %s\n", format_number(plain.worst, 4).c_str());
    std::printf("  with positions                  %s\n", format_number(placed.worst, 4).c_str());
    std::printf("answers: attention alone sees word order: %s; with positions a moved word's output changes: %s\n",
                attention_alone_sees_word_order() ? "true" : "false",
                reordering_with_positions_changes_a_words_output() ? "true" : "false");
}

void step_similarity(plot::Plotter& plotter) {
    print_step(std::cout, 6, "How alike two positions are: it depends on their distance alone");
    const arma::mat PE = positional_encoding(kLongLength, kLongWidth);  // (64, 16)
    const std::vector<arma::uword> offsets = {0, 1, 2, 3, 5, 10, 20, 30};
    std::printf("PE(p) . PE(p + k), d_model 16 (the most is d_model / 2 = 8)\n");
    std::printf("%-12s", "k");
    for (arma::uword k : offsets) std::printf("%7llu", static_cast<unsigned long long>(k));
    std::printf("\n");
    for (arma::uword p : {arma::uword{0}, arma::uword{10}, arma::uword{30}}) {
        const arma::rowvec s = position_similarity(PE, p);  // (1, 64)
        std::printf("%-12s", ("from p = " + std::to_string(p)).c_str());
        for (arma::uword k : offsets) std::printf("%7s", format_number(s(p + k)).c_str());
        std::printf("\n");
    }
    double spread = 0;
    for (arma::uword k = 0; k <= 30; ++k) spread = std::max(spread, positional_encoding_lab::offset_spread(PE, k));
    std::printf("largest spread over the start p, for every k up to 30: %s\n", format_number(spread).c_str());
    std::printf("answer: the similarity depends on where the pair starts: %s\n",
                similarity_depends_on_where_the_pair_starts() ? "true" : "false");
    plotter.save("08_encoding_heatmap", positional_encoding_lab::encoding_figure(positional_encoding(48, 64)));
    plotter.save("08_similarity_by_distance", positional_encoding_lab::similarity_figure(128, {16, 64}));
}

void step_beyond() {
    print_step(std::cout, 7, "A fixed offset is one matrix, and the formula has no last position");
    const arma::mat PE = positional_encoding(kManyPositions, kLongWidth);  // (1000, 16)
    std::printf("largest |PE(p) R_k - PE(p + k)| over all p, for k = 1, 5, 50: %s, %s, %s\n",
                format_number(positional_encoding_lab::offset_map_error(PE, 1)).c_str(),
                format_number(positional_encoding_lab::offset_map_error(PE, 5)).c_str(),
                format_number(positional_encoding_lab::offset_map_error(PE, 50)).c_str());
    const auto c = positional_encoding_lab::closest_positions(PE);
    std::printf("closest two of the first 1000 positions (d_model 16): %s\n",
                positional_encoding_lab::describe_closest(c, kManyPositions).c_str());
    std::printf("row 999: %s\n", format_row(PE.row(kManyPositions - 1)).c_str());
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/08_positional_encoding/README.md",
                       [](const ChapterOptions&, plot::Plotter& plotter) {
                           const auto tokens = example::tokens();
                           step_table();
                           step_circles();
                           step_add(tokens);
                           step_copies();
                           step_reordering(tokens);
                           step_similarity(plotter);
                           step_beyond();
                           std::cout << "\nWhat to notice:\n"
                                        "  - row 0 is 0, 1, 0, 1, ...; the first pair turns fastest, the last slowest;\n"
                                        "  - once positions are added, moving a word changes its output, not only its place;\n"
                                        "  - PE(p) . PE(p + k) is the same for every p: the code tells distances;\n"
                                        "  - one matrix moves every position k steps on, and position 999 is as easy as 9.\n";
                       });
}
