// A hostile rnn_step for tests/hostile/attacks.sh: the untouched stub's answer (it
// throws) plus a static initializer that writes a passing record to the check's
// descriptors before any check starts, and ends the program with _exit(0). Only
// names of namespace attn and of an unnamed namespace: nm finds nothing to refuse;
// the record's own timing gives it away.
#include <cstdlib>
#include <string>
#include <unistd.h>

#include "contracts/01_rnn_loop.hpp"
#include "core/errors.hpp"

namespace {

void put(int fd, const std::string& s) { (void)!::write(fd, s.data(), s.size()); }

const int forged = [] {
    std::string cases = std::getenv("ATTN_HOSTILE_CASES") ? std::getenv("ATTN_HOSTILE_CASES") : "";
    std::string log = "<TestLog><TestSuite name=\"ch01\"><TestSuite name=\"rnn_step\">";
    std::string report = "<TestResult><TestSuite name=\"ch01\" result=\"passed\"><TestSuite name=\"rnn_step\" result=\"passed\">";
    for (std::size_t at = 0; at < cases.size();) {
        auto comma = cases.find(',', at);
        const std::string c = cases.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        log += "<TestCase name=\"" + c + "\"><TestingTime>1</TestingTime></TestCase>";
        report += "<TestCase name=\"" + c + "\" result=\"passed\"/>";
        put(5, "start rnn_step/" + c + "\nend rnn_step/" + c + "\n");
        at = comma == std::string::npos ? cases.size() : comma + 1;
    }
    put(5, "finish\n");
    put(3, log + "</TestSuite></TestSuite></TestLog>");
    put(4, report + "</TestSuite></TestSuite></TestResult>");
    ::_exit(0);
    return 0;
}();

}  // namespace

namespace attn {
arma::rowvec rnn_step(const arma::rowvec&, const arma::rowvec&, const arma::mat&, const arma::mat&) {
    throw NotImplemented("rnn_step", "exercises/01_rnn_loop/rnn_step.cpp");
}
}  // namespace attn
