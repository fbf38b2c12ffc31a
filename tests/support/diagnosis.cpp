// diagnosis.cpp: results, probes, and the judgement of diagnosis.hpp.
#include "support/diagnosis.hpp"

#include <boost/test/unit_test.hpp>
#include <cxxabi.h>
#include <cstdlib>
#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/shape.hpp"
#include "core/wire.hpp"
#include "support/relations.hpp"

namespace attn_test {

const char* threw_name(Threw t) {
    switch (t) {
        case Threw::nothing: return "nothing";
        case Threw::shape_error: return "attn::ShapeError";
        case Threw::input_error: return "attn::InputError";
        case Threw::armadillo_size: return "Armadillo's std::logic_error (two shapes that do not fit)";
        case Threw::armadillo_index: return "Armadillo's std::out_of_range (an index past the end)";
        case Threw::other: return "an exception";
    }
    return "an exception";
}

// --- results -------------------------------------------------------------------------

Result& Result::add(std::string name, arma::mat value, Axes ax) {
    parts.push_back({std::move(name), std::move(value), std::move(ax)});
    return *this;
}

const Part* Result::part(const std::string& name) const {
    for (const Part& p : parts)
        if (p.name == name) return &p;
    return nullptr;
}

Result Result::throws(Threw t, std::string needle) {
    Result r;
    r.threw = t;
    r.message = std::move(needle);
    return r;
}

Result result(std::string name, arma::mat value, Axes ax) { return Result{}.add(std::move(name), std::move(value), std::move(ax)); }

Result number(std::string name, double x) { return result(std::move(name), arma::mat(1, 1, arma::fill::value(x)), entries("value")); }

Result tokens(std::string name, const std::vector<arma::uword>& t) {
    arma::mat row(1, t.size());
    for (std::size_t k = 0; k < t.size(); ++k) row(k) = static_cast<double>(t[k]);
    Axes ax = entries("position");
    ax.sequence = true;
    return result(std::move(name), row, ax);
}

namespace detail {
std::string escaped(const std::exception& e) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &status),
                                                std::free);
    return std::string(status == 0 && name ? name.get() : typeid(e).name());
}
}  // namespace detail

namespace {
Result plain_throw(const std::string& type, const std::string& text) {
    Result r;
    r.threw = Threw::other;
    r.type = type;
    r.message = text;
    return r;
}
}  // namespace

Result attempt(const std::function<Result()>& f) {
    auto thrown = [](Threw t, const std::exception& e) {
        Result r;
        r.threw = t;
        r.type = detail::escaped(e);
        r.message = e.what();
        return r;
    };
    try {
        return f();
    } catch (const attn::NotImplemented&) {
        throw;  // an untouched stub: "not implemented yet" says it all
    } catch (const attn::ShapeError& e) {
        return thrown(Threw::shape_error, e);
    } catch (const attn::InputError& e) {
        return thrown(Threw::input_error, e);
    } catch (const std::logic_error& e) {
        // Armadillo throws these two exact types (sizes that do not fit; an index past the
        // end, as std::vector::at does); a type derived from them (std::domain_error,
        // std::length_error, std::invalid_argument) is somebody else's
        if (typeid(e) == typeid(std::out_of_range)) return thrown(Threw::armadillo_index, e);
        if (typeid(e) == typeid(std::logic_error)) return thrown(Threw::armadillo_size, e);
        return thrown(Threw::other, e);
    } catch (const std::exception& e) {
        return thrown(Threw::other, e);
    } catch (const char* text) {
        // throw "..." (or throw std::string(...)): a refusal in words, but of no error type
        // a caller can catch as the course's; told as what it is
        return plain_throw("a C string (throw \"...\")", text ? text : "");
    } catch (const std::string& text) {
        return plain_throw("a std::string (throw std::string(...))", text);
    }
}

namespace {
// How many mistakes this run has named so far: a check that only follows from another
// slip (a message naming the matrices a wrong check looked at) names nothing once one is.
int named_so_far = 0;
}  // namespace

bool refused_valid_input(const Result& got, const std::string& function, const std::string& input) {
    if (got.threw == Threw::nothing) return false;
    // the alternatives a relation offers for another input to confirm (implied) are not
    // what this one input says: only the finding itself is told
    std::vector<Finding> f;
    for (const Finding& one : threw_on_valid_input(got, function))
        if (!one.implied) f.push_back(one);
    if (f.size() == 1 && named_so_far == 0) {
        Finding one = f[0];
        if (names_a_size_of_zero(input)) reword_past_the_end_of_nothing(one);
        one.text = "on " + input + ": " + one.text;
        report_finding(one);
    } else {
        BOOST_ERROR("on " + input + ", which the contract accepts, your function threw " + got.type + ": " + got.message);
    }
    return true;
}

std::string unless_shape(const Result& got, const std::string& name, arma::uword n_rows, arma::uword n_cols) {
    if (got.threw != Threw::nothing) return got.type + ": " + got.message;
    const Part* p = got.part(name);
    if (p == nullptr) return "no part " + name;
    if (p->value.n_rows == n_rows && p->value.n_cols == n_cols) return "";
    // an empty result of another shape (0x0 for 0 x d, 1x1 for 0x0, ...): named by the
    // relation that says so, where nothing was named earlier in the run
    if (n_rows * n_cols == 0 && named_so_far == 0) {
        Part want = *p;
        want.value = arma::mat(n_rows, n_cols);
        const std::vector<Finding> f = relations_between(*p, want, {}, {}, kTol);
        if (f.size() == 1) report_finding(f[0]);
    }
    return name + " " + attn::shape_of(p->value);
}

bool same_result(const Result& got, const Result& want, double tol) {
    if (want.threw != Threw::nothing || got.threw != Threw::nothing)
        return got.threw == want.threw && got.message.find(want.message) != std::string::npos;
    if (got.parts.size() != want.parts.size()) return false;
    for (const Part& w : want.parts) {
        const Part* g = got.part(w.name);
        if (!g || !agree(g->value, w.value, tol)) return false;
    }
    return true;
}

