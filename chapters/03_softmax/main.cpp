// Chapter 03: softmax, one row at a time: its properties, masking, overflow, saturation.
//
// Dimension legend: each row holds one query's scores against L_K keys.
// Run:  ./course run 03          (reference)      ./course run 03 --mine   (your exercises)
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "core/chapter.hpp"
#include "core/mask.hpp"
#include "core/print.hpp"
#include "contracts/03_softmax.hpp"
#include "labs/softmax_lab.hpp"
#include "core/worked_example.hpp"

using namespace attn;

namespace {

const arma::rowvec kScores = {1.0, 2.0, 3.0};  // the running row of this chapter
constexpr double kStretch = 8.0;                // the saturation example: [1,2,3] x 8
const std::vector<double> kTableStretches = {0.1, 0.5, 1, 2, 4, 8, 16, 32};

arma::rowvec softmax_of(const arma::rowvec& s) { return softmax_rows(arma::mat(s)); }

std::string yes_no(bool b) { return b ? "yes" : "no"; }

void step_one_row() {
    print_step(std::cout, 1, "Softmax of one row");
    const arma::rowvec e = arma::exp(kScores);
    std::cout << "scores           " << format_row(kScores, 0) << "\n";
    std::cout << "exponentials     " << format_row(e) << "\n";
    std::cout << "their total      " << format_number(arma::accu(e)) << "   (the rounded exponentials add up to "
              << format_number(arma::accu(arma::round(e * 100.0) / 100.0)) << ")\n";
    std::cout << "softmax([1, 2, 3]) = " << format_row(softmax_of(kScores)) << "\n";
    std::cout << "softmax([1, 1, 1]) = " << format_row(softmax_of(arma::rowvec{1.0, 1.0, 1.0})) << "\n";
}

void step_properties() {
    print_step(std::cout, 2, "The four properties, on two rows of scores");
    const arma::mat S = {{1.0, 2.0, 3.0}, {0.5, -1.0, 2.0}};
    const arma::mat A = softmax_rows(S);
    print_matrix(std::cout, "S", S);
    print_matrix(std::cout, "softmax_rows(S)", A);
    std::cout << "non-negative:       smallest weight " << format_number(A.min()) << "\n";
    std::cout << "each row sums to 1: " << format_row(arma::sum(A, 1).t()) << "\n";
    bool order_kept = true;
    for (arma::uword i = 0; i < S.n_rows; ++i)
        order_kept = order_kept && arma::all(arma::sort_index(S.row(i)) == arma::sort_index(A.row(i)));
    std::cout << "order kept:         " << yes_no(order_kept) << " (a bigger score always gets a bigger weight)\n";
    const double shift = arma::abs(softmax_rows(S + 100.0) - A).max();
    std::cout << "shift invariant:    softmax(S + 100) differs from softmax(S) by at most " << format_number(shift, 4)
              << "\n";
}

void step_masking() {
    print_step(std::cout, 3, "Masking with -infinity");
    const arma::rowvec a = softmax_of(arma::rowvec{1.0, -INFINITY, 2.0});
    std::cout << "softmax([1, -inf, 2]) = " << format_row(a) << "   masked weight is exactly 0: " << yes_no(a(1) == 0.0)
              << "\n";
    const arma::rowvec one = softmax_of(arma::rowvec{-3.5});
    std::cout << "softmax([-3.5])       = " << format_row(one) << "   exactly 1: " << yes_no(one(0) == 1.0) << "\n";
    std::cout << "softmax([-inf, -inf]) = " << format_row(softmax_of(arma::rowvec{-INFINITY, -INFINITY}))
              << "   nothing to look at: all zeros, by this course's rule\n";
    // The halved scores of "I love LLMs" (chapter 04), each word allowed to see only itself and earlier words.
    const arma::mat halved = {{2.0, 1.0, 1.0}, {1.0, 2.5, 1.5}, {1.5, 1.0, 2.5}};
    const arma::umat allowed = arma::trimatl(arma::umat(3, 3, arma::fill::ones));
    print_matrix(std::cout, "masked_softmax(halved scores of chapter 04, each word sees itself and earlier words)",
                 masked_softmax(halved, additive_mask(allowed)), {2, example::tokens(), example::tokens()});
}

void step_overflow() {
    print_step(std::cout, 4, "Why subtract the maximum: the naive formula overflows");
    const int d = softmax_lab::naive_breaking_score_double();
    const int f = softmax_lab::naive_breaking_score_float();
    const arma::rowvec big = {double(d - 2), double(d - 1), double(d)};
    std::cout << "double: exp(s) / sum(exp(s)) first gives inf or NaN at score " << d << "\n";
    std::cout << "float:  it first gives inf or NaN at score " << f << "\n";
    std::cout << "naive  softmax(" << format_row(big, 0) << ") = " << format_row(softmax_lab::naive_softmax(big)) << "\n";
    std::cout << "stable softmax(" << format_row(big, 0) << ") = " << format_row(softmax_of(big))
              << "   (same as for [1, 2, 3]: only the gaps count)\n";
}

void step_saturation(plot::Plotter& plotter) {
    print_step(std::cout, 5, "Saturation: stretch the scores and the gradient disappears");
    const arma::rowvec stretched = kStretch * kScores;
    const arma::rowvec a1 = softmax_of(kScores), a8 = softmax_of(stretched);
    std::cout << "softmax(" << format_row(kScores, 0) << ")  = " << format_row(a1, 4) << "\n";
    std::cout << "softmax(" << format_row(stretched, 0) << ") = " << format_row(a8, 4) << "\n";
    std::cout << "gradient size ||J||_F: " << format_number(softmax_lab::jacobian_size(a1), 4) << " at [1, 2, 3], "
              << format_number(softmax_lab::jacobian_size(a8), 4) << " at [8, 16, 24]\n";
    print_matrix(std::cout, "softmax Jacobian J at [1, 2, 3]", softmax_lab::softmax_jacobian(a1), {4, {}, {}});
    const auto table = softmax_lab::saturation_curve(kScores, kTableStretches);
    std::printf("%-14s %14s %14s\n", "stretch c", "largest weight", "||J||_F");
    for (const auto& p : table)
        std::printf("%-14s %14s %14s\n", format_number(p.stretch, 1).c_str(), format_number(p.largest_weight, 4).c_str(),
                    format_number(p.gradient_size, 4).c_str());
    plotter.save("03_saturation_bars", softmax_lab::saturation_bars(kScores, kStretch));
    plotter.save("03_saturation_curve", softmax_lab::saturation_curve_figure(
                                            softmax_lab::saturation_curve(kScores, softmax_lab::default_stretches())));
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/03_softmax/README.md", [](const ChapterOptions&, plot::Plotter& p) {
        step_one_row();
        step_properties();
        step_masking();
        step_overflow();
        step_saturation(p);
        std::cout << "\nWhat to notice:\n"
                     "  - weights are never negative and each row adds up to 1;\n"
                     "  - a masked key gets exactly 0 and a lone key exactly 1: not 'strictly between';\n"
                     "  - subtracting the row maximum costs nothing and removes the overflow;\n"
                     "  - stretching the scores makes one weight take everything and the gradient vanish.\n";
    });
}
