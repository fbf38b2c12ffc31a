#include "record.hpp"

#include <set>
#include <sstream>

namespace course {

namespace {

// --- a reader for the XML that Boost.Test writes -----------------------------
// Elements, attributes in double quotes, CDATA sections, and nothing else:
// that is all Boost.Test's XML log and report use. A record cut short (the
// program stopped in the middle) simply ends; no exception, no guessing.

std::string unescape(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            out += s[i];
            continue;
        }
        const auto semi = s.find(';', i);
        if (semi == std::string::npos) {
            out += s.substr(i);
            break;
        }
        const std::string ent = s.substr(i + 1, semi - i - 1);
        if (ent == "amp") out += '&';
        else if (ent == "lt") out += '<';
        else if (ent == "gt") out += '>';
        else if (ent == "quot") out += '"';
        else if (ent == "apos") out += '\'';
        else out += "&" + ent + ";";
        i = semi;
    }
    return out;
}

struct Tag {
    std::string name;
    bool closing = false;      // </name>
    bool self_closing = false; // <name ... />
    std::vector<std::pair<std::string, std::string>> attributes;

    std::string attribute(const std::string& key) const {
        for (const auto& [k, v] : attributes)
            if (k == key) return v;
        return "";
    }
};

Tag parse_tag(const std::string& body) {  // what stands between < and >
    Tag t;
    std::size_t i = 0;
    if (i < body.size() && body[i] == '/') t.closing = true, ++i;
    std::size_t j = i;
    while (j < body.size() && body[j] != ' ' && body[j] != '/' && body[j] != '\t' && body[j] != '\n') ++j;
    t.name = body.substr(i, j - i);
    while (j < body.size()) {
        while (j < body.size() && (body[j] == ' ' || body[j] == '\t' || body[j] == '\n')) ++j;
        if (j < body.size() && body[j] == '/') {
            t.self_closing = true;
            break;
        }
        const auto eq = body.find('=', j);
        if (eq == std::string::npos) break;
        const std::string key = body.substr(j, eq - j);
        if (eq + 1 >= body.size() || body[eq + 1] != '"') break;
        const auto end = body.find('"', eq + 2);
        if (end == std::string::npos) break;
        t.attributes.emplace_back(key, unescape(body.substr(eq + 2, end - eq - 2)));
        j = end + 1;
    }
    return t;
}

// Calls on_open(tag), on_close(name) and on_text(cdata) in document order.
template <class Open, class Close, class Text>
void walk(const std::string& xml, Open on_open, Close on_close, Text on_text) {
    static const std::string cdata_open = "<![CDATA[", cdata_close = "]]>";
    std::size_t i = 0;
    while (i < xml.size()) {
        const auto lt = xml.find('<', i);
        if (lt == std::string::npos) break;
        if (xml.compare(lt, cdata_open.size(), cdata_open) == 0) {
            const auto end = xml.find(cdata_close, lt + cdata_open.size());
            const std::size_t stop = end == std::string::npos ? xml.size() : end;
            on_text(xml.substr(lt + cdata_open.size(), stop - lt - cdata_open.size()));
            i = end == std::string::npos ? xml.size() : end + cdata_close.size();
            continue;
        }
        const auto gt = xml.find('>', lt);
        if (gt == std::string::npos) break;  // cut short inside a tag
        const Tag t = parse_tag(xml.substr(lt + 1, gt - lt - 1));
        if (t.closing) on_close(t.name);
        else {
            on_open(t);
            if (t.self_closing) on_close(t.name);
        }
        i = gt + 1;
    }
}

LoggedEvent::Kind event_kind(const std::string& name, bool& known) {
    known = true;
    if (name == "Error") return LoggedEvent::Kind::Error;
    if (name == "FatalError") return LoggedEvent::Kind::FatalError;
    if (name == "Exception") return LoggedEvent::Kind::Exception;
    if (name == "Warning") return LoggedEvent::Kind::Warning;
    if (name == "Message") return LoggedEvent::Kind::Message;
    known = false;
    return LoggedEvent::Kind::Message;
}

}  // namespace