std::string describe_outcome(const Result& got, const Result& want, double tol, const std::vector<Region>& regions) {
    if (same_result(got, want, tol)) return "";
    if (got.threw != Threw::nothing) {
        std::string s = "your function threw " + (got.type.empty() ? std::string(threw_name(got.threw)) : got.type) +
                        ": " + got.message;
        if (got.threw == Threw::armadillo_size || got.threw == Threw::armadillo_index)
            s += " (Armadillo refusing two shapes or an index: an operand of the wrong shape, a transposition, or a "
                 "range one too long)";
        return s;
    }
    if (want.threw != Threw::nothing) return std::string("your function returned a result; it should throw ") + threw_name(want.threw);
    std::string out, right;
    for (const Part& w : want.parts) {
        const Part* g = got.part(w.name);
        if (!g) {
            out += (out.empty() ? "" : "; ") + w.name + " is missing from the result";
            continue;
        }
        const std::string d = describe_difference(w.name, g->value, w.value, w.axes, tol, regions);
        if (d.empty()) right += (right.empty() ? "" : ", ") + w.name;
        else out += (out.empty() ? "" : "; ") + d;
    }
    if (want.parts.size() > 1 && !right.empty()) out += " (" + right + " right)";
    return out;
}

// --- probes ----------------------------------------------------------------------------

Probe& Probe::variant(const Mistake& m, Result r, std::string detail, double t) {
    variants.push_back({&m, std::move(r), std::move(detail), t, nullptr, "", true});
    return *this;
}
Probe& Probe::on_other_input(Result r, std::string which) {
    return variant(mistakes::wrong_input, std::move(r), std::move(which));
}
Probe& Probe::variant_fitting(const Mistake& m, Result example, std::function<bool(const Result&)> fits,
                              std::string detail) {
    variants.push_back({&m, std::move(example), std::move(detail), kTol, std::move(fits), "", true});
    return *this;
}
Probe& Probe::labelled(std::string how) {
    if (!variants.empty()) variants.back().how = std::move(how);
    return *this;
}
Probe& Probe::combined() {
    if (!variants.empty()) variants.back().alone = false;
    return *this;
}
Probe& Probe::quantity(std::string name, double value) {
    quantities.push_back({std::move(name), value});
    return *this;
}
Probe& Probe::term(std::string name, std::string part, arma::mat value) {
    terms.push_back({std::move(name), std::move(part), std::move(value)});
    return *this;
}
Probe& Probe::region(std::string name, std::string part, arma::umat w) {
    regions.push_back({std::move(name), std::move(part), std::move(w)});
    return *this;
}

Probe& Diagnosis::probe(std::string input, std::function<Result()> call, Result right) {
    Probe p;
    p.input = std::move(input);
    p.call = std::move(call);
    p.right = std::move(right);
    probes_.push_back(std::move(p));
    return probes_.back();
}

std::string sentence(const Mistake& m, const std::string& detail) {
    std::string s = m.explanation;
    const auto aside = s.find(" ({})");  // a detail in parentheses, left out when there is none
    if (aside != std::string::npos && detail.empty()) return s.erase(aside, 5);
    const auto at = s.find("{}");
    if (at != std::string::npos) return s.replace(at, 2, detail);
    return detail.empty() ? s : s + " (" + detail + ")";
}

void report(const Mistake& m, const std::string& detail) {
    ++named_so_far;
    BOOST_ERROR(attn::wire::mistake(m.id, sentence(m, detail)));
}
void report_finding(const Finding& f) {
    ++named_so_far;
    BOOST_ERROR(attn::wire::mistake(f.mistake->id, f.text));
}

namespace {
// What a function returned so far in this run, input by input: a result that hangs on the
// calls before it shows only across calls.
struct Seen {
    std::string input;
    Result got, right;
    double tol;
};
arma::uword entries_of(const Result& r) {
    arma::uword n = 0;
    for (const Part& part : r.parts) n += part.value.n_elem;
    return n;
}
std::map<std::string, std::vector<Seen>>& seen_of() {
    static std::map<std::string, std::vector<Seen>> all;
    return all;
}
// The input called again, twice in a row: the first of the two when it differs from
// `got`, else the second (a sum kept from call to call that is set back to 0 whenever the
// sizes change shows only in two calls on the same sizes, one after the other).
Result called_again(const Probe& p, const Result& got) {
    Result first = attempt(p.call);
    if (!same_result(first, got, p.tol)) return first;
    return attempt(p.call);
}

void remember(const std::string& function, const Probe& p, const Result& got) {
    auto& seen = seen_of()[function];
    const bool known = std::any_of(seen.begin(), seen.end(), [&](const Seen& s) { return s.input == p.input; });
    if (!known && seen.size() < 64) seen.push_back({p.input, got, p.right, p.tol});
}

// The sentence of a result that hangs on the calls made before it: the same input called
// again gives another result (`again`), or a wrong result is exactly what the function
// returned, rightly, for an input whose answer differs. "" when neither.
std::string kept_from_before(const std::string& function, const Probe& p, const Result& got, const Result& again,
                             bool unexplained) {
    if (!same_result(again, got, p.tol))
        return "called twice with the same input (" + p.input + "), it gave two different results: something lives " +
               "on from one call to the next (a static variable, a global, a cache, or an accumulator made " +
               "outside the function); each call must start from its own inputs alone";
    // an earlier right answer given again: only where nothing else explains the result, and
    // not for an input of no entries, whose wrong answers (a 1x1 of a guard) are their own
    if (!unexplained || got.threw != Threw::nothing || same_result(got, p.right, p.tol) || entries_of(p.right) == 0)
        return "";
    for (const Seen& s : seen_of()[function])
        if (s.input != p.input && entries_of(s.right) >= 2 && same_result(s.got, s.right, s.tol) &&
            !same_result(s.right, p.right, p.tol) && same_result(got, s.got, p.tol))
            return "on " + p.input + " it returned exactly what it returned, rightly, for an earlier call on " + s.input +
                   ": a result, a size or a factor kept from an earlier call (a static variable or a cache), or " +
                   "the part of the input in which the two differ never read";
    return "";
}

// --- a first call in a program of its own ---------------------------------------------
//
// A value set by the first call and kept (a static scale, a transposed copy made once, a
// size read once) leaves that first call right and every later one wrong, and calling the
// same input twice cannot show it. So the check program runs itself again on this test
// case alone, with kFirstCall naming the function and the input; there the input is the
// function's first call, and the program's exit code says whether it came out right.
constexpr const char* kFirstCall = "ATTN_FIRST_CALL";
constexpr int kRightWhenFirst = 70, kWrongWhenFirst = 71;

std::string first_call_key(const std::string& function, std::size_t input) {
    return function + "#" + std::to_string(input);
}

// This test case's path, as --run_test takes it ("suite/case").
std::string current_test_path() {
    namespace ut = boost::unit_test;
    const ut::test_unit* unit = &ut::framework::current_test_case();
    std::string path = unit->p_name.get();
    while (unit->p_parent_id != ut::framework::master_test_suite().p_id) {
        unit = &ut::framework::get(unit->p_parent_id, ut::TUT_SUITE);
        path = unit->p_name.get() + "/" + path;
    }
    return path;
}

// In the program run again: the input named by kFirstCall is called first, and the program
// ends at once with its verdict. Returns only when this is not that program.
void answer_first_call(const std::string& function, const std::deque<Probe>& probes) {
    const char* wanted = std::getenv(kFirstCall);
    if (!wanted) return;
    for (std::size_t i = 0; i < probes.size(); ++i)
        if (first_call_key(function, i) == wanted) {
            const Result got = attempt(probes[i].call);
            std::_Exit(same_result(got, probes[i].right, probes[i].tol) ? kRightWhenFirst : kWrongWhenFirst);
        }
}

// Whether input `i` comes out right when it is the function's first call: true, false, or
// unknown (no answer within 10 s, or no program to run).
enum class FirstCall { right, wrong, unknown };
FirstCall called_first(const std::string& function, std::size_t i) {
    if (std::getenv(kFirstCall)) return FirstCall::unknown;  // already the program run again
    const auto& master = boost::unit_test::framework::master_test_suite();
    if (master.argc < 1 || !master.argv[0]) return FirstCall::unknown;
    std::vector<std::string> args = {master.argv[0], "--run_test=" + current_test_path(), "--log_level=nothing",
                                     "--report_level=no", "--catch_system_errors=no"};
    // the run's own environment, less what ties a program to the checker: the progress
    // channel (tests/check_progress.hpp) belongs to this run alone, and the run again must
    // neither write to it nor wait for the checker's answer there
    std::vector<std::string> env = {std::string(kFirstCall) + "=" + first_call_key(function, i)};
    for (char** e = environ; *e; ++e) {
        const std::string var(*e);
        if (var.rfind(std::string(kFirstCall) + "=", 0) != 0 && var.rfind("ATTN_CHECK_", 0) != 0 &&
            var.rfind("BOOST_TEST_", 0) != 0)
            env.push_back(var);
    }
    std::vector<char*> argv, envp;
    for (auto& a : args) argv.push_back(a.data());
    for (auto& e : env) envp.push_back(e.data());
    argv.push_back(nullptr);
    envp.push_back(nullptr);
    posix_spawn_file_actions_t quiet;
    posix_spawn_file_actions_init(&quiet);
    posix_spawn_file_actions_addopen(&quiet, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&quiet, 2, "/dev/null", O_WRONLY, 0);
    // the checker's log, report and progress channels (3, 4, 5), and whatever else is open
    for (int fd = 3; fd < 256; ++fd)
        if (::fcntl(fd, F_GETFD) != -1) posix_spawn_file_actions_addclose(&quiet, fd);
    pid_t pid = -1;
    const int failed = posix_spawn(&pid, argv[0], &quiet, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&quiet);
    if (failed) return FirstCall::unknown;
    int status = 0;
    for (int waited_ms = 0;; waited_ms += 5) {
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        if (done < 0) return FirstCall::unknown;
        if (waited_ms >= 10000) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            return FirstCall::unknown;
        }
        const timespec step{0, 5'000'000};
        ::nanosleep(&step, nullptr);
    }
    if (!WIFEXITED(status)) return FirstCall::unknown;
    if (WEXITSTATUS(status) == kRightWhenFirst) return FirstCall::right;
    if (WEXITSTATUS(status) == kWrongWhenFirst) return FirstCall::wrong;
    return FirstCall::unknown;
}

