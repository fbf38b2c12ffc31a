// diagnosis.hpp: naming a learner's mistake from what it does to the numbers.
//
// An exercise's test gathers a few inputs, each a Probe: the learner's function on
// that input (a call), the right result (computed here by loops, never by the code
// under test), and what each natural wrong version gives there (variants, each a
// mistake of the catalogue). Diagnosis::judge() runs every call and
//
//   1. names the mistake of the catalogue whose variants reproduce every wrong result
//      (and that gives the right result wherever the learner's is right) when exactly
//      one mistake does;
//   2. otherwise names the relation (tests/support/relations.hpp) that holds between
//      the learner's result and the right one on every wrong input, when exactly one
//      does: transposed, negated, scaled by a named quantity, shifted by one, a term
//      missing, inf or NaN where the answer is finite, ...;
//   2b. otherwise names the mistake of the catalogue whose variant gives the wrong
//      results on some rows (or columns) and the right ones on the others, when one does
//      (a loop over the queries that stops one short), with the rows it touched;
//   3. otherwise says where the first wrong result differs, in the learner's words
//      (query 2, key 0; head 1's columns; from position 3 on).
//
// A name is given only when exactly one candidate fits; require_distinguishable() is
// the suite's proof that the inputs tell every two declared mistakes apart.
#pragma once

#include <armadillo>
#include <deque>
#include <functional>
#include <string>
#include <typeinfo>
#include <vector>

#include "catalogue/all.hpp"
#include "core/errors.hpp"
#include "support/compare.hpp"

namespace attn_test {

// --- what a call gave -------------------------------------------------------------

// What kind of error a call threw (nothing, the course's own, or Armadillo's).
enum class Threw { nothing, shape_error, input_error, armadillo_size, armadillo_index, other };
const char* threw_name(Threw t);

// One named matrix of a result ("A", "dQ", "W after 3 steps").
struct Part {
    std::string name;
    arma::mat value;
    Axes axes;
};

// What one call gave: its numbers, in one or more named parts, or what it threw.
struct Result {
    std::vector<Part> parts;
    Threw threw = Threw::nothing;
    std::string type;     // the thrown object's C++ type
    std::string message;  // its what(); for a variant, a text the message must contain

    Result& add(std::string name, arma::mat value, Axes ax = {});
    const Part* part(const std::string& name) const;
    // A variant that throws: an error of kind t whose message contains `needle`.
    static Result throws(Threw t, std::string needle = "");
};
Result result(std::string name, arma::mat value, Axes ax = {});
Result number(std::string name, double x);
Result tokens(std::string name, const std::vector<arma::uword>& t);

// Runs f (which returns a Result); an exception other than attn::NotImplemented (an
// untouched stub must still fail with "not implemented yet") becomes the Result's throw.
Result attempt(const std::function<Result()>& f);

// For an input the contract accepts, whose result a test looks at next (often an edge: no
// rows, no keys, a single query): when the call threw, fails the current test with what
// threw, named as a diagnosis names it (the learner's own check refusing valid input, a
// function the code called, Armadillo), and returns true. `input` says what was given;
// `function`: the name the learner's own errors start with.
bool refused_valid_input(const Result& got, const std::string& function, const std::string& input);

// For an input the contract accepts that gives a result of a known shape (often one of no
// rows or no columns): "" when `got` threw nothing and its part `name` is n_rows x n_cols;
// otherwise what came instead, in words ("A 3x0", or the error's type and message). Where
// the right shape is empty and the part came back in another one, that is also named
// (an empty result of the wrong shape, or transposed), unless a mistake was named earlier
// in the run.
std::string unless_shape(const Result& got, const std::string& name, arma::uword n_rows, arma::uword n_cols);

// The one comparison of results: the same throw (kind and needle), or the same parts
// agreeing within tol.
bool same_result(const Result& got, const Result& want, double tol = kTol);

// The learner's result against the right one, in words ("" when they agree): each
// wrong part with describe_difference, or what was thrown, with its type.
std::string describe_outcome(const Result& got, const Result& want, double tol = kTol,
                             const std::vector<Region>& regions = {});

// --- naming -------------------------------------------------------------------------

// A quantity in play on an input ("d_k", 4): a result scaled by sqrt(d_k), or by
// d_k / d_model, is named by it.
struct Quantity {
    std::string name;
    double value;
};
// A term the contract can compute ("the residual X", in part "Y"): a result that lacks
// it, or has it twice, is named by it.
struct Term {
    std::string name;
    std::string part;
    arma::mat value;
};

// One natural wrong version of the exercise and what it gives on a probe's input.
struct Variant {
    const Mistake* mistake;
    Result result;
    std::string detail;  // for a mistake whose sentence has "{}": what fills it in
    double tol = kTol;
    std::function<bool(const Result&)> fits;  // when set: which results count as this variant
    std::string how;  // which way of making the mistake, when it has several ("shift max(S), sum(E)"):
                      // the same label on every input is the same wrong body; "" matches any
    bool alone = true;  // one slip alone; false: a combination of slips, which may be named as
                        // one of them or as nothing, but never as another mistake