namespace {

// The log: <TestLog><TestSuite module><TestSuite suite><TestCase>events</TestCase>...
void read_log(const std::string& log_xml, const std::string& suite, CheckRecord& rec) {
    std::vector<std::string> suites;  // the TestSuite names we are inside
    bool in_case = false;             // inside a case of `suite`
    int event_depth = 0;              // inside an event element (its first CDATA is its text)
    LoggedEvent event;
    auto in_suite = [&] { return suites.size() >= 2 && suites[1] == suite; };
    walk(
        log_xml,
        [&](const Tag& t) {
            if (t.name == "TestSuite") suites.push_back(t.attribute("name"));
            else if (t.name == "TestCase" && in_suite()) {
                rec.logged.emplace_back();
                rec.logged.back().name = t.attribute("name");
                in_case = true;
            } else if (in_case) {
                bool known = false;
                const auto kind = event_kind(t.name, known);
                if (event_depth == 0 && known) {
                    event = LoggedEvent{kind, ""};
                    event_depth = 1;
                } else if (event_depth > 0) {
                    ++event_depth;  // LastCheckpoint and the like, inside an event
                }
            }
        },
        [&](const std::string& name) {
            if (name == "TestSuite" && !suites.empty()) suites.pop_back();
            else if (name == "TestCase" && in_case) {
                rec.logged.back().finished = rec.logged.back().in_log = true;
                in_case = false;
                event_depth = 0;
            } else if (in_case && event_depth > 0) {
                if (--event_depth == 0) rec.logged.back().events.push_back(event);
            }
        },
        [&](const std::string& text) {
            // Boost splits a "]]>" inside a message into two sections: join them
            if (in_case && event_depth == 1) event.text += text;
        });
}

bool is_outcome(const std::string& word) {
    return word == "passed" || word == "failed" || word == "aborted" || word == "skipped" || word == "timed_out";
}

// The progress lines fill in what a lost log buffer took with it, and give each case's outcome.
void read_progress(const std::string& progress, const std::string& suite, CheckRecord& rec) {
    std::istringstream in(progress);
    std::string what, name;
    while (in >> what && std::getline(in >> std::ws, name)) {
        std::string outcome;
        long failed = -1;
        if (what == "end") {
            // "end RESULT FAILED suite/case" (a line of another shape tells no outcome)
            std::istringstream fields(name);
            std::string result, count, rest;
            if (fields >> result >> count && is_outcome(result) && !count.empty() && count.size() < 10 &&
                count.find_first_not_of("0123456789") == std::string::npos && std::getline(fields >> std::ws, rest) &&
                !rest.empty()) {
                outcome = result;
                failed = std::stol(count);
                name = rest;
            }
        }
        if (name.rfind(suite + "/", 0) != 0) continue;
        name = name.substr(suite.size() + 1);
        if (what == "exit") {
            rec.exited_in = name;
            continue;
        }
        LoggedCase* c = nullptr;
        for (auto& l : rec.logged)
            if (l.name == name) c = &l;
        if (!c) {
            rec.logged.emplace_back();
            rec.logged.back().name = name;
            c = &rec.logged.back();
        }
        if (what == "end") {
            c->finished = true;
            if (!outcome.empty()) c->outcome = outcome, c->assertions_failed = failed;
        }
    }
}

// The report: <TestResult><TestSuite module><TestSuite suite result=...><TestCase result=.../>
void read_report(const std::string& report_xml, const std::string& suite, CheckRecord& rec) {
    std::vector<std::string> suites;
    walk(
        report_xml,
        [&](const Tag& t) {
            if (t.name == "TestSuite") {
                suites.push_back(t.attribute("name"));
                if (suites.size() == 2 && suites[1] == suite) {
                    rec.report_found = true;
                    rec.suite_result = t.attribute("result");
                }
            } else if (t.name == "TestCase" && suites.size() >= 2 && suites[1] == suite) {
                rec.reported.push_back({t.attribute("name"), t.attribute("result")});
            }
        },
        [&](const std::string& name) {
            if (name == "TestSuite" && !suites.empty()) suites.pop_back();
        },
        [](const std::string&) {});
    // A report cut short cannot prove anything.
    if (report_xml.find("</TestResult>") == std::string::npos) {
        rec.report_found = false;
        rec.reported.clear();
    }
}

}  // namespace

CheckRecord parse_record(const std::string& log_xml, const std::string& report_xml, const std::string& suite,
                         const std::string& progress) {
    CheckRecord rec;
    rec.suite = suite;
    read_log(log_xml, suite, rec);
    read_progress(progress, suite, rec);
    read_report(report_xml, suite, rec);
    return rec;
}

