// serve.cpp: the training server (serve.hpp).
#include "serve.hpp"

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "attn_perf/tuning.hpp"
#include "options.hpp"
#include "training_bench.hpp"

namespace attn::bench {

namespace {

// The answer to one request line other than quit.
std::string answer(const std::string& line, TimedTrainer& trainer, const encoder_decoder_lab::Setup& s) {
    std::istringstream in(line);
    std::string command, value, extra;
    in >> command >> value >> extra;
    char buf[128];
    if (command == "block" && extra.empty()) {
        const auto steps = whole_in(value, 1, 100000);
        if (!steps) return "error: block needs a number of steps from 1 to 100000; got '" + value + "'";
        const auto [wall, cpu] = trainer.block(static_cast<int>(steps));
        std::snprintf(buf, sizeof buf, "%.9g %.9g", wall, cpu);
        return buf;
    }
    if (command == "target" && extra.empty()) {
        const auto seed = whole_in(value, 1, 1000);
        if (!seed) return "error: target needs a seed from 1 to 1000; got '" + value + "'";
        const model::TrainingLog log = train_to_target(s, 0.99, static_cast<int>(seed));
        std::snprintf(buf, sizeof buf, "%.9g %zu %d", log.seconds, log.steps, log.reached_target ? 1 : 0);
        return buf;
    }
    return "error: unknown request '" + line + "' (known: block N, target SEED, quit)";
}

}  // namespace

int serve_training() {
    perf::tune_for_training();  // as chapter 12's main() does (1 thread among its settings)
    const encoder_decoder_lab::Setup s = encoder_decoder_lab::reversal_setup();
    TimedTrainer trainer(s);
    std::printf("ready %s, batch %zu\n", model::describe(s.config).c_str(), s.train.batch_size);
    std::fflush(stdout);
    for (std::string line; std::getline(std::cin, line);) {
        std::istringstream in(line);
        std::string command, value;
        in >> command >> value;
        if (command == "quit" && value.empty()) break;
        std::printf("%s\n", answer(line, trainer, s).c_str());
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace attn::bench