// The sentence for a first wrong input that comes out right as a program's first call; ""
// when it does not. Tried once per function and run, on the first wrong input of the first
// check that finds one: a value kept from the first call makes every later wrong result
// come from it, so one run of the program shows it (about 25 ms).
// `verdict`: what the run said (kept for the function's later checks in this run).
std::string right_only_when_first(const std::string& function, const std::deque<Probe>& probes,
                                  const std::vector<Result>& got, FirstCall& verdict) {
    static std::map<std::string, FirstCall> tried;
    if (const auto it = tried.find(function); it != tried.end()) {
        verdict = it->second;
        return "";
    }
    for (std::size_t i = 0; i < probes.size(); ++i) {
        if (same_result(got[i], probes[i].right, probes[i].tol)) continue;
        verdict = tried[function] = called_first(function, i);
        if (verdict != FirstCall::right) return "";
        return "called first, in a run of its own, on " + probes[i].input + " it gives the right answer, and " +
               "after the calls made before it here, another: a value set by an earlier call lives on (a static " +
               "variable set on the first call, a global, a cache), or a value is read before it is set (a " +
               "sum not started at 0, a matrix made with set_size or arma::fill::none and not filled)";
    }
    return "";
}
}  // namespace

bool results_right(const Diagnosis& d) {
    bool right = true;
    for (const Probe& p : d.probes()) {
        const Result got = attempt(p.call);
        remember(d.function(), p, got);
        if (!same_result(got, p.right, p.tol)) right = false;
    }
    return right;
}

// The words of f about its factor replaced by `words` (the rest of its text kept).
void reword_factor(Finding& f, const std::string& words) {
    const std::size_t at = f.factor_text.empty() ? std::string::npos : f.text.find(f.factor_text);
    if (at == std::string::npos) f.text = words;
    else f.text.replace(at, f.factor_text.size(), words);
    f.factor_text = words;
}

// --- refusals --------------------------------------------------------------------------

namespace {
// The functions seen in this run to refuse a bad input with an error of their own: where
// one of them lets Armadillo's error out, a check is there and its condition is the slip.
std::set<std::string>& refusing_functions() {
    static std::set<std::string> all;
    return all;
}
void note_refusals(const std::string& function, const std::deque<Probe>& probes, const std::vector<Result>& got) {
    for (std::size_t i = 0; i < probes.size(); ++i)
        if ((got[i].threw == Threw::shape_error || got[i].threw == Threw::input_error) &&
            got[i].threw == probes[i].right.threw && got[i].message.rfind(function + ":", 0) == 0)
            refusing_functions().insert(function);
}
}  // namespace

std::string expected_kind(bool wants_shape) {
    return wants_shape ? "shapes that break a rule are refused with attn::ShapeError, through require_shapes"
                       : "a bad value (NaN, infinity, a size of 0, a step out of range) is refused with attn::InputError";
}

