// Chapter 11: training. The loss, its gradient, a check of any gradient, the
// backward pass of attention, Adam and its schedule, then one layer trained.
//
// Dimension legend: T = rows (tokens), n = vocabulary size (columns of the logits),
// L_Q = query positions, L_K = key positions, d_k = query/key width, d_v = value width.
// Run:  ./course run 11          (reference)      ./course run 11 --mine   (your exercises)
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "contracts/11_training.hpp"
#include "core/chapter.hpp"
#include "core/print.hpp"
#include "labs/training_lab.hpp"

using namespace attn;

namespace {

std::string yes_no(bool b) { return b ? "yes" : "no"; }
std::string sci(double x, int digits = 1) {
    if (!std::isfinite(x)) return format_number(x);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*e", digits, x);
    return buf;
}

// The row of step 1: five logits, the right word in column 4 (not the largest logit).
const arma::rowvec kRow = {1.0, 3.0, 0.5, -1.0, 2.0};
constexpr arma::uword kTarget = 4;

void step_by_hand() {
    print_step(std::cout, 1, "Cross-entropy of one row, by hand");
    const training_lab::RowLoss r = training_lab::loss_by_hand(kRow, kTarget);
    std::printf("logits z %s, the right word is column %llu\n", format_row(kRow).c_str(),
                static_cast<unsigned long long>(kTarget));
    std::printf("%-34s %s\n", "m = max z", format_number(r.max).c_str());
    std::printf("%-34s %s\n", "exp(z - m)", format_row(r.shifted_exp).c_str());
    std::printf("%-34s %s\n", "log sum exp(z) = m + log(sum)", format_number(r.log_sum_exp, 4).c_str());
    std::printf("%-34s %s\n", "loss = log sum exp(z) - z_4", format_number(r.loss, 4).c_str());
    std::printf("%-34s %s\n", "softmax(z)", format_row(r.probabilities).c_str());
    std::printf("%-34s %s\n", "-log softmax(z)_4, the same", format_number(-std::log(r.probabilities(kTarget)), 4).c_str());
    const CrossEntropyResult ce = cross_entropy(arma::mat(kRow), {kTarget});  // dlogits (1, 5)
    std::printf("%-34s %s\n", "cross_entropy(z, {4}).loss", format_number(ce.loss, 4).c_str());
    std::printf("%-34s %s\n", "dlogits = softmax(z) - onehot(4)", format_row(ce.dlogits).c_str());
    std::printf("the gradient's entries sum to %s: raising one probability lowers the others\n",
                format_number(arma::accu(ce.dlogits)).c_str());
}

void step_large_logits() {
    print_step(std::cout, 2, "Large logits: the naive loss breaks, log-sum-exp does not");
    const arma::rowvec big = {1000, 999, 997}, far = {0, -800, 3};
    const CrossEntropyResult a = cross_entropy(arma::mat(big), {1}), b = cross_entropy(arma::mat(far), {1});
    std::printf("%-30s %-24s %s\n", "", "[1000, 999, 997], t = 1", "[0, -800, 3], t = 1");
    std::printf("%-30s %-24s %s\n", "exp(z), then -log p_t", format_number(training_lab::naive_loss(big, 1)).c_str(),
                format_number(training_lab::naive_loss(far, 1)).c_str());
    std::printf("%-30s %-24s %s\n", "-log softmax_rows(z)_t (ch03)",
                format_number(training_lab::log_of_softmax_loss(big, 1)).c_str(),
                format_number(training_lab::log_of_softmax_loss(far, 1)).c_str());
    std::printf("%-30s %-24s %s\n", "cross_entropy (log-sum-exp)", format_number(a.loss).c_str(),
                format_number(b.loss).c_str());
    const arma::mat huge = {{1e4, 1e4 - 1, 1e4 - 3}, {0, -1e4, 3}};  // (2, 3)
    const CrossEntropyResult h = cross_entropy(huge, {1, 1});
    std::printf("logits of 1e4: loss %s, every entry of dlogits finite: %s\n", format_number(h.loss).c_str(),
                yes_no(h.dlogits.is_finite()).c_str());
}

void step_differences(plot::Plotter& plotter) {
    print_step(std::cout, 3, "Checking a gradient: one-sided against central differences");
    std::printf("d loss / d z_0 for the row of step 1; error against cross_entropy's dlogits\n");
    const auto errors = training_lab::difference_errors(kRow, kTarget, 0, {1e-1, 1e-2, 1e-3, 1e-4});
    std::printf("%-8s %-12s %s\n", "h", "one-sided", "central");
    for (const auto& e : errors)
        std::printf("%-8s %-12s %s\n", sci(e.h, 0).c_str(), sci(e.one_sided).c_str(), sci(e.central).c_str());
    std::printf("h 10 times smaller: the one-sided error 10 times smaller, the central one 100 times\n");
    const arma::mat z(kRow);
    const arma::mat all = numeric_gradient([](const arma::mat& x) { return cross_entropy(x, {kTarget}).loss; }, z);
    const double worst = arma::abs(all - cross_entropy(z, {kTarget}).dlogits).max();
    std::printf("numeric_gradient on all 5 logits (h = 1e-5): largest difference below 1e-9: %s\n",
                yes_no(worst < 1e-9).c_str());
    std::vector<double> steps;
    for (int k = 0; k <= 32; ++k) steps.push_back(std::pow(10.0, -0.375 * k));  // 1 down to 1e-12
    plotter.save("11_difference_error",
                 training_lab::difference_figure(training_lab::difference_errors(kRow, kTarget, 0, steps)));
}

void step_attention_backward() {
    print_step(std::cout, 4, "The backward pass of attention, checked by central differences");
    constexpr arma::uword L_Q = 3, L_K = 5, d_k = 4, d_v = 2;  // every size different
    arma::arma_rng::set_seed(2017);
    const arma::mat Q = arma::randn(L_Q, d_k), K = arma::randn(L_K, d_k), V = arma::randn(L_K, d_v);
    const arma::mat G = arma::randn(L_Q, d_v);  // the gradient arriving at Z, for L = sum(Z % G)
    std::printf("Q 3x4, K 5x4, V 5x2; loss L = sum(Z %% G) with G 3x2, so dL/dZ = G\n");
    const training_lab::GradientCheck c = training_lab::check_attention_backward(Q, K, V, G);
    print_matrix(std::cout, "dK by attention_backward", c.analytic.dK, {4, {}, {}});
    print_matrix(std::cout, "dK by numeric_gradient", c.numeric.dK, {4, {}, {}});
    std::printf("dQ, dK, dV: largest relative error norm(a - b) / norm(a + b) below 1e-8: %s\n",
                yes_no(c.worst_relative < 1e-8).c_str());
}

void step_adam() {
    print_step(std::cout, 5, "Adam's first step: every entry moves by about the learning rate");
    const arma::rowvec g = {0.001, -1.0, 1000.0};
    const double lr = 0.01;
    const training_lab::FirstStep s = training_lab::adam_first_step(g, lr);
    std::printf("gradient %s, learning rate %s, beta1 0.9, beta2 0.98\n", format_row(g, 3).c_str(),
                format_number(lr).c_str());
    std::printf("%-34s %s\n", "change of W, adam_step at t = 1", format_row(s.with_correction, 4).c_str());
    std::printf("%-34s %s\n", "without the bias correction", format_row(s.without_correction, 4).c_str());
    std::printf("m = 0.1 g and v = 0.02 g^2 after one step: uncorrected, the step is 0.1 / sqrt(0.02) = %s of lr\n",
                format_number(0.1 / std::sqrt(0.02)).c_str());
}

void step_schedule(plot::Plotter& plotter) {
    print_step(std::cout, 6, "The learning-rate schedule of the 2017 paper");
    constexpr long d_model = 512, warmup = 4000;
    const double peak = training_lab::paper_peak(d_model, warmup);
    std::printf("d_model 512, warm-up 4000: peak (d_model * warmup)^-0.5 = %s\n", sci(peak, 3).c_str());
    std::printf("%-8s %-22s %s\n", "step", "learning_rate(t, ...)", "the paper's formula");
    for (const long t : {1L, 400L, 2000L, 4000L, 8000L, 16000L, 100000L})
        std::printf("%-8ld %-22s %s\n", t, sci(learning_rate(t, peak, warmup), 3).c_str(),
                    sci(training_lab::paper_learning_rate(t, d_model, warmup), 3).c_str());
    plotter.save("11_learning_rate", training_lab::schedule_figure(d_model, {1000, 4000, 16000}, 60000));
}

void step_train(plot::Plotter& plotter) {
    print_step(std::cout, 7, "Train one attention layer to reverse 5 tokens");
    const training_lab::ReversalConfig config;
    std::printf("5 tokens from a vocabulary of 6, X = [onehot(token) | onehot(position)] (5x11)\n");
    std::printf("W_q 11x4, W_k 11x4, W_v 11x6; the output Z (5x6) is the logits; answer: the tokens reversed\n");
    std::printf("%d steps of %d sequences: cross_entropy, attention_backward, adam_step, learning_rate "
                "(peak %s, warm-up %ld)\n",
                config.steps, config.batch, format_number(config.peak).c_str(), config.warmup);
    const training_lab::ReversalRun run = training_lab::train_reversal(config);
    std::printf("%-6s %-15s %s\n", "step", "learning rate", "loss");
    for (const int t : {1, 10, 30, 60, 100, 200, 300})
        std::printf("%-6d %-15s %s\n", t, format_number(run.rate[t - 1], 4).c_str(),
                    format_number(run.loss[t - 1], 3).c_str());
    std::printf("positions right on 200 new sequences: %s before training, %s after\n",
                format_number(100 * run.accuracy_before, 1).append("%").c_str(),
                format_number(100 * run.accuracy_after, 1).append("%").c_str());
    std::vector<std::string> labels;
    std::string sequence;
    for (const arma::uword tok : run.example) {
        labels.push_back(std::to_string(tok));
        sequence += (sequence.empty() ? "" : " ") + labels.back();
    }
    print_matrix(std::cout, "trained weights on the sequence " + sequence + " (queries down, keys across)",
                 run.example_weights, {2, labels, labels});
    plotter.save("11_loss_curve", training_lab::loss_figure(run));
    plotter.save("11_reversal_weights", training_lab::reversal_weights_figure(run));
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/11_training/README.md", [](const ChapterOptions&, plot::Plotter& p) {
        step_by_hand();
        step_large_logits();
        step_differences(p);
        step_attention_backward();
        step_adam();
        step_schedule(p);
        step_train(p);
        std::cout << "\nWhat to notice:\n"
                     "  - the loss is log-sum-exp minus the target's logit: no exp can overflow, no log sees 0;\n"
                     "  - a central difference errs like h^2, so it can check any backward pass to 1e-8;\n"
                     "  - Adam's first step is about the learning rate whatever the gradient's size;\n"
                     "  - the layer learned to reverse by putting each query's weight on the mirrored key.\n";
    });
}
