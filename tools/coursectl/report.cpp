#include "report.hpp"

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

namespace course {

namespace {

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    std::string line;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        out.push_back(line);
    }
    return out;
}

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
        case Verdict::DoesNotCompile: return "does not compile";
        case Verdict::CouldNotRun: return "could not run";
    }
    return "?";
}

CheckReport interpret_check(const ProcessResult& run, double timeout_seconds) {
    CheckReport rep;
    if (run.failed_to_start) {
        rep.verdict = Verdict::CouldNotRun;
        rep.lines.push_back("the check program could not be started: " + run.output);
        return rep;
    }
    if (run.timed_out) {
        rep.verdict = Verdict::TimedOut;
        std::ostringstream s;
        s << "did not finish in " << timeout_seconds << " s: is there a loop that never ends?";
        rep.lines.push_back(s.str());
        return rep;
    }
    if (run.signaled) {
        rep.verdict = Verdict::Crashed;
        rep.lines.push_back("crashed: " + describe_signal(run.signal));
    }

    // Boost.Test lines:
    //   file.cpp(42): error: in "suite/case": message
    //   unknown location(0): fatal error: in "suite/case": std::logic_error: message
    static const std::regex failure(R"re(^.*?(fatal )?error: in "([^"]*)": (.*)$)re");
    static const std::regex not_implemented(R"re(not implemented yet: [A-Za-z0-9_:]+ \([^)]*\))re");
    static const std::regex mistake(R"re(mistake \[([a-z0-9_]+)\]: (.*)$)re");
    std::set<std::string> seen;
    std::vector<std::string> missing, failures;
    for (const auto& line : split_lines(run.output)) {
        std::smatch m;
        if (std::regex_search(line, m, not_implemented)) {
            if (seen.insert(m[0]).second) missing.push_back(m[0]);
            continue;
        }
        if (std::regex_search(line, m, mistake)) {
            // a known mistake, recognised by the test: say it first, and once
            if (seen.insert("mistake " + m[1].str()).second) rep.diagnoses.push_back({m[1], m[2]});
            continue;
        }
        if (std::regex_match(line, m, failure)) {
            std::string test = m[2];
            const auto slash = test.rfind('/');
            if (slash != std::string::npos) test = test.substr(slash + 1);
            std::string what = m[3];
            // "check <C++ expression> has failed: <message>": the message is what helps
            const auto failed = what.find(" has failed: ");
            if (what.rfind("check ", 0) == 0 && failed != std::string::npos) what = what.substr(failed + 13);
            // an exception other than NotImplemented escaped the learner's code
            if (m[1].matched) what = "threw an exception: " + what;
            std::string msg = test + ": " + what;
            if (seen.insert(msg).second) failures.push_back(msg);
        }
    }
    if (rep.verdict == Verdict::Crashed) {
        for (const auto& f : failures) rep.lines.push_back(f);
        return rep;
    }
    if (run.exit_code == 0) {
        rep.verdict = Verdict::Done;
        return rep;
    }
    if (!missing.empty() && failures.empty() && rep.diagnoses.empty()) {
        // Every failure was a stub saying so: the learner has not started it.
        rep.verdict = Verdict::NotStarted;
        rep.lines = missing;
        return rep;
    }
    rep.verdict = Verdict::Failing;
    for (const auto& d : rep.diagnoses) rep.lines.push_back("mistake: " + d.explanation);
    for (const auto& f : failures)
        if (f.find("not implemented yet") == std::string::npos) rep.lines.push_back(f);
    for (const auto& m : missing) rep.lines.push_back(m);
    if (rep.lines.empty()) {
        auto lines = split_lines(run.output);
        rep.lines.push_back("the check failed (exit code " + std::to_string(run.exit_code) + ")" +
                            (lines.empty() ? std::string() : ": " + lines.back()));
    }
    if (run.total_output > run.output.size())
        rep.lines.push_back("(it printed " + std::to_string(run.total_output / 1024) +
                            " KiB; only the start and the end were kept)");
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
