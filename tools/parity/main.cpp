// parity: chapter 12's model against PyTorch's answers on the same weights
// (./course verify; src/model/parity.hpp says what is compared and how).
//
//   parity export DIR     writes DIR/model.ckpt (the course's initial weights) and
//                         DIR/batch.txt (the batch, the sources to decode, Adam's settings),
//                         the inputs bench/parity.py gives PyTorch
//   parity compare DIR    runs our model on DIR's inputs and compares it with
//                         DIR/reference.txt, which PyTorch wrote: a table of the
//                         largest difference per tensor, then the verdict
//
// Exit codes: 0 every answer agrees, 1 some answer differs (the first is named on
// stderr), 2 bad input (one line on stderr: the file and what is wrong).
// It runs on the reference solutions, like the chapter programs.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "model/parity.hpp"

namespace {

namespace m = attn::model;

const char* kUsage =
    "usage: parity export DIR    write the course's inputs (model.ckpt, batch.txt) into DIR\n"
    "       parity compare DIR   compare our model on DIR's inputs with DIR/reference.txt (PyTorch's)\n";

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1e", v);
    return buf;
}

// The worst check of one kind: (difference, name), or (-1, "") when there is none.
std::pair<double, std::string> worst_of(const std::vector<m::ParityCheck>& checks, const std::string& kind) {
    std::pair<double, std::string> w{-1, ""};
    for (const auto& c : checks)
        if (c.kind == kind && c.difference > w.first) w = {c.difference, c.name};
    return w;
}

int compare(const std::string& dir) {
    const m::ParityInputs in = m::load_parity_inputs(dir);
    const m::ParityReference ref = m::load_parity_reference(dir + "/reference.txt", in);
    const std::vector<m::ParityCheck> checks = m::compare_parity(m::run_parity(in), ref, in);

    std::size_t tokens = 0;
    for (const auto& e : in.batch.examples) tokens += e.target.size() + 1;
    std::cout << "parity with PyTorch: our model on " << dir << "/model.ckpt and batch.txt, against reference.txt\n"
              << "  reference made by " << ref.made_by << "\n"
              << "  model " << m::describe(in.weights.config) << "; a batch of " << in.batch.examples.size()
              << " examples (" << tokens << " decoder tokens); " << in.decode_sources.size()
              << " sources decoded greedily and with beam " << in.beam << "\n\n";

    for (const auto& c : checks)  // the forward pass's two answers first, as they are compared
        if (c.kind == "logits" || c.kind == "loss")
            std::printf("  %-22s %s%s\n", c.kind.c_str(), number(c.difference).c_str(), c.passed ? "" : "  <- differs");
    // per tensor: the gradient's and the Adam step's difference side by side
    std::printf("\n  %-22s %-12s %s\n", "tensor", "gradient", "Adam step");
    for (const auto& g : checks) {
        if (g.kind != "gradient") continue;
        const m::ParityCheck* step = nullptr;
        for (const auto& c : checks)
            if (c.kind == "Adam step" && c.name == g.name) step = &c;
        std::printf("  %-22s %-12s %s%s\n", g.name.c_str(), number(g.difference).c_str(),
                    step ? number(step->difference).c_str() : "-",
                    (!g.passed || (step && !step->passed)) ? "  <- differs" : "");
    }
    std::size_t greedy_same = 0, beam_same = 0, sources = in.decode_sources.size();
    for (const auto& c : checks) {
        if (c.kind == "greedy decode" && c.passed) ++greedy_same;
        if (c.kind == "beam decode" && c.passed) ++beam_same;
    }
    std::cout << "  decodes: greedy " << greedy_same << " of " << sources << " identical, beam " << in.beam << " "
              << beam_same << " of " << sources << " identical\n\n";
    const auto g = worst_of(checks, "gradient"), a = worst_of(checks, "Adam step");
    std::cout << "  each figure: largest |ours - PyTorch's| over largest |PyTorch's| in that tensor; tolerance "
              << m::kParityLogitsTolerance << " for the logits and the loss, " << m::kParityGradientTolerance
              << " for gradients and Adam steps; decodes must be identical\n"
              << "  largest: logits " << number(worst_of(checks, "logits").first) << ", loss "
              << number(worst_of(checks, "loss").first) << ", gradients " << number(g.first) << " (" << g.second
              << "), Adam steps " << number(a.first) << " (" << a.second << ")\n";
    for (const auto& c : checks)
        if (!c.passed) {
            std::cout << std::flush;
            std::cerr << c.message << "\n";
            return 1;
        }
    std::cout << "parity: every answer of the course's model agrees with PyTorch's\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (args.size() == 2 && args[0] == "export") {
            m::ParityInputs in = m::make_parity_inputs();
            m::save_parity_inputs(args[1], in);
            std::cout << "parity: wrote " << args[1] << "/model.ckpt and " << args[1] << "/batch.txt\n";
            return 0;
        }
        if (args.size() == 2 && args[0] == "compare") return compare(args[1]);
        std::cerr << kUsage;
        return 2;
    } catch (const attn::InputError& e) {
        std::cerr << "parity: bad input: " << e.what() << "\n";
        return 2;
    }
}
