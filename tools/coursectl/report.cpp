#include "report.hpp"

#include "sandbox.hpp"
#include "core/wire.hpp"
#include "text.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace course {

namespace {

std::string strip_prefix(std::string s, const std::string& root) {
    if (root.empty()) return s;
    const std::string r = root.back() == '/' ? root : root + "/";
    for (auto at = s.find(r); at != std::string::npos; at = s.find(r)) s.erase(at, r.size());
    return s;
}

}  // namespace

std::string first_build_error(const std::string& log, const std::string& root) {
    static const std::regex compile_error(R"(^(.*:\d+:\d+: (fatal )?error: .*)$)");
    static const std::regex link_error(R"(undefined reference to .*|multiple definition of .*)");
    for (const auto& line : split_lines(log)) {
        std::smatch m;
        if (std::regex_match(line, m, compile_error)) return strip_prefix(m[1], root);
    }
    for (const auto& line : split_lines(log)) {
        std::smatch m;
        if (std::regex_search(line, m, link_error)) return "link error: " + strip_prefix(m[0], root);
    }
    return "";
}

std::string verdict_word(Verdict v) {
    switch (v) {
        case Verdict::Done: return "done";
        case Verdict::NotStarted: return "not started";
        case Verdict::Failing: return "not yet right";
        case Verdict::Crashed: return "crashed";
        case Verdict::TimedOut: return "too slow / endless loop";
        case Verdict::StoppedEarly: return "stopped early";
        case Verdict::TooMuchMemory: return "used too much memory";
        case Verdict::DoesNotCompile: return "does not compile";
        case Verdict::CouldNotRun: return "could not run";
        case Verdict::Refused: return "refused";
    }
    return "?";
}

namespace {

// Code points that must not reach the screen as they are (printable()).
bool refused_code_point(std::uint32_t c) {
    return (c >= 0x80 && c <= 0x9f) ||                    // C1 controls
           c == 0x61c || c == 0x180e ||                    // Arabic letter mark, Mongolian vowel separator
           (c >= 0x200b && c <= 0x200f) ||                 // zero-width characters, LRM, RLM
           (c >= 0x2028 && c <= 0x202e) ||                 // line and paragraph separators, bidi embeddings
           (c >= 0x2060 && c <= 0x206f) ||                 // word joiner, invisible operators, bidi isolates
           c == 0xfeff || (c >= 0xfff9 && c <= 0xfffb) ||  // zero-width no-break space, annotations
           (c >= 0xe0000 && c <= 0xe007f) ||               // tags
           (c >= 0x2713 && c <= 0x2718) ||                 // ✓ ✔ ✕ ✖ ✗ ✘
           c == 0x2611 || c == 0x2612 || c == 0x2705 || c == 0x274c || c == 0x274e || c == 0x221a || c == 0x1f5f8;
}

bool blank_code_point(std::uint32_t c) {
    return c == ' ' || c == '\t' || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x202f ||
           c == 0x205f || c == 0x3000;
}

// The length of the UTF-8 sequence at text[i] and its code point; 0 when it is not one
// (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8_at(const std::string& text, std::size_t i, std::uint32_t& code) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = b(0);
    if (c < 0x80) return code = c, 1;
    std::size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len == 0 || i + len > text.size()) return 0;
    for (std::size_t k = 1; k < len; ++k)
        if ((b(k) & 0xc0) != 0x80) return 0;
    if ((c == 0xe0 && b(1) < 0xa0) || (c == 0xed && b(1) > 0x9f) || (c == 0xf0 && b(1) < 0x90) || (c == 0xf4 && b(1) > 0x8f))
        return 0;
    code = len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
    for (std::size_t k = 1; k < len; ++k) code = (code << 6) | (b(k) & 0x3f);
    return len;
}

}  // namespace

