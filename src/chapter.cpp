#include "attn/chapter.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <dlfcn.h>
#include <iostream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "attn/errors.hpp"

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
                        const std::vector<std::string>& value_flags) {
    try {
        const ChapterOptions options = parse_chapter_options(argc, argv, mine, value_flags);
        if (options.mine) std::cout << "(running on YOUR exercises in exercises/)\n";
        plot::Plotter plotter(options.plots_dir, options.plots);
        body(options, plotter);
        std::cout << "\nRead on: " << readme << "\n";
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

namespace {
std::atomic<int> g_threads{1};
thread_local bool t_inside_parallel_for = false;

// OpenBLAS's thread count, looked up at run time: Debian can switch the BLAS
// behind Armadillo (update-alternatives), and only OpenBLAS has this function.
bool set_blas_threads(int threads) {
    using Setter = void (*)(int);
    static const Setter setter = reinterpret_cast<Setter>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
    if (!setter) return false;
    setter(threads);
    return true;
}

// Marks the current thread as one of parallel_for's for as long as it lives.
struct InsideParallelFor {
    bool before = t_inside_parallel_for;
    InsideParallelFor() { t_inside_parallel_for = true; }
    ~InsideParallelFor() { t_inside_parallel_for = before; }
};
}  // namespace

int thread_count() { return g_threads.load(); }

void parallel_for(std::size_t n, double cost_per_item, const std::function<void(std::size_t, std::size_t)>& body) {
    const auto T = static_cast<std::size_t>(std::max(1, thread_count()));
    // Starting a thread costs tens of microseconds; below ~200k units of work
    // (about 0.1 ms) it is cheaper to stay on one thread. Inside a parallel_for
    // the cores are already busy: a nested one runs on its own thread.
    if (T == 1 || n < 2 || static_cast<double>(n) * cost_per_item < 2e5 || t_inside_parallel_for) {
        body(0, n);
        return;
    }
    // While these threads run, BLAS calls inside them run single-threaded:
    // OpenBLAS's own threads on top of ours would put 4 busy threads on 2
    // cores, and its idle threads keep spinning for a while after each call.
    set_blas_threads(1);
    std::vector<std::thread> helpers;
    struct JoinAndRestore {  // also when body throws on this thread
        std::vector<std::thread>& threads;
        ~JoinAndRestore() {
            for (auto& h : threads)
                if (h.joinable()) h.join();
            set_blas_threads(thread_count());
        }
    } join_and_restore{helpers};
    const std::size_t chunk = (n + T - 1) / T;
    for (std::size_t t = 1; t < T && t * chunk < n; ++t)
        helpers.emplace_back([&body, begin = t * chunk, end = std::min(n, (t + 1) * chunk)] {
            const InsideParallelFor mark;
            body(begin, end);
        });
    const InsideParallelFor mark;
    body(0, std::min(n, chunk));
}

bool set_threads(int threads) {
    g_threads = std::max(1, threads);
    return set_blas_threads(g_threads);
}

}  // namespace attn
