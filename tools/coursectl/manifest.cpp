#include "manifest.hpp"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/wire.hpp"
#include "text.hpp"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace course {

bool is_case_name(const std::string& name) {
    return !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                                std::string::npos;
}

namespace {

// "hint for CASE_NAME = text": one name, the check's own, and something to say.
template <class Fail>
CaseHint case_hint(const std::string& key, const std::string& value, int line_no, Fail fail) {
    CaseHint h;
    h.case_name = trim(key.substr(std::string("hint for").size()));
    h.text = value;
    h.line = line_no;
    if (key.size() > 8 && key[8] != ' ') fail("unknown key '" + key + "' (known: title, summary, hint, hint for CASE_NAME)");
    if (!is_case_name(h.case_name))
        fail("'hint for' names one check of the exercise, a test case of its suite in tests/NN_topic_test.cpp, such "
             "as 'hint for rejects_nan = ...'; got '" + key + "'");
    if (h.text.empty()) fail("'" + key + "' has no text after its '='");
    return h;
}

}  // namespace

std::vector<Exercise> parse_manifest(const std::string& text, const std::string& origin) {
    std::vector<Exercise> out;
    std::istringstream in(text);
    std::string raw;
    int line_no = 0;
    auto fail = [&](const std::string& what) {
        throw ManifestError(origin + ":" + std::to_string(line_no) + ": " + what);
    };
    while (std::getline(in, raw)) {
        ++line_no;
        const std::string line = trim(raw);
        if (line.empty() || line[0] == '#') continue;
        if (line.front() == '[') {
            // [NN_topic/name]: the file exercises/NN_topic/name.cpp, chapter NN
            const std::string path = line.size() >= 2 && line.back() == ']' ? line.substr(1, line.size() - 2) : "";
            const auto slash = path.find('/');
            const bool well_formed = slash != std::string::npos && slash >= 3 && path.find('/', slash + 1) == std::string::npos &&
                                     std::isdigit(static_cast<unsigned char>(path[0])) &&
                                     std::isdigit(static_cast<unsigned char>(path[1])) && path[2] == '_' &&
                                     slash + 1 < path.size();
            if (!well_formed)
                fail("a section header is the exercise's path under exercises/ without .cpp, such as "
                     "[01_rnn_loop/rnn_step]; got '" + line + "'");
            Exercise e;
            e.name = path.substr(slash + 1);
            e.chapter = path.substr(0, 2);
            e.file = path + ".cpp";
            for (const auto& prev : out)
                if (prev.name == e.name) fail("exercise '" + e.name + "' is listed twice");
            out.push_back(e);
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string::npos) fail("expected 'key = value', got '" + line + "'");
        if (out.empty()) fail("'" + line + "' comes before any [exercise] header");
        const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
        Exercise& e = out.back();
        if (key == "title") e.title = value;
        else if (key == "summary") e.summary = value;
        else if (key == "hint") e.hints.push_back(value);
        else if (key.rfind("hint for", 0) == 0) e.case_hints.push_back(case_hint(key, value, line_no, fail));
        else if (key == "chapter" || key == "file")
            fail("'" + key + "' follows from the header [NN_topic/name]; leave it out");
        else fail("unknown key '" + key + "' (known: title, summary, hint, hint for CASE_NAME)");
    }
    for (const auto& e : out) {
        if (e.title.empty() || e.hints.empty())
            throw ManifestError(origin + ": exercise '" + e.name + "' needs a title and at least one hint");
    }
    return out;
}

std::string read_file(const std::string& path) {
    // Through one descriptor, never blocking on a FIFO, and only a regular file of at
    // most 64 MiB: a learner's exercise may be a link to /dev/zero, and is then "" here
    // (check refuses it by name).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) throw std::runtime_error("cannot read " + path);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (64 << 20)) {
        ::close(fd);
        return "";
    }
    std::string out;
    char buf[65536];
    while (out.size() <= (64u << 20)) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

std::vector<Exercise> load_manifest(const std::string& path) { return parse_manifest(read_file(path), path); }

std::vector<Exercise> select(const std::vector<Exercise>& all, const std::string& selector) {
    if (selector.empty()) return all;
    std::vector<Exercise> out;
    const bool numeric = selector.find_first_not_of("0123456789") == std::string::npos;
    if (numeric) {
        const std::string nn = selector.size() == 1 ? "0" + selector : selector;
        for (const auto& e : all)
            if (e.chapter == nn) out.push_back(e);
        if (out.empty()) throw std::invalid_argument("no exercises in chapter " + nn);
        return out;
    }
    for (const auto& e : all)
        if (e.name == selector) return {e};
    std::string names;
    for (const auto& e : all) names += (names.empty() ? "" : ", ") + e.name;
    throw std::invalid_argument("no exercise called '" + selector + "'; exercises: " + names);
}

std::string content_hash(const std::string& text) { return attn::wire::hex64(attn::wire::fnv1a64(text)); }

}  // namespace course
