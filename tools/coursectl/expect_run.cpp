// coursectl expect-run: the suite's check of a program run end to end.
//
//   coursectl expect-run EXIT [--expect TEXT]... [--once TEXT] [--file PATH]...
//                        [--max-output BYTES] [--timeout SECONDS] -- PROGRAM [ARGS]
//
// Runs PROGRAM (an argument written @EMPTY@ is passed as an empty one) and checks:
// its exit code is EXIT; every --expect text appears in what it printed (stdout,
// then stderr), each after the one before; the --once text appears exactly once;
// every --file exists afterwards; it printed at most --max-output bytes; and, when
// it fails without a usage text, its error is one line on stderr. What it printed
// is shown (its start, when long), then what did not hold.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"

namespace course {

namespace {

struct Expectations {
    int exit_code = 0;
    std::vector<std::string> expect, files;
    std::string once;
    long max_output = -1;
    double timeout = 300;
    std::vector<std::string> argv;
};

Expectations parse_expectations(int argc, char** argv) {
    if (argc < 1) throw std::invalid_argument("usage: coursectl expect-run EXIT [--expect TEXT]... -- PROGRAM [ARGS]");
    Expectations x;
    x.exit_code = std::stoi(argv[0]);
    int i = 1;
    for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) throw std::invalid_argument("expect-run: " + a + " needs a value");
        const std::string v = argv[++i];
        if (a == "--expect") x.expect.push_back(v);
        else if (a == "--once") x.once = v;
        else if (a == "--file") x.files.push_back(v);
        else if (a == "--max-output") x.max_output = std::stol(v);
        else if (a == "--timeout") x.timeout = std::stod(v);
        else throw std::invalid_argument("expect-run: unknown option '" + a + "'");
    }
    for (++i; i < argc; ++i) x.argv.push_back(std::strcmp(argv[i], "@EMPTY@") == 0 ? "" : argv[i]);
    if (x.argv.empty()) throw std::invalid_argument("expect-run: no program after --");
    return x;
}

struct Run {
    int status = 0;
    bool timed_out = false;
    std::string out, err, all;
};

// Runs argv with stdout and stderr apart (and together, in the order they came).
Run run(const std::vector<std::string>& argv, double timeout) {
    int o[2], e[2];
    if (::pipe(o) != 0 || ::pipe(e) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(o[1], 1), ::dup2(e[1], 2);
        ::close(o[0]), ::close(e[0]), ::close(o[1]), ::close(e[1]);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execvp(args[0], args.data());
        std::fprintf(stderr, "cannot start %s: %s\n", args[0], std::strerror(errno));
        ::_exit(127);
    }
    ::close(o[1]), ::close(e[1]);
    Run r;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
    pollfd fds[2] = {{o[0], POLLIN, 0}, {e[0], POLLIN, 0}};
    for (int open = 2; open > 0;) {
        if (std::chrono::steady_clock::now() > deadline) {
            r.timed_out = true;
            ::kill(pid, SIGKILL);
            break;
        }
        if (::poll(fds, 2, 100) <= 0) continue;
        for (int k = 0; k < 2; ++k) {
            if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP))) continue;
            char buf[65536];
            const ssize_t n = ::read(fds[k].fd, buf, sizeof buf);
            if (n <= 0) {
                ::close(fds[k].fd);
                fds[k].fd = -1;
                --open;
                continue;
            }
            (k == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(n));
        }
    }
    for (auto& f : fds)
        if (f.fd >= 0) ::close(f.fd);
    ::waitpid(pid, &r.status, 0);
    // stdout, then stderr: what the two pipes bring does not arrive in a fixed order
    r.all = r.out + r.err;
    return r;
}

std::vector<std::string> what_did_not_hold(const Expectations& x, const Run& r) {
    std::vector<std::string> bad;
    if (r.timed_out) return {"it did not finish in " + std::to_string(x.timeout) + " s"};
    const int code = WIFEXITED(r.status) ? WEXITSTATUS(r.status) : 128 + WTERMSIG(r.status);
    if (code != x.exit_code) bad.push_back("exit code " + std::to_string(code) + ", expected " + std::to_string(x.exit_code));
    std::size_t from = 0;
    for (const auto& want : x.expect) {
        const auto at = r.all.find(want, from);
        if (at == std::string::npos) {
            bad.push_back("expected to see (after the previous match): " + want);
            break;
        }
        from = at + want.size();
    }
    if (!x.once.empty()) {
        int times = 0;
        for (auto at = r.all.find(x.once); at != std::string::npos; at = r.all.find(x.once, at + x.once.size())) ++times;
        if (times != 1) bad.push_back("expected '" + x.once + "' exactly once; it appears " + std::to_string(times) + " times");
    }
    for (const auto& f : x.files)
        if (!std::filesystem::exists(f)) bad.push_back("expected the file " + f);
    if (x.max_output >= 0 && static_cast<long>(r.all.size()) > x.max_output)
        bad.push_back("printed " + std::to_string(r.all.size()) + " bytes, expected at most " + std::to_string(x.max_output));
    if (x.exit_code != 0 && r.err.find("usage:") == std::string::npos) {
        std::size_t lines = 0;
        for (char c : r.err) lines += c == '\n';
        if (lines != 1) bad.push_back("the error should be one line on stderr; got " + std::to_string(lines) + " lines");
    }
    return bad;
}

}  // namespace

int cmd_expect_run(int argc, char** argv) {
    const Expectations x = parse_expectations(argc, argv);
    const Run r = run(x.argv, x.timeout);
    if (r.all.size() < 100000) std::fwrite(r.all.data(), 1, r.all.size(), stdout);
    else std::printf("%s\n... (%zu bytes in all)\n", r.all.substr(0, 2000).c_str(), r.all.size());
    const auto bad = what_did_not_hold(x, r);
    for (const auto& b : bad) std::printf("FAIL: %s\n", b.c_str());
    return bad.empty() ? 0 : 1;
}

}  // namespace course