// Which check met the input, in words ("the check 'refuses a step that is not positive'"): a
// function refuses several inputs, and the learner needs to know which one got through. The
// test's name, its underscores made spaces except inside the course's subscripted names (d_k,
// L_Q, W_q, x_t, h_prev, H_enc), which keep theirs. `input`, when given, says which of the
// check's inputs it was ("an x_t of 1x3").
std::string running_check(const std::string& input) {
    const std::string raw = boost::unit_test::framework::current_test_case().p_name.get();
    static const std::set<std::string> letters = {"d", "L", "W", "x", "h", "b", "H", "X"};
    static const std::set<std::string> subscripts = {"k", "v", "q", "o", "model", "ff", "Q", "K", "V", "t", "prev",
                                                     "1", "2", "in", "h", "enc", "dec", "start", "max", "out"};
    std::string name, word, before;
    std::istringstream parts(raw);
    bool first = true;
    while (std::getline(parts, word, '_')) {
        if (!first) name += letters.count(before) && subscripts.count(word) ? "_" : " ";
        name += word;
        before = word;
        first = false;
    }
    return "the check '" + name + "'" + (input.empty() ? "" : ", given " + input);
}

std::string judge_refusal(const Result& got, bool wants_shape, const std::string& function,
                          const std::vector<std::string>& also, const std::string& input) {
    namespace m = mistakes;
    const auto named = [&](const std::string& f) { return got.message.rfind(f + ":", 0) == 0; };
    const bool learners_text = named(function) || std::any_of(also.begin(), also.end(), named);
    const std::string check = running_check(input);
    switch (got.threw) {
        case Threw::nothing:
            report(wants_shape ? m::shape_rule_not_checked : m::bad_input_accepted, check);
            return "";
        case Threw::armadillo_size:
        case Threw::armadillo_index:
            // a message that starts with the function's name is the learner's own check,
            // thrown as one of the standard library's errors (std::out_of_range, ...)
            if (learners_text)
                report(m::refused_with_the_other_error,
                       got.type + " (" + got.message + ") in " + check + "; " + expected_kind(wants_shape));
            else if (refusing_functions().count(function))
                report(m::shape_check_left_to_armadillo,
                       got.message + ", in " + check + ". " + function + " refuses other bad input with a check of "
                           "its own, so a check is there and its condition let this input through: compare the "
                           "condition with the rule this input breaks (n_rows where n_cols belongs, one matrix read "
                           "for another, < for <=, a part left out of a loop)");
            else
                report(m::shape_check_left_to_armadillo,
                       got.message + ", in " + check + ". Check the input first, before any product, sum or slice, "
                           "and throw the course's error naming the rule and both shapes (require_shapes for shapes, "
                           "attn::InputError for the rest); if your function has such a check, its condition let "
                           "this input through: compare it with the rule, each size the rule names (a size compared "
                           "twice, n_rows where n_cols belongs, one matrix read for another, a loop over the parts "
                           "that stops one short)");
            return "";
        case Threw::shape_error:
        case Threw::input_error: {
            const bool right_kind = (got.threw == Threw::shape_error) == wants_shape;
            if (!right_kind) {
                // a shape check where only a value is bad: the right kind of error for a
                // different rule, or a rule of the learner's that is not the contract's
                const std::string or_rule = got.threw == Threw::shape_error
                                                ? " (if that shape check of yours fires on shapes that keep every rule "
                                                  "of the contract, the check itself is the slip)"
                                                : "";
                report(m::refused_with_the_other_error,
                       got.type + " (" + got.message + ") in " + check + "; " + expected_kind(wants_shape) + or_rule);
                return "";
            }
            if (!learners_text) {
                const std::string other = got.message.substr(0, got.message.find(':'));
                report(m::refused_under_another_name, "'" + other + "', not " + function + ", in " + check);
                return "";  // said: its message is the other function's
            }
            refusing_functions().insert(function);
            return got.message;
        }
        case Threw::other:
            report(m::refused_with_the_other_error,
                   got.type + " (" + got.message + ") in " + check + "; " + expected_kind(wants_shape));
            return "";
    }
    return "";
}

void refusal_variants(Probe& p, const Result& right, bool refused) {
    namespace m = mistakes;
    p.variant(m::shape_rule_not_checked, Result{});
    p.variant(m::refused_with_the_other_error, refused ? Result::throws(Threw::input_error) : right,
              "attn::InputError; " + expected_kind(true));
    p.variant(m::refused_with_the_other_error, refused ? Result::throws(Threw::other) : right,
              "not attn::ShapeError; " + expected_kind(true));
}

namespace {
// The matrices a message gives, in order: each shape ("3x4") with the name before it ("X",
// "part 0"); words that are no name ("got", "and") give the shape a name of "".
std::vector<std::pair<std::string, std::string>> matrices_in(const std::string& msg) {
    static const std::regex pair(R"(([A-Za-z_][A-Za-z0-9_]*(?: [0-9]+)?) ([0-9]+x[0-9]+)\b)");
    static const std::set<std::string> words = {"got", "and", "of", "with", "is", "the", "vs", "but", "for", "to", "not"};
    std::vector<std::pair<std::string, std::string>> out;
    for (auto it = std::sregex_iterator(msg.begin(), msg.end(), pair); it != std::sregex_iterator(); ++it) {
        std::string name = (*it)[1];
        const auto space = name.find(' ');
        if (words.count(name.substr(0, space))) name = "";  // "got 3x4", or "and 2" before a shape
        out.emplace_back(name, (*it)[2]);
    }
    return out;
}
}  // namespace

