#include "core/chapter.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "core/errors.hpp"

namespace attn {

ChapterOptions parse_chapter_options(int argc, char** argv, bool mine, const std::vector<std::string>& value_flags) {
    ChapterOptions o;
    o.mine = mine;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](const char* flag) {
            if (i + 1 >= argc) throw std::invalid_argument(std::string(flag) + " needs a value");
            return std::string(argv[++i]);
        };
        if (a == "--plots") o.plots_dir = value("--plots");
        else if (a == "--no-plots") o.plots = false;
        else if (a == "--quick") o.quick = true;
        else if (a == "--root") o.root = value("--root");
        else if (a == "--quiet") {}  // accepted for the course script; chapters print their results anyway
        else if (std::find(value_flags.begin(), value_flags.end(), a) != value_flags.end()) o.values[a] = value(a.c_str());
        else {
            std::string known = "--plots DIR, --no-plots, --quick, --root DIR";
            for (const auto& f : value_flags) known += ", " + f + " VALUE";
            throw std::invalid_argument("unknown option '" + a + "' (known: " + known + ")");
        }
    }
    return o;
}

int run_chapter_program(int argc, char** argv, bool mine, const std::string& readme, const ChapterBody& body,
                        const std::vector<std::string>& value_flags, const std::vector<std::string>& answer_flags) {
    try {
        const ChapterOptions options = parse_chapter_options(argc, argv, mine, value_flags);
        if (options.mine) std::cout << "(running on YOUR exercises in exercises/)\n";
        plot::Plotter plotter(options.plots_dir, options.plots);
        body(options, plotter);
        const bool answered = std::any_of(answer_flags.begin(), answer_flags.end(),
                                          [&](const std::string& f) { return options.values.count(f) != 0; });
        if (!answered) std::cout << "\nRead on: " << readme << "\n";
        return 0;
    } catch (const NotImplemented& e) {
        std::cout.flush();
        std::cerr << "\n" << e.what() << "\n"
                  << "  This chapter needs it. Write it, check it with ./course check, "
                     "or run the chapter without --mine to see the reference.\n";
        return 3;
    } catch (const ShapeError& e) {
        std::cout.flush();
        std::cerr << "shape error: " << e.what() << "\n";  // one line, nothing before it
        return 2;
    } catch (const InputError& e) {
        std::cout.flush();
        std::cerr << "bad input: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cout.flush();
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}

double median_seconds(const std::function<void()>& fn, int repeats) {
    using clock = std::chrono::steady_clock;
    fn();  // warm-up: first touch of memory and BLAS thread start-up are not the cost we measure
    std::vector<double> t;
    for (int r = 0; r < std::max(1, repeats); ++r) {
        const auto start = clock::now();
        fn();
        t.push_back(std::chrono::duration<double>(clock::now() - start).count());
    }
    std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
    return t[t.size() / 2];
}


}  // namespace attn