std::string channels_disagree(const CheckRecord& record) {
    if (!record.report_found) return "";
    for (const auto& c : record.reported) {
        const LoggedCase* l = nullptr;
        for (const auto& x : record.logged)
            if (x.name == c.name) l = &x;
        if (!l || l->outcome.empty())
            return "its report lists the check " + c.name + ", whose end the progress observer never told";
        const bool passed = c.result == "passed";
        if (passed != (l->outcome == "passed"))
            return "its report says the check " + c.name + " " + (passed ? "passed" : "did not pass (" + c.result + ")") +
                   ", but when it ended Boost.Test had it " + l->outcome +
                   (l->assertions_failed > 0 ? " (" + std::to_string(l->assertions_failed) +
                                                   (l->assertions_failed == 1 ? " assertion" : " assertions") + " failed)"
                                             : "");
        if (!passed) continue;
        // (no check of the course declares expected failures: a case that passed had none)
        if (!l->in_log) return "its report says the check " + c.name + " passed, but its log does not show it ran to its end";
        std::size_t errors = 0;
        for (const auto& e : l->events)
            errors += e.kind != LoggedEvent::Kind::Warning && e.kind != LoggedEvent::Kind::Message ? 1 : 0;
        if (errors > 0 || l->assertions_failed > 0)
            return "its report says the check " + c.name + " passed, but " +
                   (errors > 0 ? "its log holds " + std::to_string(errors) + " error" + (errors == 1 ? "" : "s") + " of it"
                               : std::to_string(l->assertions_failed) + " of its assertions failed");
    }
    return "";
}

int count_listed_cases(const std::string& list_output, const std::string& suite) {
    // module*
    //     suite*
    //         case*
    std::istringstream in(list_output);
    std::string line;
    int count = -1;
    std::size_t suite_indent = 0;
    bool inside = false;
    while (std::getline(in, line)) {
        const auto indent = line.find_first_not_of(' ');
        if (indent == std::string::npos) continue;
        std::string name = line.substr(indent);
        while (!name.empty() && (name.back() == '*' || name.back() == '\r' || name.back() == ' ')) name.pop_back();
        if (inside) {
            if (indent <= suite_indent) break;
            ++count;
            continue;
        }
        if (name == suite && (indent > 0 || count < 0)) {
            inside = true;
            suite_indent = indent;
            count = 0;
        }
    }
    return count;
}

std::vector<std::string> listed_cases(const std::string& list_output, const std::string& suite) {
    std::vector<std::string> out;
    std::istringstream in(list_output);
    std::string line;
    std::size_t suite_indent = 0;
    bool inside = false, seen = false;
    while (std::getline(in, line)) {
        const auto indent = line.find_first_not_of(' ');
        if (indent == std::string::npos) continue;
        std::string name = line.substr(indent);
        while (!name.empty() && (name.back() == '*' || name.back() == '\r' || name.back() == ' ')) name.pop_back();
        if (inside) {
            if (indent <= suite_indent) break;
            out.push_back(name);
            continue;
        }
        if (name == suite && (indent > 0 || !seen)) {
            inside = seen = true;
            suite_indent = indent;
        }
    }
    return out;
}

std::string record_doubts(const std::string& report_xml, const std::vector<std::pair<std::string, std::size_t>>& syncs,
                          const CheckRecord& record, const std::string& suite,
                          const std::vector<std::string>& trusted_cases) {
    const auto first = report_xml.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";  // no report: the program stopped early, said as such
    bool finished = false;
    std::set<std::string> started;
    for (const auto& [line, report_bytes] : syncs) {
        if (report_bytes > 0)
            return "a report of its checks was written before " +
                   std::string(line == "finish" ? "the last check had ended" : "the check " + line.substr(6) + " started");
        if (line == "finish") finished = true;
        else started.insert(line.substr(6));
    }
    if (!finished) return "a report of its checks came although its checks never finished";
    // exactly one report, and nothing around it
    std::size_t begin = first;
    if (report_xml.compare(first, 5, "<?xml") == 0) {
        const auto end = report_xml.find("?>", first);
        begin = end == std::string::npos ? std::string::npos : report_xml.find_first_not_of(" \t\r\n", end + 2);
    }
    const auto close = report_xml.find("</TestResult>");
    if (begin == std::string::npos || report_xml.compare(begin, 11, "<TestResult") != 0 || close == std::string::npos ||
        report_xml.find("<TestResult", begin + 11) != std::string::npos ||
        report_xml.find_first_not_of(" \t\r\n", close + 13) != std::string::npos)
        return "its report was not one report (something else wrote to it as well)";
    if (!trusted_cases.empty()) {
        std::set<std::string> want(trusted_cases.begin(), trusted_cases.end()), got;
        for (const auto& c : record.reported) got.insert(c.name);
        if (got != want) return "its report lists other checks than the exercise has";
        for (const auto& c : trusted_cases)
            if (!started.count(suite + "/" + c)) return "its report says the check " + c + " ran, but it never started";
    }
    return "";
}

std::vector<std::string> record_arguments() {
    // test_suite level: each case's start and end, and every failure, no passed checks
    return {"--log_format=XML",    "--log_level=test_suite",  "--log_sink=/dev/fd/3",
            "--report_format=XML", "--report_level=detailed", "--report_sink=/dev/fd/4"};
}

}  // namespace course