bool message_names(const std::string& msg, const std::vector<std::string>& named, const std::string& what,
                   bool in_order) {
    // "H_enc 4x3", or a shape alone ("4x3": under any name)
    std::vector<std::pair<std::string, std::string>> want;
    for (const std::string& n : named) {
        const auto space = n.rfind(' ');
        want.emplace_back(space == std::string::npos ? "" : n.substr(0, space), n.substr(space == std::string::npos ? 0 : space + 1));
    }
    const auto got = matrices_in(msg);
    auto is = [](const std::pair<std::string, std::string>& g, const std::pair<std::string, std::string>& w) {
        return g.second == w.second && (w.first.empty() || g.first == w.first);
    };
    auto position = [&](const std::pair<std::string, std::string>& w) {
        return std::find_if(got.begin(), got.end(), [&](const auto& g) { return is(g, w); }) - got.begin();
    };
    auto wanted = [&](const std::pair<std::string, std::string>& g) {
        return std::any_of(want.begin(), want.end(), [&](const auto& w) { return is(g, w); });
    };
    bool all = true, ordered = true;
    for (std::size_t i = 0; i < want.size(); ++i) {
        all = all && static_cast<std::size_t>(position(want[i])) < got.size();
        if (i > 0) ordered = ordered && position(want[i - 1]) < position(want[i]);
    }
    if (all && (ordered || !in_order)) return true;
    std::string should;
    for (const std::string& n : named) should += (should.empty() ? "" : " and ") + n;
    const bool named_ones = std::none_of(got.begin(), got.end(), [](const auto& g) { return g.first.empty(); });
    // what stands in place of each missing matrix: its shape under another name, its name
    // with another shape, or (as many matrices as asked for) the matrix at its place
    std::string detail;
    bool placed = named_ones && !got.empty();
    if (all) {
        detail = got[0].first + " " + got[0].second + " first, where the contract's message gives " + should +
                 " in that order (the pairs handed to require_shapes, in the other order)";
    } else {
        for (std::size_t i = 0; i < want.size() && placed; ++i) {
            if (static_cast<std::size_t>(position(want[i])) < got.size()) continue;
            auto same_shape = std::find_if(got.begin(), got.end(),
                                           [&](const auto& g) { return g.second == want[i].second && !wanted(g); });
            auto same_name = std::find_if(got.begin(), got.end(), [&](const auto& g) {
                return !want[i].first.empty() && g.first == want[i].first && !wanted(g);
            });
            // as many matrices as asked for: the one the message gives that is none of those
            // asked for (where one is), else the one at this place
            const std::pair<std::string, std::string>* other = nullptr;
            if (got.size() == want.size()) {
                std::size_t others = 0;
                for (const auto& g : got)
                    if (!wanted(g)) other = &g, ++others;
                if (others != 1) other = wanted(got[i]) ? nullptr : &got[i];
            }
            const std::pair<std::string, std::string>* in_place = same_shape != got.end()  ? &*same_shape
                                                                  : same_name != got.end() ? &*same_name
                                                                                           : other;
            if (!in_place) {
                placed = false;
                break;
            }
            const std::string belongs = want[i].first.empty() ? "a matrix " + want[i].second : want[i].first + " " + want[i].second;
            detail += std::string(detail.empty() ? "" : ", and ") + in_place->first + " " + in_place->second + " where " +
                      belongs + " belongs";
            if (same_shape != got.end()) detail += " (its shape, under another name)";
            else if (same_name != got.end()) detail += " (its name, with another shape)";
        }
    }
    if (placed) {
        // said as a mistake of its own only where nothing was named before: a check that looks
        // at the wrong matrices (named already) shows them in its message too
        if (named_so_far == 0) report(mistakes::refusal_names_another_matrix, detail + ", for " + what);
        else BOOST_ERROR(what + ": the message gives " + detail + "; it should give " + should + "; got '" + msg + "'");
        return false;
    }
    BOOST_ERROR(what + ": the message should give " + should + (in_order && named.size() > 1 ? ", in that order" : "") +
                "; got '" + msg + "'");
    return false;
}

bool message_names_one_of(const std::string& msg, const std::vector<std::vector<std::string>>& alternatives,
                          const std::string& what) {
    const auto got = matrices_in(msg);
    for (const auto& named : alternatives) {
        bool all = true;
        for (const std::string& n : named) {
            const auto space = n.rfind(' ');
            const std::string name = n.substr(0, space), size = n.substr(space + 1);
            all = all && std::any_of(got.begin(), got.end(), [&](const auto& g) { return g.first == name && g.second == size; });
        }
        if (all) return true;
    }
    return message_names(msg, alternatives.at(0), what, false);
}

void report_bad_input_accepted(const std::string& detail) { report(mistakes::bad_input_accepted, detail); }

namespace {

// A mistake with its detail: what the learner is told.
constexpr char kSep = '\x1f';  // between the parts of a key: no label or detail holds it
std::string key_of(const Variant& v) { return std::string(v.mistake->id) + kSep + v.detail; }
// One way of making it: the same label on every input is the same wrong body.
std::string way_of(const Variant& v) { return key_of(v) + kSep + v.how; }
std::string id_of(const std::string& key) { return key.substr(0, key.find(kSep)); }
std::string how_of(const std::string& way) { return way.substr(way.rfind(kSep) + 1); }
// The relations of relations.hpp (result_*): a fact about the numbers, true of any body that gives them.
bool is_relation(const Mistake& m) { return std::string(m.id).rfind("result_", 0) == 0; }

// A check of the suite's own declarations: a mistake named for an exercise must be
// declared for it in the catalogue (so the catalogue says where each one applies).
void require_declared(const std::string& exercise, const std::deque<Probe>& probes) {
    std::set<std::string> told;
    for (const Probe& p : probes)
        for (const Variant& v : p.variants)
            if (!v.mistake->applies_to(exercise) && told.insert(v.mistake->id).second)
                BOOST_ERROR("the test's own declarations: mistake " << v.mistake->id << " is used for exercise "
                                                                    << exercise << ", which its ATTN_MISTAKE "
                                                                    << "in tests/catalogue/ does not list");
}

// The rows (by_cols: the columns) of got where it gives v's numbers and not the right
// ones, when every row of every part is either the right one or v's; nothing otherwise
// (a throw, another shape, a row that is neither, a part whose rows have no name).
std::optional<std::vector<arma::uword>> lines_of_variant(const Result& got, const Result& right, const Variant& v,
                                                         bool by_cols, double tol) {
    const Result& r = v.result;
    if (v.fits || !v.alone || got.threw != Threw::nothing || right.threw != Threw::nothing ||
        r.threw != Threw::nothing || got.parts.size() != right.parts.size() || r.parts.size() != right.parts.size())
        return std::nullopt;
    std::set<arma::uword> lines;
    for (std::size_t k = 0; k < right.parts.size(); ++k) {
        const Part& y = right.parts[k];
        const Part* g = got.part(y.name);
        const Part* w = r.part(y.name);
        const std::string& word = by_cols ? y.axes.cols : y.axes.rows;
        if (!g || !w || word.empty() || y.axes.sequence || y.axes.count) return std::nullopt;
        if (arma::size(g->value) != arma::size(y.value) || arma::size(w->value) != arma::size(y.value)) return std::nullopt;
        const arma::uword n = by_cols ? y.value.n_cols : y.value.n_rows;
        for (arma::uword i = 0; i < n; ++i) {
            const arma::mat gi = by_cols ? arma::mat(g->value.col(i)) : arma::mat(g->value.row(i));
            const arma::mat yi = by_cols ? arma::mat(y.value.col(i)) : arma::mat(y.value.row(i));
            const arma::mat wi = by_cols ? arma::mat(w->value.col(i)) : arma::mat(w->value.row(i));
            if (agree(gi, yi, tol)) continue;
            if (!agree(gi, wi, tol)) return std::nullopt;
            lines.insert(i);
        }
    }
    return std::vector<arma::uword>(lines.begin(), lines.end());
}

// The rows (by_cols: columns) where v differs from the right result, in any part.
std::size_t lines_where_variant_differs(const Result& right, const Variant& v, bool by_cols, double tol) {
    std::size_t n = 0;
    for (const Part& y : right.parts) {
        const Part* w = v.result.part(y.name);
        if (!w || arma::size(w->value) != arma::size(y.value)) continue;
        const arma::uword lines = by_cols ? y.value.n_cols : y.value.n_rows;
        std::size_t here = 0;
        for (arma::uword i = 0; i < lines; ++i)
            here += agree(by_cols ? arma::mat(w->value.col(i)) : arma::mat(w->value.row(i)),
                          by_cols ? arma::mat(y.value.col(i)) : arma::mat(y.value.row(i)), tol)
                        ? 0
                        : 1;
        n = std::max(n, here);
    }
    return n;
}

}  // namespace

