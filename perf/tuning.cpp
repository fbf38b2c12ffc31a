// tuning.cpp: threads, OpenBLAS's thread count and glibc's allocator (see tuning.hpp).
#include "attn_perf/tuning.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <dlfcn.h>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/chapter.hpp"

namespace attn::perf {

namespace {
std::atomic<int> g_threads{1};
thread_local bool t_inside_parallel_for = false;

std::atomic<int> g_blas_threads{0};  // what the last set_blas_threads asked for (0: never set)

// After each multi-threaded call, OpenBLAS's idle workers (its pthreads
// build) keep polling for the next job, calling sched_yield in a loop, for
// 2^28 processor clock ticks (about 0.1 s here) before they go to sleep. That
// spinning took a core from whatever ran next: a 1-thread run right after a
// 2-thread one shared its core with it (5.87x its products under load, where
// its CPU time said 1.24x), and our own helpers shared theirs, so the 2-thread
// kernel ran no faster than the 1-thread one. OPENBLAS_THREAD_TIMEOUT (the
// log2 of those ticks; 4 is its minimum) makes them sleep right away. OpenBLAS
// reads it when it loads, so it is set here, re-read, and the workers are
// stopped: OpenBLAS starts them again, with the short timeout, on its next
// multi-threaded call. Waking a sleeping worker costs microseconds, against
// the milliseconds of a product worth two threads. A value the user set is
// kept. The two functions are exported by OpenBLAS's library (the second is
// what it runs before a fork); with another BLAS, or a build without them,
// nothing happens.
void make_blas_workers_sleep_when_idle() {
    using ReadEnv = void (*)();
    using Shutdown = int (*)();
    const auto read_env = reinterpret_cast<ReadEnv>(dlsym(RTLD_DEFAULT, "openblas_read_env"));
    const auto shutdown = reinterpret_cast<Shutdown>(dlsym(RTLD_DEFAULT, "blas_thread_shutdown_"));
    if (!read_env || !shutdown) return;
    setenv("OPENBLAS_THREAD_TIMEOUT", "4", /*overwrite=*/0);
    read_env();
    shutdown();
}

// OpenBLAS's thread count, looked up at run time: Debian can switch the BLAS
// behind Armadillo (update-alternatives), and only OpenBLAS has this function.
bool set_blas_threads(int threads) {
    using Setter = void (*)(int);
    static const Setter setter = reinterpret_cast<Setter>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
    static const bool quiet = (make_blas_workers_sleep_when_idle(), true);  // once, before the first change
    (void)quiet;
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
    // Afterwards OpenBLAS gets back the count set_threads gave it.
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


// Every call returns a fresh L_Q x d_v matrix. By default glibc hands freed
// memory at the top of the heap back to the system once it exceeds a few
// hundred KiB, so a loop of calls had each call fault its output pages in
// again: about 0.5 ms per call at L = 512 on the test machine, a quarter of
// the call. Asked once, glibc keeps up to 64 MiB of freed memory for reuse
// and serves blocks up to 32 MiB from the heap. (A process-wide setting: it
// only changes when memory goes back to the system, never what a program
// computes.)
void keep_freed_memory() {
#if defined(__GLIBC__)
    static const bool done = [] {
        mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
        mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
        return true;
    }();
    (void)done;
#endif
}

void tune_for_training() {
    // Chapter 12's products are at most 576 x 48: shared between two cores
    // they got slower, not faster (63 against 193 steps/s on a busy machine).
    set_threads(1);
    // A training step allocates the same few hundred kilobyte-sized matrices
    // again and again; with glibc's defaults the page faults of fresh blocks
    // were a third of the step (perf).
    keep_freed_memory();
}

ThreadTimes time_on_1_and_2_threads(const std::function<void()>& fn, int repeats) {
    ThreadTimes t;
    set_threads(1);
    t.one = median_seconds(fn, repeats);
    set_threads(2);
    t.two = median_seconds(fn, repeats);
    set_threads(1);
    return t;
}

}  // namespace attn::perf
