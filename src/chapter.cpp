#include "attn/chapter.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <dlfcn.h>
#include <exception>
#include <iostream>
#include <mutex>
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

std::atomic<int> g_blas_threads{0};  // what the last set_blas_threads asked for (0: never set)

// OpenBLAS's thread count, looked up at run time: Debian can switch the BLAS
// behind Armadillo (update-alternatives), and only OpenBLAS has this function.
bool set_blas_threads(int threads) {
    using Setter = void (*)(int);
    static const Setter setter = reinterpret_cast<Setter>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
    g_blas_threads = threads;
    if (!setter) return false;
    setter(threads);
    return true;
}

// Marks the current thread as working for a parallel_for while it lives.
struct InsideParallelFor {
    bool before = t_inside_parallel_for;
    InsideParallelFor() { t_inside_parallel_for = true; }
    ~InsideParallelFor() { t_inside_parallel_for = before; }
};

// Helper threads, started on first use and kept for the whole run. Between
// jobs they sleep on a condition variable: they never spin, so they take no
// core from OpenBLAS or anyone else while idle.
//
// A job is [0, n) cut into chunks that threads claim one at a time, the
// calling thread included. On a machine busy with other work a helper may get
// a core late, or not at all before the end: the calling thread then simply
// claims the chunks itself, and the job takes about as long as on one thread
// instead of waiting for a half that was handed out in advance.
class Pool {
public:
    // Runs the job, or returns false at once when another thread's job is running.
    bool run(std::size_t n, std::size_t chunk, std::size_t helpers,
             const std::function<void(std::size_t, std::size_t)>& body) {
        std::unique_lock<std::mutex> job_lock(job_mutex_, std::try_to_lock);
        if (!job_lock.owns_lock()) return false;
        {
            std::lock_guard<std::mutex> g(m_);
            while (threads_started_ < helpers) {
                std::thread(&Pool::helper_loop, this).detach();  // lives as long as the program
                ++threads_started_;
            }
            body_ = &body;
            n_ = n;
            chunk_ = chunk;
            next_ = 0;
            seats_ = helpers;
            open_ = true;
            failure_ = nullptr;
            ++generation_;
        }
        wake_.notify_all();
        std::exception_ptr mine;
        try {
            work(body, n, chunk);
        } catch (...) {
            mine = std::current_exception();
            next_ = n;  // nothing more is claimed
        }
        std::unique_lock<std::mutex> g(m_);
        open_ = false;  // no helper joins from now on
        done_.wait(g, [this] { return active_ == 0; });
        body_ = nullptr;
        if (mine) std::rethrow_exception(mine);
        if (failure_) std::rethrow_exception(failure_);
        return true;
    }

private:
    std::mutex job_mutex_;  // one job at a time
    std::mutex m_;
    std::condition_variable wake_, done_;
    std::size_t threads_started_ = 0;
    const std::function<void(std::size_t, std::size_t)>* body_ = nullptr;
    std::size_t n_ = 0, chunk_ = 1, seats_ = 0, active_ = 0;
    std::atomic<std::size_t> next_{0};
    bool open_ = false;
    unsigned long generation_ = 0;
    std::exception_ptr failure_;

    void work(const std::function<void(std::size_t, std::size_t)>& body, std::size_t n, std::size_t chunk) {
        const InsideParallelFor mark;
        for (;;) {
            const std::size_t first = next_.fetch_add(chunk);
            if (first >= n) return;
            body(first, std::min(n, first + chunk));
        }
    }

    void helper_loop() {
        const InsideParallelFor mark;  // for good: whatever a helper runs is inside a parallel_for
        unsigned long seen = 0;
        std::unique_lock<std::mutex> g(m_);
        for (;;) {
            wake_.wait(g, [&] { return generation_ != seen; });
            seen = generation_;
            if (!open_ || seats_ == 0) continue;  // woke too late, or enough helpers already
            --seats_;
            ++active_;
            const auto* body = body_;
            const std::size_t n = n_, chunk = chunk_;
            g.unlock();
            try {
                work(*body, n, chunk);
            } catch (...) {
                next_ = n;
                std::lock_guard<std::mutex> f(m_);
                if (!failure_) failure_ = std::current_exception();
            }
            g.lock();
            if (--active_ == 0) done_.notify_all();
        }
    }
};

Pool& pool() {
    static Pool* p = new Pool;  // never destroyed: its threads may still be asleep at exit
    return *p;
}
}  // namespace

int thread_count() { return g_threads.load(); }

void parallel_for(std::size_t n, double cost_per_item, const std::function<void(std::size_t, std::size_t)>& body) {
    const auto T = static_cast<std::size_t>(std::max(1, thread_count()));
    // Waking a helper costs some microseconds; below ~200k units of work
    // (about 0.1 ms) it is cheaper to stay on one thread. Inside a parallel_for
    // the cores are already busy: a nested one runs on its own thread.
    if (T == 1 || n < 2 || static_cast<double>(n) * cost_per_item < 2e5 || t_inside_parallel_for) {
        body(0, n);
        return;
    }
    // While the helpers run, BLAS calls inside them run single-threaded:
    // OpenBLAS's own threads on top of ours would put 4 busy threads on 2
    // cores, and its idle threads keep spinning for a while after each call.
    // Afterwards OpenBLAS gets back the count it had (set_threads', or a
    // BlasThreads' inside a model's step).
    struct Restore {
        int before = g_blas_threads.load();
        ~Restore() { set_blas_threads(before > 0 ? before : thread_count()); }
    } restore;
    set_blas_threads(1);
    // about 4 pieces per thread: small enough to even out when a helper is
    // late, large enough for each piece's matrix products to run at full speed
    const std::size_t chunk = std::max<std::size_t>(1, n / (4 * T));
    if (!pool().run(n, chunk, T - 1, body)) body(0, n);  // another thread's job is running: do it alone
}

bool set_threads(int threads) {
    g_threads = std::max(1, threads);
    return set_blas_threads(g_threads);
}

BlasThreads::BlasThreads(int threads) : before_(g_blas_threads.load()) { set_blas_threads(std::max(1, threads)); }
BlasThreads::~BlasThreads() { set_blas_threads(before_ > 0 ? before_ : thread_count()); }

}  // namespace attn