Finding Diagnosis::explain(const std::vector<Result>& got) const {
    std::vector<bool> wrong(probes_.size());
    std::size_t n_wrong = 0;
    for (std::size_t i = 0; i < probes_.size(); ++i)
        n_wrong += (wrong[i] = !same_result(got[i], probes_[i].right, probes_[i].tol)) ? 1 : 0;
    if (n_wrong == 0) return Finding{nullptr, "", "", {}, "", 0};

    // 1. the catalogue: a mistake explains the results when, on every input where it is
    //    declared, one of its variants reproduces a wrong result, or (where the learner is
    //    right) one of them gives the right result too; and it explains one at least.
    struct Tally {
        const Variant* any = nullptr;
        bool explains = false, contradicted = false, by_numbers = false;
        std::string refused;  // guarded: the learner's own refusal that stood for Armadillo's
    };
    // `guarded`: a variant where Armadillo refuses the operands also stands for the learner's
    // own refusal of that valid input (a check written to fit the wrong formula), for a way
    // whose numbers reproduce a wrong result elsewhere
    const std::string own = function_ + ":";
    auto fitting_ways = [&](bool guarded) {
        std::map<std::string, Tally> tally;
        for (std::size_t i = 0; i < probes_.size(); ++i) {
            const Probe& p = probes_[i];
            const bool own_refusal = guarded && p.right.threw == Threw::nothing &&
                                     (got[i].threw == Threw::shape_error || got[i].threw == Threw::input_error) &&
                                     got[i].message.rfind(own, 0) == 0;
            std::map<std::string, std::array<bool, 4>> here;  // way -> (reproduces got, gives right, by numbers, guarded)
            for (const Variant& v : p.variants) {
                auto& h = here[way_of(v)];
                const bool armadillo = v.result.threw == Threw::armadillo_size || v.result.threw == Threw::armadillo_index;
                const bool same = v.reproduces(got[i]);
                h[0] = h[0] || same || (own_refusal && armadillo);
                h[1] = h[1] || v.reproduces(p.right);
                h[2] = h[2] || (same && got[i].threw == Threw::nothing);
                h[3] = h[3] || (!same && own_refusal && armadillo);
                if (!tally[way_of(v)].any) tally[way_of(v)].any = &v;
            }
            for (const auto& [key, h] : here) {
                Tally& t = tally[key];
                if (wrong[i]) {
                    if (h[0] && !h[1]) t.explains = true;
                    else t.contradicted = true;
                    t.by_numbers = t.by_numbers || h[2];
                    if (h[3] && t.refused.empty()) t.refused = got[i].message;
                } else if (!h[1]) {
                    t.contradicted = true;
                }
            }
        }
        std::vector<std::pair<const Variant*, std::string>> fit;
        for (const auto& [way, t] : tally)
            if (t.explains && !t.contradicted && (!guarded || (t.by_numbers && !t.refused.empty())))
                fit.push_back({t.any, t.refused});
        return fit;
    };
    auto fit_of = fitting_ways(false);
    if (fit_of.empty()) fit_of = fitting_ways(true);
    std::vector<const Variant*> fit;
    std::set<std::string> fitting;  // mistakes with their details
    for (const auto& [v, refused] : fit_of) fit.push_back(v), fitting.insert(key_of(*v));
    if (fitting.size() == 1) {
        std::string text = sentence(*fit[0]->mistake, fit[0]->detail);
        if (!fit_of[0].second.empty())
            text += "; where that formula's operands do not fit, a check of your own, written to fit it, refused "
                    "input the contract accepts (it threw: " + fit_of[0].second + ")";
        return Finding{fit[0]->mistake, key_of(*fit[0]), text, {}, "", 0};
    }

    // 2. the relations, when nothing of the catalogue fits: the same one on every wrong input
    if (fit.empty()) {
        std::map<std::string, Finding> common;
        bool first = true;
        const Probe* named_on = nullptr;
        for (std::size_t i = 0; i < probes_.size(); ++i) {
            if (!wrong[i]) continue;
            const Probe& p = probes_[i];
            std::map<std::string, Finding> here;
            for (const Finding& f : relations_between(got[i], p.right, p.quantities, p.terms, p.tol, function_)) here.emplace(f.key, f);
            if (first) {
                common = here;
                named_on = &p;
            } else {
                for (auto it = common.begin(); it != common.end();) {
                    const auto there = here.find(it->first);
                    if (there == here.end()) {
                        it = common.erase(it);
                        continue;
                    }
                    // a factor's names: only those it has on every input
                    std::vector<std::string> kept;
                    for (const auto& n : it->second.factor_names)
                        if (std::find(there->second.factor_names.begin(), there->second.factor_names.end(), n) !=
                            there->second.factor_names.end())
                            kept.push_back(n);
                    if (!it->second.factor_names.empty() && kept.empty()) {
                        // a factor with another value on each input: the scale holds, unnamed
                        reword_factor(it->second, scaled_sentence(it->second.part, it->second.factor, "", ""));
                    }
                    it->second.factor_names = kept;
                    // an alternative the first input only allowed: the words of an input that shows it
                    if (it->second.implied && !there->second.implied) it->second.text = there->second.text;
                    it->second.implied = it->second.implied && there->second.implied;
                    ++it;
                }
            }
            first = false;
        }
        if (common.size() > 1)
            for (auto it = common.begin(); it != common.end();) it = it->second.implied ? common.erase(it) : std::next(it);
        if (common.size() == 1) {
            Finding f = common.begin()->second;
            // past the end only where the right result is empty: a bound n - 1 with n = 0
            bool only_empty = true;
            for (std::size_t i = 0; i < probes_.size() && only_empty; ++i) {
                if (!wrong[i]) continue;
                bool empty = false;
                for (const Part& q : probes_[i].right.parts) empty = empty || q.value.n_elem == 0;
                only_empty = empty;
            }
            if (only_empty) reword_past_the_end_of_nothing(f);
            if (f.factor_names.size() == 1 && named_on)  // narrowed to one name: say it
                reword_factor(f, scaled_sentence(f.part, f.factor, f.factor_names[0],
                                                 inverse_name(f.factor_names[0], f.factor, named_on->quantities)));
            return f;
        }
    }

    // 2b. a mistake of the catalogue made on some rows (or columns) only: every wrong result
    //     has, row by row, either the right numbers or one variant's of that mistake, and on
    //     some input the variant's rows are fewer than all it changes (a loop over the rows
    //     that stops one short, starts one late, or treats some rows apart). Named when one
    //     mistake fits so, on one axis.
    if (fit.empty()) {
        std::map<std::string, std::pair<const Variant*, std::vector<arma::uword>>> found;  // key -> (variant, lines)
        bool on_cols = false;  // the axis the first fitting key was found on
        for (bool by_cols : {false, true}) {
            std::map<std::string, std::pair<const Variant*, std::vector<arma::uword>>> here_all;
            std::map<std::string, int> holds;  // wrong inputs a key fits on
            std::set<std::string> fewer;       // keys that leave out some rows they change, on some input
            int n_wrong_seen = 0;
            for (std::size_t i = 0; i < probes_.size(); ++i) {
                if (!wrong[i]) continue;
                ++n_wrong_seen;
                std::set<std::string> fitted;
                for (const Variant& v : probes_[i].variants) {
                    const std::string key = key_of(v);
                    if (fitted.count(key)) continue;
                    const auto lines = lines_of_variant(got[i], probes_[i].right, v, by_cols, probes_[i].tol);
                    if (!lines || lines->empty()) continue;
                    fitted.insert(key);
                    if (lines->size() < lines_where_variant_differs(probes_[i].right, v, by_cols, probes_[i].tol))
                        fewer.insert(key);
                    if (!here_all.count(key)) here_all[key] = {&v, *lines};
                }
                for (const auto& k : fitted) ++holds[k];
            }
            for (const auto& [key, count] : holds)
                if (count == n_wrong_seen && fewer.count(key) && !found.count(key)) {
                    if (found.empty()) on_cols = by_cols;
                    found[key] = here_all[key];
                }
        }
        if (found.size() == 1) {
            const auto& [v, lines] = found.begin()->second;
            std::size_t at = 0;  // the first wrong input, where the lines were counted
            while (!wrong[at]) ++at;
            const Part& y = probes_[at].right.parts.front();
            const std::string word = on_cols ? y.axes.cols : y.axes.rows;
            const arma::uword n = on_cols ? y.value.n_cols : y.value.n_rows;
            const std::string many = plural(word);
            std::string text = "on some " + many + " only: " + sentence(*v->mistake, v->detail) + ". It shows " +
                               which("for", word, lines, n, on_cols ? y.axes.cols_from : 0) + " on " +
                               probes_[at].input + ", and the other " + many +
                               " are right, so the slip is in what sets those " + many +
                               " apart: a loop that stops one short or starts one late (<= for <, a start at 1), "
                               "or a test that picks them";
            Finding f{v->mistake, key_of(*v) + kSep + "some lines", text, {}, "", 0};
            f.on_some_lines = true;
            return f;
        }
    }

    // 3. where the first wrong result differs
    for (std::size_t i = 0; i < probes_.size(); ++i) {
        if (!wrong[i]) continue;
        const Probe& p = probes_[i];
        std::string text = "on " + p.input + ": " + describe_outcome(got[i], p.right, p.tol, p.regions);
        if (probes_.size() > 1)
            text += " (wrong on " + std::to_string(n_wrong) + " of the " + std::to_string(probes_.size()) + " inputs of this check)";
        return Finding{nullptr, "", text, {}, "", 0};
    }
    return Finding{nullptr, "", "", {}, "", 0};
}