std::string printable(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    std::size_t blanks = 0;  // blanks waiting to be written: up to two as they are, more as one
    const auto flush = [&] {
        out.append(blanks <= 2 ? blanks : 1, ' ');
        blanks = 0;
    };
    for (std::size_t i = 0; i < text.size();) {
        std::uint32_t code = 0;
        const std::size_t len = utf8_at(text, i, code);
        if (len == 0) {  // not UTF-8: one byte, as '?'
            flush();
            out += '?';
            ++i;
            continue;
        }
        if (blank_code_point(code)) {
            ++blanks;
        } else {
            flush();
            if (code < 0x20 || code == 0x7f || refused_code_point(code)) out += '?';
            else out.append(text, i, len);
        }
        i += len;
    }
    flush();
    return out;
}

std::vector<std::string> shown_lines(const CheckReport& rep) {
    std::vector<std::string> rest, guard = rep.guard_lines;  // rep.lines apart from the guard's
    for (const auto& l : rep.lines) {
        const auto g = std::find(guard.begin(), guard.end(), l);
        if (g != guard.end()) guard.erase(g);
        else rest.push_back(l);
    }
    std::size_t shown = rep.verdict == Verdict::Failing ? (rep.diagnoses.empty() ? 6 : rep.diagnoses.size() + 2) : 3;
    shown = std::min(shown, rest.size());
    std::vector<std::string> out(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(shown));
    if (rest.size() > shown) out.push_back("(and " + std::to_string(rest.size() - shown) + " more failing checks)");
    out.insert(out.end(), rep.guard_lines.begin(), rep.guard_lines.end());
    return out;
}

std::vector<std::string> screen_rows(const std::string& line, const std::string& indent, std::size_t width) {
    const std::string text = printable(line);
    if (width == 0) return {indent + text};
    std::vector<std::string> rows;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::string lead = rows.empty() ? indent : indent + "  ";
        const std::size_t room = width > lead.size() + 8 ? width - lead.size() : 8;
        // as many characters as fit in `room` columns; the last blank among them, if any
        std::size_t end = at, columns = 0, blank = std::string::npos;
        while (end < text.size()) {
            std::uint32_t code = 0;
            const std::size_t len = std::max<std::size_t>(1, utf8_at(text, end, code));
            const std::size_t wide = static_cast<unsigned char>(text[end]) < 0x80 ? 1 : 2;
            if (columns + wide > room) break;
            if (text[end] == ' ') blank = end;
            columns += wide;
            end += len;
        }
        // break at a blank where it can: the one after the row, or the last in it
        if (end < text.size() && text[end] != ' ' && blank != std::string::npos && blank > at) end = blank + 1;
        std::string row = text.substr(at, end - at);
        while (!row.empty() && row.back() == ' ') row.pop_back();
        rows.push_back(lead + row);
        at = end;
        while (at < text.size() && text[at] == ' ') ++at;
    }
    if (rows.empty()) rows.push_back(indent);
    return rows;
}

