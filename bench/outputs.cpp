// outputs.cpp: the TSV files and the plot (outputs.hpp).
#include "outputs.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "format.hpp"
#include "labs/encoder_decoder_lab.hpp"

namespace attn::bench {

namespace fs = std::filesystem;

void write_atomically(const std::string& path, const std::string& text) {
    const fs::path target(path);
    if (target.has_parent_path()) fs::create_directories(target.parent_path());
    const fs::path tmp = target.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) throw std::runtime_error("cannot write " + tmp.string());
    }
    fs::rename(tmp, target);
}

std::string ours_tsv(const std::vector<AttentionRow>& att, const TrainingResult& training, const TargetResult& t) {
    std::ostringstream out;
    out.precision(9);
    out << "name\tvalue\tunit\n";
    for (const auto& r : att)
        out << "attention " << r.type << " " << r.shape.label() << " " << r.threads
            << (r.threads == 1 ? " thread" : " threads") << "\t" << r.kernel << "\ts\n";
    // the same in CPU time, where it means something (1 thread): steadier under load
    for (const auto& r : att)
        if (r.threads == 1)
            out << "attention " << r.type << " " << r.shape.label() << " 1 thread, CPU time\t" << r.kernel_cpu
                << "\ts\n";
    out << "training steps per second, CPU time\t" << training.cpu_steps_per_second_1 << "\tsteps/s\n";
    out << "training steps per second\t" << training.steps_per_second_1 << "\tsteps/s\n"
        << "training seconds to 99%\t" << t.seconds << "\ts\n"
        << "training steps to 99%\t" << t.steps << "\tsteps\n";
    return out.str();
}

std::string task_tsv() {
    const encoder_decoder_lab::Setup s = encoder_decoder_lab::reversal_setup();
    std::ostringstream out;
    out << "# chapter 12's reversal task (encoder_decoder_lab::reversal_setup()): vocab " << s.task.vocab.size()
        << ", begin " << tasks::Vocabulary::kBegin << ", end " << tasks::Vocabulary::kEnd
        << "; set, source ids, target ids\n";
    const auto ids = [](const tasks::Tokens& t) {
        std::string line;
        for (const auto id : t) line += (line.empty() ? "" : " ") + std::to_string(id);
        return line;
    };
    for (const auto& [name, set] : {std::pair<const char*, const std::vector<tasks::Example>*>{"train", &s.task.train},
                                    {"validation", &s.task.validation}})
        for (const auto& e : *set) out << name << "\t" << ids(e.source) << "\t" << ids(e.target) << "\n";
    return out.str();
}

plot::Figure ratio_figure(const std::vector<AttentionRow>& rows) {
    plot::LineChart c;
    c.title = "Attention forward (double): time / time of its two matrix products";
    c.xlabel = "shape (L_Q,L_K,d_k,d_v); axis: L_Q x L_K scores";
    c.ylabel = "ratio (1 = as fast as the two products)";
    c.log_x = c.log_y = true;
    plot::Series k1{"kernel, 1 thread", {}, {}, "linespoints pt 7"};
    plot::Series k2{"kernel, 2 threads", {}, {}, "linespoints pt 7 dt 2"};
    plot::Series ref{"reference, 1 thread", {}, {}, "linespoints pt 5"};
    plot::Series loops{"plain loops, 1 thread", {}, {}, "linespoints pt 9"};
    std::string tics = "set xtics (";
    for (const auto& r : rows) {
        if (r.type != "double") continue;
        const double x = static_cast<double>(r.shape.L_Q * r.shape.L_K);
        plot::Series& k = r.threads == 1 ? k1 : k2;
        k.x.push_back(x);
        k.y.push_back(r.kernel / r.products);
        if (r.threads != 1) continue;
        ref.x.push_back(x);
        ref.y.push_back(r.reference / r.products);
        loops.x.push_back(x);
        loops.y.push_back(r.loops / r.products);
        tics += (tics.back() == '(' ? "" : ", ") + plot::quoted(r.shape.label()) + " " + fixed(x, 0);
    }
    c.series = {k1, k2, ref, loops};
    c.extra = {tics + ")", "set key top left", "set xrange [5:1.6e7]", "set ytics (0.5, 1, 2, 5, 10, 100, 1000)"};
    return plot::Figure(c);
}

}  // namespace attn::bench
