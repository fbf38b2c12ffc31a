// options.cpp: reading the bench program's command line (options.hpp).
#include "options.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace attn::bench {

namespace {

// A number given on the command line, read whole: "abc", "12s" or "" are refused by
// the option's name (std::stod alone would say only "stod", or stop at the "s").
double number_of(const std::string& option, const std::string& text) {
    std::size_t used = 0;
    double x = 0;
    try {
        x = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || !std::isfinite(x) || x < 0)
        throw std::invalid_argument(option + " needs a number of 0 or more; got '" + text + "'");
    return x;
}

std::vector<arma::uword> shape_of(const std::string& text) {
    std::vector<arma::uword> v;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, ',');)
        v.push_back(static_cast<arma::uword>(whole_in(part, 1, 1000000)));
    if (v.size() != 4 || std::count(v.begin(), v.end(), 0u) > 0)
        throw std::invalid_argument("--shape needs four whole sizes from 1 to 1000000: L_Q,L_K,d_k,d_v");
    return v;
}

}  // namespace

unsigned long long whole_in(const std::string& text, unsigned long long lo, unsigned long long hi) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return 0;
    unsigned long long n = 0;
    try {
        n = std::stoull(text);
    } catch (const std::out_of_range&) {
        return 0;
    }
    return n >= lo && n <= hi ? n : 0;
}

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&] {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return std::string(argv[++i]);
        };
        if (a == "--out") o.out = value();
        else if (a == "--plots") o.plots_dir = value();
        else if (a == "--no-plots") o.plots = false;
        else if (a == "--quick") o.quick = true;
        else if (a == "--command") o.command = value();
        else if (a == "--build-seconds") o.build_seconds = number_of(a, value());
        else if (a == "--test-seconds") o.test_seconds = number_of(a, value());
        else if (a == "--test-note") o.test_note = value();
        else if (a == "--no-loops") o.loops = false;
        else if (a == "--no-paths") o.paths = false;
        else if (a == "--ours") o.ours_tsv = value();
        else if (a == "--write-task") o.task_file = value();
        else if (a == "--serve-training") o.serve_training = true;
        else if (a == "--shape") o.shapes.push_back(shape_of(value()));
        else throw std::invalid_argument("unknown option '" + a + "' (see bench/options.hpp)");
    }
    return o;
}

}  // namespace attn::bench