void Diagnosis::judge() const {
    require_declared(exercise_, probes_);
    answer_first_call(function_, probes_);
    std::vector<Result> got;
    for (const Probe& p : probes_) got.push_back(attempt(p.call));
    note_refusals(function_, probes_, got);
    const Finding f = explain(got);
    if (f.text.empty()) {
        // right every time, and the same when called again (a sum kept from call to call
        // shows only then)
        for (std::size_t i = 0; i < probes_.size(); ++i) {
            const std::string before = kept_from_before(function_, probes_[i], got[i], called_again(probes_[i], got[i]), false);
            if (!before.empty()) return report(mistakes::result_kept_from_an_earlier_call, before);
            remember(function_, probes_[i], got[i]);
        }
        BOOST_TEST(true);
        return;
    }
    // a result that hangs on the calls before it (each input called a second time),
    // unless a mistake of the catalogue explains the results by themselves
    const bool by_themselves = f.mistake && !is_relation(*f.mistake) && !f.on_some_lines;
    std::vector<Result> again(probes_.size());
    for (std::size_t i = 0; i < probes_.size(); ++i) {
        again[i] = by_themselves ? got[i] : called_again(probes_[i], got[i]);
        const std::string before = kept_from_before(function_, probes_[i], got[i], again[i], false);
        if (!before.empty()) return report(mistakes::result_kept_from_an_earlier_call, before);
    }
    // a first wrong input that comes out right as a program's first call, where no mistake
    // of the catalogue explains the numbers: the function hangs on what ran before it. A
    // wrong result that is an earlier input's right answer counts as that only where the
    // first call could not be run (a wrong answer can be another input's right one by
    // itself, where answers are few: token sequences, shapes)
    if (!by_themselves) {
        FirstCall verdict = FirstCall::unknown;
        const std::string first = right_only_when_first(function_, probes_, got, verdict);
        if (!first.empty()) return report(mistakes::result_kept_from_an_earlier_call, first);
        for (std::size_t i = 0; i < probes_.size() && verdict == FirstCall::unknown; ++i) {
            const std::string before = kept_from_before(function_, probes_[i], got[i], again[i], !f.mistake);
            if (!before.empty()) return report(mistakes::result_kept_from_an_earlier_call, before);
        }
    }
    for (std::size_t i = 0; i < probes_.size(); ++i) remember(function_, probes_[i], got[i]);
    if (!by_themselves && reported_another_inputs_answer(*this, got)) return;
    if (f.mistake) report_finding(f);
    else BOOST_ERROR(f.text);
}