    bool reproduces(const Result& got) const { return fits ? fits(got) : same_result(got, result, tol); }
};

struct Probe {
    std::string input;  // what the input is, for the messages ("4x5 scores, a row near 1000")
    std::function<Result()> call;
    Result right;
    double tol = kTol;  // how closely the learner's result must agree with the right one
    std::vector<Variant> variants;
    std::vector<Quantity> quantities;
    std::vector<Term> terms;
    std::vector<Region> regions;

    Probe& variant(const Mistake& m, Result r, std::string detail = "", double tol = kTol);
    // The right computation on another input than the call's ("x_0 given to every step"):
    // `which` says what it was given; a variant of the mistake the catalogue keeps for every
    // exercise's other input (tests/catalogue/common.hpp), named in diagnosis.cpp alone.
    Probe& on_other_input(Result r, std::string which);
    // A variant whose numbers depend on a constant the learner picks (-1e9, -1e30):
    // `fits` says which results count as it, `example` is one of them.
    Probe& variant_fitting(const Mistake& m, Result example, std::function<bool(const Result&)> fits,
                           std::string detail = "");
    // Labels the variant added last: which of the mistake's ways it is (see Variant::how).
    Probe& labelled(std::string how);
    // Marks the variant added last as a combination of slips (see Variant::alone).
    Probe& combined();
    Probe& quantity(std::string name, double value);
    Probe& term(std::string name, std::string part, arma::mat value);
    Probe& region(std::string name, std::string part, arma::umat where);
};

// A finding: a mistake (of the catalogue, or a relation) and the sentence the learner reads.
struct Finding {
    const Mistake* mistake;
    std::string key;   // equal keys on two inputs: the same explanation
    std::string text;
    // A scale by a quantity in play: the names its value has on this input (two
    // quantities may share a value here and differ on another input), to be narrowed
    // to one across the inputs; the text is then written for that one.
    std::vector<std::string> factor_names;
    std::string part;
    double factor = 0;
    // the words about that factor within text (all of it, or one part's in a result of
    // several parts), which are written again once the factor's name is known
    std::string factor_text = std::string();
    // Said only where nothing else is: a finding that another one on the same input may
    // explain (a result of zeros is also one of whole numbers). Dropped where it is that
    // on every input and another finding holds on all of them.
    bool implied = false;
    // A mistake of the catalogue seen on some rows (or columns) only: a fact about those
    // rows, which a result kept from an earlier call could also give.
    bool on_some_lines = false;
};

class Diagnosis {
public:
    // `exercise`: the exercise whose mistakes this names; every variant's mistake must
    // be declared for it in the catalogue (checked as variants are added).
    // `function`: the function the calls test, where the exercise holds several (llms_row:
    // llms_output_row): an error that names it is the learner's own refusal, not one of a
    // function the learner's code called.
    explicit Diagnosis(std::string exercise, std::string function = "")
        : exercise_(std::move(exercise)), function_(function.empty() ? exercise_ : std::move(function)) {}

    Probe& probe(std::string input, std::function<Result()> call, Result right);
    const std::deque<Probe>& probes() const { return probes_; }
    const std::string& function() const { return function_; }

    // Runs every call; passes when every result is right, else fails the current test
    // with the one mistake that explains every wrong result, or with where it differs.
    void judge() const;
    // What judge() would say of these results of the calls (one per probe): the
    // finding that names them, or nullptr-mistake and the located difference.
    Finding explain(const std::vector<Result>& got) const;

