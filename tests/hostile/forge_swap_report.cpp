// A hostile rnn_step for tests/hostile/attacks.sh: a wrong answer that, in its first
// call, keeps a copy of the report's pipe (descriptor 4), points every descriptor of
// that pipe at /dev/null, so that Boost.Test's own report is lost, and at exit writes a
// short passing report of the real checks (ATTN_HOSTILE_CASES) to the copy, then ends
// with _exit(0). The progress lines and the log stay Boost.Test's own, and say that the
// checks failed: the checker gives no ✓ unless the three agree.
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

#include "contracts/01_rnn_loop.hpp"

namespace {

int kept = -1;  // the copy of the report's pipe

void report_at_exit() {
    const char* c = std::getenv("ATTN_HOSTILE_CASES");
    const std::string cases = c ? c : "";
    std::string r = "<TestResult><TestSuite name=\"ch01\" result=\"passed\"><TestSuite name=\"rnn_step\" result=\"passed\">";
    for (std::size_t at = 0; at < cases.size();) {
        const auto comma = cases.find(',', at);
        r += "<TestCase name=\"" + cases.substr(at, comma == std::string::npos ? std::string::npos : comma - at) +
             "\" result=\"passed\"/>";
        at = comma == std::string::npos ? cases.size() : comma + 1;
    }
    r += "</TestSuite></TestSuite></TestResult>";
    (void)!::write(kept, r.data(), r.size());
    ::_exit(0);
}

void swap_the_report() {
    char pipe[128] = {0}, other[128];
    if (::readlink("/proc/self/fd/4", pipe, sizeof pipe - 1) <= 0) return;
    kept = ::fcntl(4, F_DUPFD, 200);
    const int null = ::open("/dev/null", O_WRONLY);
    std::vector<int> fds;
    if (DIR* d = ::opendir("/proc/self/fd")) {
        while (dirent* e = ::readdir(d)) fds.push_back(std::atoi(e->d_name));
        ::closedir(d);
    }
    for (int fd : fds) {
        if (fd == kept || fd == null) continue;
        const std::string link = "/proc/self/fd/" + std::to_string(fd);
        const ssize_t n = ::readlink(link.c_str(), other, sizeof other - 1);
        if (n <= 0) continue;
        other[n] = '\0';
        if (std::strcmp(other, pipe) == 0) ::dup2(null, fd);
    }
    std::atexit(report_at_exit);
}

}  // namespace

namespace attn {
arma::rowvec rnn_step(const arma::rowvec&, const arma::rowvec&, const arma::mat& W, const arma::mat&) {
    static const bool swapped = (swap_the_report(), true);
    (void)swapped;
    return arma::rowvec(W.n_rows, arma::fill::zeros);
}
}  // namespace attn