void judge_answers(const Diagnosis& d, const std::string& question, const std::string& why,
                   const std::function<std::string(const arma::mat&)>& said) {
    std::vector<Result> got;
    for (const Probe& p : d.probes()) got.push_back(attempt(p.call));
    const Finding f = d.explain(got);
    if (f.text.empty()) {
        BOOST_TEST(true);
        return;
    }
    if (f.mistake && !is_relation(*f.mistake)) return report_finding(f);
    if (reported_another_inputs_answer(d, got)) return;
    const auto words = [&](const arma::mat& a) { return said ? said(a) : show(a(0)); };
    std::string text;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const Probe& p = d.probes()[i];
        if (same_result(got[i], p.right, p.tol)) continue;
        text += (text.empty() ? "" : "; ") + p.input + ": ";
        if (got[i].threw != Threw::nothing) text += "your function threw " + got[i].type + ": " + got[i].message;
        else text += "you answered " + words(got[i].parts.at(0).value) + ", the answer is " + words(p.right.parts.at(0).value);
    }
    BOOST_ERROR(question << ": " << text << " (" << why << ")");
}

bool reported_another_inputs_answer(const Diagnosis& d, const std::vector<Result>& got) {
    const std::deque<Probe>& probes = d.probes();
    for (std::size_t j = 0; j < probes.size(); ++j) {
        if (!same_result(got[j], probes[j].right, probes[j].tol)) continue;  // an input the learner gets right
        // an answer that is right for two inputs or more (a yes or a no, a count) says nothing
        // of where it came from
        bool shared = false;
        for (std::size_t k = 0; k < probes.size() && !shared; ++k)
            shared = k != j && probes[k].right.threw == Threw::nothing &&
                     same_result(probes[k].right, probes[j].right, probes[j].tol);
        if (shared) continue;
        std::vector<std::size_t> wrong;
        bool all = true;
        for (std::size_t i = 0; i < probes.size() && all; ++i) {
            if (same_result(got[i], probes[i].right, probes[i].tol)) continue;
            all = got[i].threw == Threw::nothing && same_result(got[i], probes[j].right, probes[j].tol);
            wrong.push_back(i);
        }
        // one answer for two inputs at least, none of them an input of no entries (whose
        // wrong answers, a 1x1 of a guard, are their own): one wrong answer can be another
        // input's right one by chance, where answers are few
        if (!all || wrong.size() < 2) continue;
        if (std::any_of(wrong.begin(), wrong.end(), [&](std::size_t i) { return entries_of(probes[i].right) == 0; }))
            continue;
        std::string on = probes[wrong[0]].input;
        if (wrong.size() > 1) on += " (and " + std::to_string(wrong.size() - 1) + " other input" + (wrong.size() > 2 ? "s" : "") + ")";
        report(mistakes::result_another_inputs_answer,
               "on " + on + ", the answer is exactly the right one for " + probes[j].input);
        return true;
    }
    return false;
}

void Diagnosis::require_distinguishable() const {
    require_declared(exercise_, probes_);
    BOOST_TEST(!probes_.empty(), exercise_ << ": no input was declared");
    // each input's variants by way, and each mistake's ways: built once, since the checks
    // below compare every way with every other on every input
    std::vector<std::map<std::string, std::vector<const Variant*>>> by_way(probes_.size());
    std::map<std::string, std::set<std::string>> ways_of_key;
    for (std::size_t i = 0; i < probes_.size(); ++i)
        for (const Variant& v : probes_[i].variants) {
            by_way[i][way_of(v)].push_back(&v);
            ways_of_key[key_of(v)].insert(way_of(v));
        }
    // every way of every mistake shows somewhere
    std::map<std::string, bool> shows;
    for (std::size_t i = 0; i < probes_.size(); ++i)
        for (const auto& [way, vs] : by_way[i])
            for (const Variant* v : vs) shows[way] = shows[way] || !v->reproduces(probes_[i].right);
    for (const auto& [way, s] : shows)
        BOOST_TEST(s, exercise_ << ": the mistake " << id_of(way) << " (" << how_of(way)
                                << ") gives the right result on every input: it can never be named");
    // each way, made alone, is named as its own mistake: on some input where both are
    // declared, no variant of any other mistake gives what this way gives (that mistake
    // is then ruled out), and judging what it gives names it
    const auto first_of = [&](std::size_t i, const std::string& way) -> const std::vector<const Variant*>* {
        const auto it = by_way[i].find(way);
        return it == by_way[i].end() ? nullptr : &it->second;
    };
    for (const auto& [way, s] : shows) {
        const std::string key = way.substr(0, way.rfind(kSep));
        std::vector<Result> as_if;
        const Variant* one = nullptr;
        for (std::size_t i = 0; i < probes_.size(); ++i) {
            const auto* vs = first_of(i, way);
            const Variant* v = vs ? vs->front() : nullptr;
            as_if.push_back(v ? v->result : probes_[i].right);
            one = one ? one : v;
        }
        const Finding f = explain(as_if);
        if (!one->alone) {
            BOOST_TEST((f.mistake == nullptr || f.mistake == one->mistake || is_relation(*f.mistake)),
                       exercise_ << ": what the combination " << one->mistake->id << " (" << one->how
                                 << ") gives is named as another mistake, '" << (f.mistake ? f.mistake->id : "")
                                 << "': " << f.text);
            continue;
        }
        for (const auto& [other, other_ways] : ways_of_key) {
            if (other == key) continue;
            // every way of the other mistake is ruled out on some input where both are declared
            for (const std::string& theirs : other_ways) {
                bool ruled_out = false;
                for (std::size_t i = 0; i < probes_.size() && !ruled_out; ++i) {
                    const auto* mine_all = first_of(i, way);
                    const auto* their_all = first_of(i, theirs);
                    if (!mine_all || !their_all) continue;
                    const Variant* mine = mine_all->front();
                    bool reproduces = false;
                    for (const Variant* x : *their_all) {
                        const double tol = 1000 * std::max(x->tol, mine->tol);
                        reproduces = reproduces || same_result(mine->result, x->result, tol) ||
                                     x->reproduces(mine->result) || mine->reproduces(x->result);
                    }
                    ruled_out = !reproduces;
                }
                BOOST_TEST(ruled_out, exercise_ << ": no input tells " << id_of(way) << " ("
                                                << how_of(way) << ") from " << id_of(other) << " ("
                                                << how_of(theirs)
                                                << ") (on every input where both are declared, the second can give "
                                                   "what the first gives)");
            }
        }
        BOOST_TEST((f.mistake == one->mistake), exercise_ << ": what the variant of " << one->mistake->id << " ("
                                                          << one->how << ") gives is named '"
                                                          << (f.mistake ? f.mistake->id : "nothing") << "': " << f.text);
    }
    // the reference is named as nothing
    std::vector<Result> right;
    for (const Probe& p : probes_) right.push_back(p.right);
    BOOST_TEST(explain(right).text.empty(), exercise_ << ": the right results are not judged right");
}

}  // namespace attn_test