    // The suite's proof, on the reference: every variant shows on some input, and
    // every two mistakes are told apart on an input where both are declared.
    void require_distinguishable() const;

private:
    std::string exercise_;
    std::string function_;
    std::deque<Probe> probes_;  // a deque: probe() hands out references that stay valid
};

// Where no mistake of the catalogue explains the results: when every wrong result is,
// exactly, the right result of one other input (which the learner gets right), names that
// (an answer written in for one case) and returns true. For the checks that judge a
// diagnosis's results themselves (the questions' answers); judge() does it too.
bool reported_another_inputs_answer(const Diagnosis& d, const std::vector<Result>& got);

// Judges a question function's answers, one probe per input: the misunderstanding when
// exactly one explains them, an answer written in for one case, else what was answered
// where ("you answered 3x4, the answer is 7x64"; the relations of numbers are no help
// with answers). `question` and `why` frame that last message; `said` puts one answer in
// words (by default its first number).
void judge_answers(const Diagnosis& d, const std::string& question, const std::string& why,
                   const std::function<std::string(const arma::mat&)>& said = {});

// The sentence of a mistake, with a variant's detail put in.
std::string sentence(const Mistake& m, const std::string& detail = "");
// Fails the current test with "mistake [<id>]: <sentence>", which ./course check shows.
void report(const Mistake& m, const std::string& detail = "");
void report_finding(const Finding& f);

// Whether the learner's results are right on every input of d. A check that goes further
// (bad input, an edge case) waits for that: a wrong result is said once, by its
// diagnosis, and the same slip would only be named a second time.
bool results_right(const Diagnosis& d);

// --- refusals --------------------------------------------------------------------------

// The message of the error `call` must throw as E (attn::ShapeError or attn::InputError)
// for input that breaks the contract of `function`. What went wrong otherwise is named,
// the same slip in every exercise (tests/catalogue/common.hpp, "refusals"): nothing
// thrown, Armadillo's own error first, the course's error under another function's name,
// or the other kind of error. Returns "" unless E was thrown. `also`: other functions
// whose name the message may start with (a function the contract lets it call). `input`:
// the bad input in words ("an x_t of 1x3 for U of 4x5"), where a test case tries several,
// so that the learner reads which one got through.
template <class E>
std::string refusal_of(const std::string& function, const std::function<void()>& call,
                       const std::vector<std::string>& also = {}, const std::string& input = "");
// The same judgement of a result already taken (wants_shape: E is attn::ShapeError).
std::string judge_refusal(const Result& got, bool wants_shape, const std::string& function,
                          const std::vector<std::string>& also = {}, const std::string& input = "");
// What the course throws for input that breaks a contract, as the end of a sentence.
std::string expected_kind(bool wants_shape);
// The refusal slips as variants of a probe whose input breaks a shape rule (refused: the
// right result throws attn::ShapeError) or keeps them (the slips then give `right`).
void refusal_variants(Probe& p, const Result& right, bool refused);
// Whether a refusal's message gives each matrix of `named` by its name and shape ("H_enc
// 4x3"), in that order when `in_order` (as the contract words it). When not, fails the
// current test: a message that gives as many matrices, but one under another's name, with
// another shape, another matrix in its place, or the two in the other order, is named
// (as a refusal that names another matrix); else it says what the message should give. `what`: the
// bad input, in words.
bool message_names(const std::string& msg, const std::vector<std::string>& named, const std::string& what,
                   bool in_order = false);
// The same where the contract lets any of several pairs stand (W_2 beside W_1, or beside
// b_1): true when the message gives every matrix of one of `alternatives` (in any order);
// when none, the first alternative is what it is measured against, as message_names does.
bool message_names_one_of(const std::string& msg, const std::vector<std::vector<std::string>>& alternatives,
                          const std::string& what);
// Fails the current test naming bad input that was accepted ("detail": what it did).
void report_bad_input_accepted(const std::string& detail);

// --- answers to questions -----------------------------------------------------------

// A wrong answer to a question exercise and the misunderstanding it shows.
template <class T>
struct WrongAnswer {
    T answer;
    const Mistake* mistake;
};
// Passes when got == right; else names the mistake of the wrong answer given, or says
// what was answered and what is right (`explain`: why, in one sentence).
template <class T>
void judge_answer(const std::string& question, const T& got, const T& right, const std::vector<WrongAnswer<T>>& wrong,
                  const std::string& explain);

}  // namespace attn_test

#include "support/diagnosis_impl.hpp"