namespace {

std::string plural(std::size_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

bool mentions_bad_alloc(const CheckInput& in) {
    if (in.process.output.find("std::bad_alloc") != std::string::npos) return true;
    for (const auto& c : in.record.logged)
        for (const auto& e : c.events)
            if (e.text.find("std::bad_alloc") != std::string::npos) return true;
    return false;
}

// What the log says went wrong, sorted into the learner's three kinds.
struct Findings {
    std::vector<std::string> missing;   // "not implemented yet: f (file)", each once
    std::vector<std::string> failures;  // "case: what is wrong", each once
    std::vector<Diagnosis> diagnoses;   // recognised mistakes, each once
};

Findings read_findings(const CheckRecord& rec) {
    // the wire formats of src/core/wire.hpp: not_implemented() and mistake()
    static const std::regex not_implemented(std::string(attn::wire::kNotImplemented) + R"re([A-Za-z0-9_:]+ \([^)]*\))re");
    static const std::regex mistake(R"re(^mistake \[([a-z0-9_]+)\]: ([\s\S]*)$)re");
    Findings f;
    std::set<std::string> seen;
    for (const auto& c : rec.logged)
        for (const auto& e : c.events) {
            if (e.kind == LoggedEvent::Kind::Warning || e.kind == LoggedEvent::Kind::Message) continue;
            std::smatch m;
            if (std::regex_search(e.text, m, not_implemented)) {
                if (seen.insert(m[0]).second) f.missing.push_back(m[0]);
                continue;
            }
            if (std::regex_match(e.text, m, mistake)) {
                // a known mistake, recognised by the test: said first, and once
                if (seen.insert("mistake " + m[1].str()).second) f.diagnoses.push_back({m[1], m[2]});
                continue;
            }
            std::string what = e.text;
            // "check <C++ expression> has failed: <message>": the message is what helps;
            // without one, the values compared, never the C++ expression
            if (what.rfind("critical check ", 0) == 0) what = what.substr(9);
            const auto failed = what.find(" has failed");
            if (what.rfind("check ", 0) == 0 && failed != std::string::npos) {
                const std::string after = what.substr(failed + 11);
                if (after.rfind(": ", 0) == 0) {
                    what = after.substr(2);
                } else {
                    const auto open = after.find('['), close = after.rfind(']');
                    what = "your result is not what this check expects";
                    if (open != std::string::npos && close != std::string::npos && close > open + 1)
                        what += " (it compared " + after.substr(open + 1, close - open - 1) + ")";
                }
            }
            // an exception other than NotImplemented escaped the learner's code
            if (e.kind == LoggedEvent::Kind::Exception) {
                // Armadillo's own refusals of mismatched shapes: a check missing before them, or, on
                // input the contract accepts, an operand of the wrong shape made inside the code
                static const std::regex armadillo(
                    R"re(^std::logic_error: .*(incompatible matrix dimensions|matrix multiplication|addition|subtraction|element-wise|index out of bounds|Mat::|copy into submatrix|each_col|each_row))re");
                const bool from_armadillo = std::regex_search(what, armadillo);
                // "<type>: <function>: ...": the exercise's own function refusing, in words of
                // its own, input this check gives it, which the contract accepts (a check that
                // expects a refusal catches it; only an unexpected one escapes)
                const auto colon = what.find(": ");
                const bool own_refusal = !from_armadillo && !rec.suite.empty() && colon != std::string::npos &&
                                         what.compare(colon + 2, rec.suite.size() + 1, rec.suite + ":") == 0;
                what = "threw an exception: " + what;
                if (own_refusal)
                    what += " (that is a check of your own refusing input the contract accepts: compare its "
                            "condition with the Throws: line of the function's doc block in src/contracts/, which "
                            "lists all that may be refused, and with the error it names there: "
                            "attn::ShapeError for shapes, attn::InputError for values)";
                if (from_armadillo)
                    what += " (that is Armadillo refusing two operands of shapes that do not fit: on input that "
                            "breaks a rule, check the shapes first, with require_shapes, so that your function "
                            "throws attn::ShapeError naming the rule; on input that keeps the rules, a matrix your "
                            "code made has the wrong shape: a sum along the other axis, a transposition, a slice "
                            "of another size)";
            }
            const auto nl = what.find('\n');
            if (nl != std::string::npos) what = what.substr(0, nl);
            const std::string msg = c.name + ": " + what;
            if (seen.insert(msg).second) f.failures.push_back(msg);
        }
    return f;
}

std::size_t finished_cases(const CheckRecord& rec) {
    std::size_t n = 0;
    for (const auto& c : rec.logged) n += c.finished ? 1 : 0;
    return n;
}

// The case that started and never finished, if any.
std::string unfinished_case(const CheckRecord& rec) {
    for (const auto& c : rec.logged)
        if (!c.finished) return c.name;
    return "";
}

// A verdict with its first line and, where the code ran, the files that changed meanwhile.
CheckReport verdict_with(Verdict v, const std::string& line, const CheckInput& in, bool changed_files = true) {
    CheckReport rep;
    rep.verdict = v;
    rep.lines.push_back(line);
    if (changed_files) rep.lines.insert(rep.lines.end(), in.guard_lines.begin(), in.guard_lines.end());
    return rep;
}

// The one sentence for a program that stopped before its checks finished, inside a case
// (exit()) or without a report (_exit(), or an end Boost.Test did not see), with how far
// its checks got.
std::string stopped_early_line(const CheckInput& in) {
    const CheckRecord& rec = in.record;
    std::string after = "after " + std::to_string(finished_cases(rec));
    if (in.expected_cases >= 0) after += " of " + std::to_string(in.expected_cases);
    after += in.expected_cases == 1 ? " check" : " checks";
    if (!rec.exited_in.empty())
        return "stopped before its checks finished: your code called exit() in the check " + rec.exited_in + ", " +
               after + "; a function hands back its result with return, it never ends the program";
    return "stopped before its checks finished (exit code " + std::to_string(in.process.exit_code) + " " + after +
           "): does your code call exit()?";
}

std::string too_much_memory_line(const CheckInput& in, bool all_processes) {
    return "used more than " + describe_bytes(in.memory_limit) + " of memory" +
           (all_processes ? " in all (its processes together)" : "") +
           ", the limit for one check: does a matrix grow without end, or is a size much larger than you meant?";
}

// What ends a check before its record is read: it did not start, was stopped, ran out
// of time, its record cannot be trusted or read, or the memory cgroup ended it.
std::optional<CheckReport> ended_from_outside(const CheckInput& in) {
    const ProcessResult& run = in.process;
    if (run.failed_to_start)
        return verdict_with(Verdict::CouldNotRun, "the check program could not be started: " + run.start_error, in);
    if (run.interrupted) return verdict_with(Verdict::CouldNotRun, "stopped: you pressed Ctrl-C", in, false);
    if (run.timed_out) {
        std::ostringstream s;
        s << "did not finish in " << in.timeout_seconds
          << " s: is there a loop that never ends? (an unsigned index counting down, for (arma::uword i = n - 1; "
             "i >= 0; --i), never stops: i >= 0 always holds, and i wraps round to a huge number after 0; and a "
             "bound n - 1 with n = 0, as in i < L - 1, is that huge number too: the loop runs almost forever on an "
             "empty input) Or is it right but far too slow on a long input? A matrix grown one row or column at a "
             "time (insert_rows, join_cols, resize in a loop) copies everything built so far at every step: make it "
             "at its full size once, then fill it in";
        const std::string during = unfinished_case(in.record);
        if (!during.empty()) s << " (it was in the check " << during << ")";
        return verdict_with(Verdict::TimedOut, s.str(), in);
    }
    if (!in.doubts.empty())
        return verdict_with(Verdict::Refused,
                            "its verdict cannot be trusted: " + in.doubts +
                                ". Only the check program's own report counts (does your code write to the check's "
                                "descriptors, or end the program?)",
                            in);
    if (in.record_too_large)
        return verdict_with(Verdict::Failing,
                            "its record of the checks grew past 8 MiB, more than any check writes; it cannot be read", in);
    if (in.out_of_memory) return verdict_with(Verdict::TooMuchMemory, too_much_memory_line(in, true), in);
    return std::nullopt;
}

// What ends a check without a report of its cases: exit() inside a case, a memory
// allocation that failed, a crash, a setup error of Boost.Test, any other early end.
std::optional<CheckReport> ended_without_report(const CheckInput& in, const Findings& found) {
    const ProcessResult& run = in.process;
    const CheckRecord& rec = in.record;
    // exit() or quick_exit() from inside a check (Boost.Test may crash after it)
    if (!rec.exited_in.empty() && !rec.report_found) return verdict_with(Verdict::StoppedEarly, stopped_early_line(in), in);
    if (in.memory_limit > 0 && mentions_bad_alloc(in))
        return verdict_with(Verdict::TooMuchMemory, too_much_memory_line(in, false), in);
    if (run.signaled) {
        std::string line = "crashed: " + describe_signal(run.signal);
        const std::string during = unfinished_case(rec);
        if (!during.empty()) line += " (in the check " + during + ")";
        CheckReport rep = verdict_with(Verdict::Crashed, line, in, false);
        rep.lines.insert(rep.lines.end(), found.failures.begin(), found.failures.end());
        rep.lines.insert(rep.lines.end(), in.guard_lines.begin(), in.guard_lines.end());
        return rep;
    }
    if (!rec.report_found && rec.logged.empty() && run.exit_code == 200) {
        // Boost.Test's own "setup error" (no such test suite, a bad argument): not the learner's doing
        std::string first;
        std::istringstream lines(run.output);
        while (first.empty() && std::getline(lines, first)) {
        }
        return verdict_with(Verdict::CouldNotRun, "the check program could not start its checks: " + first, in, false);
    }
    if (rec.report_found) return std::nullopt;
    // No report: the program ended before Boost.Test could write it.
    CheckReport rep = verdict_with(Verdict::StoppedEarly, stopped_early_line(in), in, false);
    for (const auto& d : found.diagnoses) rep.lines.push_back("mistake: " + d.explanation);
    rep.lines.insert(rep.lines.end(), found.failures.begin(), found.failures.end());
    rep.lines.insert(rep.lines.end(), in.guard_lines.begin(), in.guard_lines.end());
    return rep;
}

// The verdict of a complete report: done, not started, or which checks failed and why.
CheckReport judged_by_report(const CheckInput& in, const Findings& found) {
    const ProcessResult& run = in.process;
    const CheckRecord& rec = in.record;
    CheckReport rep;
    std::size_t passed = 0;
    std::vector<std::string> unexplained;  // cases that did not pass, with nothing in the log to say why
    for (const auto& c : rec.reported) {
        if (c.result == "passed") {
            ++passed;
            continue;
        }
        bool logged = false;
        for (const auto& l : rec.logged) logged = logged || (l.name == c.name && !l.events.empty());
        if (!logged) unexplained.push_back(c.name + ": " + (c.result == "skipped" ? "did not run (skipped)" : c.result));
    }
    const bool all_passed = !rec.reported.empty() && passed == rec.reported.size() && rec.suite_result == "passed";
    if (all_passed && run.exit_code == 0 && in.guard_lines.empty()) {
        rep.verdict = Verdict::Done;
        return rep;
    }
    rep.diagnoses = found.diagnoses;
    if (all_passed && found.missing.empty()) {
        rep.verdict = Verdict::Failing;
        rep.lines = in.guard_lines;
        if (run.exit_code != 0)
            rep.lines.push_back("all " + plural(passed, "check") + " passed, but the program then ended with exit code " +
                                std::to_string(run.exit_code) + ": does your code call exit() when it finishes?");
        return rep;
    }
    if (!found.missing.empty() && found.failures.empty() && found.diagnoses.empty() && unexplained.empty()) {
        // Every failure was a stub saying so: the learner has not started it.
        rep.verdict = Verdict::NotStarted;
        rep.lines = found.missing;
        return rep;
    }
    rep.verdict = Verdict::Failing;
    for (const auto& d : found.diagnoses) rep.lines.push_back("mistake: " + d.explanation);
    for (const auto& f : found.failures)
        if (f.find("not implemented yet") == std::string::npos) rep.lines.push_back(f);
    for (const auto& m : found.missing) rep.lines.push_back(m);
    for (const auto& u : unexplained) rep.lines.push_back(u);
    rep.lines.insert(rep.lines.end(), in.guard_lines.begin(), in.guard_lines.end());
    if (rep.lines.empty())
        rep.lines.push_back(std::to_string(rec.reported.size() - passed) + " of " + plural(rec.reported.size(), "check") +
                            " did not pass");
    if (run.total_output > run.output.size())
        rep.lines.push_back("(it printed " + std::to_string(run.total_output / 1024) +
                            " KiB; only the start and the end were kept)");
    return rep;
}

}  // namespace

std::vector<std::string> failing_cases(const CheckRecord& record) {
    std::vector<std::string> out;
    auto add = [&](const std::string& name) {
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    };
    for (const auto& c : record.logged) {
        bool failed = !c.finished;
        for (const auto& e : c.events)
            failed = failed || (e.kind != LoggedEvent::Kind::Warning && e.kind != LoggedEvent::Kind::Message);
        if (failed) add(c.name);
    }
    for (const auto& c : record.reported)
        if (c.result != "passed" && c.result != "skipped") add(c.name);
    return out;
}

namespace {

CheckReport judged(const CheckInput& in) {
    if (auto rep = ended_from_outside(in)) return *rep;
    const auto found = read_findings(in.record);
    if (auto rep = ended_without_report(in, found)) return *rep;
    return judged_by_report(in, found);
}

}  // namespace

CheckReport interpret_check(const CheckInput& in) {
    CheckReport rep = judged(in);
    // what the guard did is told with every verdict (shown_lines shows it whatever else it cuts)
    for (const auto& g : in.guard_lines)
        if (std::find(rep.lines.begin(), rep.lines.end(), g) == rep.lines.end()) rep.lines.push_back(g);
    rep.guard_lines = in.guard_lines;
    // only where the learner's code ran a case to its failure: a stub, a refusal or a
    // program that never ran has no check to give the hints of
    switch (rep.verdict) {
        case Verdict::Failing:
        case Verdict::Crashed:
        case Verdict::TimedOut:
        case Verdict::StoppedEarly:
        case Verdict::TooMuchMemory: rep.failing_cases = failing_cases(in.record); break;
        default: break;
    }
    return rep;
}

std::string compare_expected_output(const std::string& readme, const std::string& output) {
    const auto doc = split_lines(readme);
    const auto out = split_lines(output);
    std::size_t blocks = 0;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        if (doc[i].find("<!-- expected output") == std::string::npos) continue;
        // the fenced block that follows the marker
        std::size_t open = i + 1;
        while (open < doc.size() && doc[open].rfind("```", 0) != 0) ++open;
        std::vector<std::string> want;
        std::size_t k = open + 1;
        for (; k < doc.size() && doc[k].rfind("```", 0) != 0; ++k) want.push_back(doc[k]);
        if (open >= doc.size() || k >= doc.size())
            return "README: the expected-output marker on line " + std::to_string(i + 1) +
                   " is not followed by a complete ``` block";
        ++blocks;
        // match `want` against `out`: runs of lines separated by "..."
        std::size_t pos = 0;
        bool gap = true;  // the first line may be anywhere
        for (std::size_t w = 0; w < want.size(); ++w) {
            if (want[w] == "...") {
                gap = true;
                continue;
            }
            std::size_t found = out.size();
            if (gap) {
                for (std::size_t p = pos; p < out.size(); ++p)
                    if (out[p] == want[w]) {
                        found = p;
                        break;
                    }
            } else if (pos < out.size() && out[pos] == want[w]) {
                found = pos;
            }
            if (found == out.size()) {
                std::string got = pos < out.size() ? out[pos] : std::string("(end of output)");
                return "README line " + std::to_string(open + 2 + w) + " expects\n    " + want[w] +
                       "\n  but the program printed" + (gap ? " no such line after the previous match" : "\n    " + got);
            }
            pos = found + 1;
            gap = false;
        }
        i = k;
    }
    if (blocks == 0) return "README has no <!-- expected output --> block to compare";
    return "";
}

}  // namespace course
