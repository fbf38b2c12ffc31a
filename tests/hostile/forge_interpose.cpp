// A hostile rnn_step for tests/hostile/attacks.sh: a wrong answer that defines, weak
// and under their mangled names, the functions of libstdc++ that Boost.Test writes its
// report with (std::__ostream_insert<char>, the operators << of a char and of a C
// string, ostream::put and ostream::write). The program's copies replace the shared
// library's for every caller, Boost.Test too, and these turn "failed" into "passed" in
// Boost.Test's own report as it is written. Refused by name before it runs.
#include <cstdlib>
#include <ostream>
#include <unistd.h>

#include "contracts/01_rnn_loop.hpp"

namespace {
std::streambuf* pending_in = nullptr;
int pending = 0;  // how many characters of "failed" are held back
const char word[] = "failed";
void flush_pending() {
    if (pending && pending_in) pending_in->sputn(word, pending);
    pending = 0;
}
void quit() { ::_exit(0); }
}  // namespace

extern "C" __attribute__((weak, used)) std::ostream& hostile_insert(std::ostream&, const char*, std::streamsize) __asm__(
    "_ZSt16__ostream_insertIcSt11char_traitsIcEERSt13basic_ostreamIT_T0_ES6_PKS3_l");
extern "C" std::ostream& hostile_insert(std::ostream& out, const char* s, std::streamsize n) {
    std::streambuf* b = out.rdbuf();
    if (!b) return out;
    if (pending && pending_in != b) flush_pending();
    for (std::streamsize i = 0; i < n; ++i) {
        if (s[i] == word[pending]) {
            pending_in = b;
            if (++pending == 6) b->sputn("passed", 6), pending = 0;
            continue;
        }
        flush_pending();
        if (s[i] == word[0]) {
            pending_in = b, pending = 1;
            continue;
        }
        b->sputc(s[i]);
    }
    return out;
}
extern "C" __attribute__((weak, used)) std::ostream& hostile_char(std::ostream&, char) __asm__(
    "_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_c");
extern "C" std::ostream& hostile_char(std::ostream& out, char c) { return hostile_insert(out, &c, 1); }
extern "C" __attribute__((weak, used)) std::ostream& hostile_cstring(std::ostream&, const char*) __asm__(
    "_ZStlsISt11char_traitsIcEERSt13basic_ostreamIcT_ES5_PKc");
extern "C" std::ostream& hostile_cstring(std::ostream& out, const char* s) {
    return hostile_insert(out, s, static_cast<std::streamsize>(__builtin_strlen(s)));
}
extern "C" __attribute__((weak, used)) std::ostream& hostile_put(std::ostream&, char) __asm__("_ZNSo3putEc");
extern "C" std::ostream& hostile_put(std::ostream& out, char c) { return hostile_insert(out, &c, 1); }
extern "C" __attribute__((weak, used)) std::ostream& hostile_write(std::ostream&, const char*, std::streamsize) __asm__(
    "_ZNSo5writeEPKcl");
extern "C" std::ostream& hostile_write(std::ostream& out, const char* s, std::streamsize n) {
    return hostile_insert(out, s, n);
}

namespace attn {
arma::rowvec rnn_step(const arma::rowvec&, const arma::rowvec&, const arma::mat& W, const arma::mat&) {
    static const bool armed = (std::atexit(quit), true);
    (void)armed;
    return arma::rowvec(W.n_rows, arma::fill::zeros);
}
}  // namespace attn
