// Chapter 12 tests: the three exercises (greedy_decode, teacher_forcing,
// beam_search), the model around them (gradients with two heads, Adam and its
// schedule, the blocks path against the training path, determinism,
// checkpoints), the generated tasks, and (suite `training`,
// run on its own as ch12.trains_to_target) a real training run.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch12_encoder_decoder)

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>
#include <vector>

#include "contracts/06_shape_rules.hpp"
#include "contracts/12_encoder_decoder.hpp"
#include "labs/encoder_decoder_lab.hpp"
#include "core/errors.hpp"
#include "model/model.hpp"
#include "contracts/03_softmax.hpp"
#include "model/toy_tasks.hpp"
#include "mistakes.hpp"
#include "slips.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;
namespace m = attn_test::mistakes;
namespace fs = std::filesystem;

namespace {

// A next_scores that answers from a script: after k produced tokens it votes
// for script[k] (or for the last entry when the script is shorter). It records
// every prefix it was shown.
struct Scripted {
    explicit Scripted(std::vector<arma::uword> s) : script(std::move(s)) {}
    std::vector<arma::uword> script;
    arma::uword vocab = 10;
    std::vector<std::vector<arma::uword>> seen;
    arma::rowvec operator()(const std::vector<arma::uword>& prefix) {
        seen.push_back(prefix);
        const std::size_t k = prefix.empty() ? 0 : prefix.size() - 1;
        arma::rowvec s(vocab, arma::fill::zeros);
        s(script[std::min(k, script.size() - 1)]) = 5.0;
        return s;
    }
};
constexpr arma::uword kBegin = 0, kEnd = 1;

// Tokens as one row of numbers, for the variant lists of tests/slips.hpp.
arma::mat as_row(const std::vector<arma::uword>& v) {
    arma::mat r(1, v.size());
    for (std::size_t i = 0; i < v.size(); ++i) r(0, i) = static_cast<double>(v[i]);
    return r;
}

std::string show(const std::vector<arma::uword>& v) {
    std::ostringstream s;
    s << "{";
    for (std::size_t i = 0; i < v.size(); ++i) s << (i ? ", " : "") << v[i];
    s << "}";
    return s.str();
}

}  // namespace


// ==================================================================== greedy_decode
BOOST_AUTO_TEST_SUITE(greedy_decode)

namespace {
enum class GreedySlip { none, keeps_begin, keeps_end, runs_past_end, stops_one_early, one_too_many, prefix_not_extended };

// Greedy decoding of a script written out for the test, with one of the known slips or none.
std::vector<arma::uword> greedy_with_slip(const std::vector<arma::uword>& script, std::size_t max_len, GreedySlip slip) {
    Scripted s(script);
    std::vector<arma::uword> prefix{kBegin};
    const std::size_t steps = slip == GreedySlip::stops_one_early ? (max_len == 0 ? 0 : max_len - 1)
                              : slip == GreedySlip::one_too_many  ? max_len + 1
                                                                  : max_len;
    while (prefix.size() - 1 < steps) {
        const arma::rowvec scores = s(slip == GreedySlip::prefix_not_extended ? std::vector<arma::uword>{kBegin} : prefix);
        const arma::uword best = scores.index_max();
        if (slip == GreedySlip::keeps_end || slip == GreedySlip::runs_past_end) prefix.push_back(best);
        if (best == kEnd && slip != GreedySlip::runs_past_end) break;
        if (slip != GreedySlip::keeps_end && slip != GreedySlip::runs_past_end) prefix.push_back(best);
    }
    if (slip == GreedySlip::keeps_begin) return prefix;
    return {prefix.begin() + 1, prefix.end()};
}

// What every slip gives on a script; the recogniser and the `distinguishable` suite share it.
std::vector<attn_test::Slip> greedy_slips(const std::vector<arma::uword>& script, std::size_t max_len) {
    const std::vector<std::pair<const attn_test::Mistake*, GreedySlip>> kinds = {
        {&m::greedy_keeps_begin_token, GreedySlip::keeps_begin},
        {&m::greedy_keeps_end_token, GreedySlip::keeps_end},
        {&m::greedy_runs_past_end_token, GreedySlip::runs_past_end},
        {&m::greedy_stops_one_early, GreedySlip::stops_one_early},
        {&m::greedy_one_token_too_many, GreedySlip::one_too_many},
        {&m::greedy_prefix_not_extended, GreedySlip::prefix_not_extended},
    };
    std::vector<attn_test::Slip> slips;
    for (const auto& [mistake, kind] : kinds) slips.push_back({*mistake, as_row(greedy_with_slip(script, max_len, kind))});
    return slips;
}

void report_decode_slips(const std::vector<arma::uword>& got, const std::vector<arma::uword>& script, std::size_t max_len) {
    attn_test::report_the_one_slip(as_row(got), as_row(greedy_with_slip(script, max_len, GreedySlip::none)),
                                   greedy_slips(script, max_len));
}
}  // namespace

BOOST_AUTO_TEST_CASE(follows_the_best_scores_until_the_end_token) {
    Scripted s({5, 3, 7, kEnd});
    const auto got = attn::greedy_decode(std::ref(s), kBegin, kEnd, 10);
    report_decode_slips(got, {5, 3, 7, kEnd}, 10);
    BOOST_TEST(show(got) == show({5, 3, 7}), "the scores pick 5, 3, 7, then the end token: expected {5, 3, 7}, got "
                                                 << show(got));
}

BOOST_AUTO_TEST_CASE(each_call_sees_begin_and_everything_produced_so_far) {
    Scripted s({4, 4, 9, kEnd});
    const auto got = attn::greedy_decode(std::ref(s), kBegin, kEnd, 10);
    report_decode_slips(got, {4, 4, 9, kEnd}, 10);
    const std::vector<std::vector<arma::uword>> want = {{0}, {0, 4}, {0, 4, 4}, {0, 4, 4, 9}};
    BOOST_TEST(s.seen.size() == want.size(), "next_scores was called " << s.seen.size() << " times, expected 4");
    for (std::size_t i = 0; i < std::min(s.seen.size(), want.size()); ++i)
        BOOST_TEST(show(s.seen[i]) == show(want[i]), "call " << i << " was given the prefix " << show(s.seen[i]));
}

BOOST_AUTO_TEST_CASE(stops_after_max_len_tokens_without_an_end_token) {
    Scripted s({2, 3});  // never votes for the end token
    const auto got = attn::greedy_decode(std::ref(s), kBegin, kEnd, 6);
    report_decode_slips(got, {2, 3}, 6);
    BOOST_TEST(show(got) == show({2, 3, 3, 3, 3, 3}),
               "with no end token, decoding stops after max_len = 6 tokens: expected {2, 3, 3, 3, 3, 3}, got " << show(got));
    const auto none = attn::greedy_decode(std::ref(s), kBegin, kEnd, 0);
    BOOST_TEST(none.empty(), "max_len 0 produces nothing; got " << show(none));
}

BOOST_AUTO_TEST_CASE(an_immediate_end_token_gives_an_empty_answer) {
    Scripted s({kEnd, 5, 5, 5});
    const auto got = attn::greedy_decode(std::ref(s), kBegin, kEnd, 4);
    report_decode_slips(got, {kEnd, 5, 5, 5}, 4);
    BOOST_TEST(got.empty(), "the end token came first; expected {}, got " << show(got));
}

BOOST_AUTO_TEST_CASE(an_empty_score_row_is_an_input_error) {
    const std::string msg = thrown_message<attn::InputError>([] {
        attn::greedy_decode([](const std::vector<arma::uword>&) { return arma::rowvec(); }, kBegin, kEnd, 3);
    });
    BOOST_TEST(!msg.empty(), "next_scores returned no scores at all; greedy_decode must throw InputError");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== teacher_forcing
BOOST_AUTO_TEST_SUITE(teacher_forcing)

namespace {
using Tokens = std::vector<arma::uword>;
Tokens joined(std::initializer_list<Tokens> parts) {
    Tokens out;
    for (const Tokens& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}
// The pair (decoder input, expected) as one row: the input, -1, the expected tokens.
arma::mat as_pair(const Tokens& input, const Tokens& expected) {
    arma::mat r(1, input.size() + 1 + expected.size());
    r(0, input.size()) = -1;
    for (std::size_t i = 0; i < input.size(); ++i) r(0, i) = static_cast<double>(input[i]);
    for (std::size_t i = 0; i < expected.size(); ++i) r(0, input.size() + 1 + i) = static_cast<double>(expected[i]);
    return r;
}
arma::mat right_pair(const Tokens& y, arma::uword begin, arma::uword end) {
    return as_pair(joined({{begin}, y}), joined({y, {end}}));
}
// What every slip gives; the recogniser and the `distinguishable` suite share it.
std::vector<attn_test::Slip> teacher_forcing_slips(const Tokens& y, arma::uword begin, arma::uword end) {
    return {
        {m::teacher_forcing_shifted_wrong_way, as_pair(joined({y, {end}}), joined({{begin}, y}))},
        {m::teacher_forcing_begin_missing, as_pair(y, joined({y, {end}}))},
        {m::teacher_forcing_end_missing, as_pair(joined({{begin}, y}), y)},
        {m::teacher_forcing_not_shifted, as_pair(joined({{begin}, y}), joined({{begin}, y}))},
    };
}
// Reports the one slip whose (decoder input, expected) pair is what came back,
// when exactly one gives it (and it is not the right pair).
void report_teacher_forcing_slips(const attn::TeacherForcing& got, const Tokens& y, arma::uword begin, arma::uword end) {
    attn_test::report_the_one_slip(as_pair(got.decoder_input, got.expected), right_pair(y, begin, end),
                                   teacher_forcing_slips(y, begin, end));
}
}  // namespace

BOOST_AUTO_TEST_CASE(the_decoder_reads_begin_then_the_target_and_must_say_the_target_then_end) {
    const Tokens y = {7, 4, 9, 4};
    const auto got = attn::teacher_forcing(y, 2, 3);
    report_teacher_forcing_slips(got, y, 2, 3);
    BOOST_TEST(show(got.decoder_input) == show({2, 7, 4, 9, 4}),
               "decoder input for target {7, 4, 9, 4} with begin 2: expected {2, 7, 4, 9, 4}, got "
                   << show(got.decoder_input));
    BOOST_TEST(show(got.expected) == show({7, 4, 9, 4, 3}),
               "what the decoder must predict, with end 3: expected {7, 4, 9, 4, 3}, got " << show(got.expected));
}

BOOST_AUTO_TEST_CASE(position_i_is_asked_for_the_token_after_its_input) {
    const Tokens y = {5, 8, 6};
    const auto got = attn::teacher_forcing(y, 0, 1);
    report_teacher_forcing_slips(got, y, 0, 1);
    BOOST_REQUIRE_MESSAGE(got.decoder_input.size() == 4u && got.expected.size() == 4u,
                          "a target of 3 tokens gives 4 decoder inputs and 4 expected tokens; got "
                              << got.decoder_input.size() << " and " << got.expected.size());
    for (std::size_t i = 0; i + 1 < 4; ++i)
        BOOST_TEST(got.expected[i] == got.decoder_input[i + 1],
                   "position " << i << " must predict the token that position " << i + 1 << " reads");
    BOOST_TEST(got.expected.back() == 1u, "the last position must predict the end token 1");
}

BOOST_AUTO_TEST_CASE(an_empty_target_gives_begin_and_end) {
    const auto got = attn::teacher_forcing({}, 6, 2);
    report_teacher_forcing_slips(got, {}, 6, 2);
    BOOST_TEST(show(got.decoder_input) == show({6}), "expected {6}, got " << show(got.decoder_input));
    BOOST_TEST(show(got.expected) == show({2}), "expected {2}, got " << show(got.expected));
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== beam_search
BOOST_AUTO_TEST_SUITE(beam_search)

namespace {
using Tokens = std::vector<arma::uword>;
constexpr arma::uword A = 2, B = 3, C = 4, D = 5, kVocab = 6;

// next_scores from a table of probabilities per prefix: the scores are
// log(p) + offset(prefix) (an offset changes no probability, only the raw
// scores). A prefix not in the table gives the end token 0.9 and the others
// 0.1 / (n_vocab - 2) each; a prefix that already holds the end token gives
// every token 1 / n_vocab.
struct Tree {
    std::map<Tokens, std::map<arma::uword, double>> p;
    std::map<Tokens, double> offset;
    arma::rowvec operator()(const Tokens& prefix) const {
        std::map<arma::uword, double> probs;
        if (std::find(prefix.begin() + 1, prefix.end(), kEnd) != prefix.end()) {
            for (arma::uword t = 0; t < kVocab; ++t) probs[t] = 1.0 / kVocab;
        } else if (auto it = p.find(prefix); it != p.end()) {
            probs = it->second;
        } else {
            probs[kEnd] = 0.9;
            for (arma::uword t = 2; t < kVocab; ++t) probs[t] = 0.1 / (kVocab - 2);
        }
        const auto o = offset.find(prefix);
        arma::rowvec s(kVocab);
        for (arma::uword t = 0; t < kVocab; ++t)
            s(t) = std::log(probs.count(t) ? probs[t] : 1e-6) + (o == offset.end() ? 0.0 : o->second);
        return s;
    }
};

enum class BeamSlip { none, raw_scores, keeps_finished, stops_at_first_finished };

// Beam search written out for the test, with one of the known slips or none.
Tokens beam_by_hand(const Tree& tree, std::size_t max_len, std::size_t beam, BeamSlip slip) {
    struct H {
        Tokens tokens;
        double score;
    };
    if (max_len == 0) return {};
    std::vector<H> live{{{kBegin}, 0.0}};
    H best{{}, 0.0};
    bool found = false;
    for (std::size_t round = 1; !live.empty(); ++round) {
        struct Cand {
            double score;
            std::size_t parent;
            arma::uword token;
        };
        std::vector<Cand> cands;
        for (std::size_t q = 0; q < live.size(); ++q) {
            const arma::rowvec s = tree(live[q].tokens);
            double top = s(0);
            for (arma::uword j = 1; j < s.n_elem; ++j) top = std::max(top, s(j));
            double sum = 0;
            for (arma::uword j = 0; j < s.n_elem; ++j) sum += std::exp(s(j) - top);
            for (arma::uword j = 0; j < s.n_elem; ++j) {
                const double lp = slip == BeamSlip::raw_scores ? s(j) : s(j) - top - std::log(sum);
                cands.push_back({live[q].score + lp, q, j});
            }
        }
        std::sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.token != b.token) return a.token < b.token;
            return a.parent < b.parent;
        });
        std::vector<H> next;
        for (std::size_t i = 0; i < cands.size() && i < beam; ++i) {
            H h{live[cands[i].parent].tokens, cands[i].score};
            if (slip == BeamSlip::keeps_finished) {  // the end token is one more token; only max_len stops
                h.tokens.push_back(cands[i].token);
                next.push_back(h);
                continue;
            }
            const bool ends = cands[i].token == kEnd;
            if (!ends) h.tokens.push_back(cands[i].token);
            if (ends || h.tokens.size() - 1 >= max_len) {
                if (slip == BeamSlip::stops_at_first_finished) return Tokens(h.tokens.begin() + 1, h.tokens.end());
                if (!found || h.score > best.score) best = h, found = true;
            } else {
                next.push_back(h);
            }
        }
        if (slip == BeamSlip::keeps_finished) {
            if (round >= max_len) {  // the best of the last round, cut at its first end token
                Tokens t(next.front().tokens.begin() + 1, next.front().tokens.end());
                t.erase(std::find(t.begin(), t.end(), kEnd), t.end());
                return t;
            }
            live = next;
            continue;
        }
        live.clear();
        for (const H& h : next)
            if (!found || h.score > best.score) live.push_back(h);
    }
    return Tokens(best.tokens.begin() + 1, best.tokens.end());
}

// Greedy decoding written out for the test: the highest score, the smaller id on ties.
Tokens greedy_by_hand(const Tree& tree, std::size_t max_len) {
    Tokens prefix{kBegin};
    while (prefix.size() - 1 < max_len) {
        const arma::rowvec s = tree(prefix);
        arma::uword best = 0;
        for (arma::uword j = 1; j < s.n_elem; ++j)
            if (s(j) > s(best)) best = j;
        if (best == kEnd) break;
        prefix.push_back(best);
    }
    return Tokens(prefix.begin() + 1, prefix.end());
}

// What every slip gives; the recogniser and the `distinguishable` suite share it.
std::vector<attn_test::Slip> beam_slips(const Tree& tree, std::size_t max_len, std::size_t beam) {
    const std::vector<std::pair<const attn_test::Mistake*, BeamSlip>> kinds = {
        {&m::beam_sums_raw_scores, BeamSlip::raw_scores},
        {&m::beam_keeps_finished_hypotheses, BeamSlip::keeps_finished},
        {&m::beam_stops_at_first_finished, BeamSlip::stops_at_first_finished},
    };
    std::vector<attn_test::Slip> slips;
    for (const auto& [mistake, kind] : kinds) slips.push_back({*mistake, as_row(beam_by_hand(tree, max_len, beam, kind))});
    return slips;
}

void report_beam_slips(const Tokens& got, const Tree& tree, std::size_t max_len, std::size_t beam) {
    attn_test::report_the_one_slip(as_row(got), as_row(beam_by_hand(tree, max_len, beam, BeamSlip::none)),
                                   beam_slips(tree, max_len, beam));
}

Tokens run_beam(const Tree& tree, std::size_t max_len, std::size_t beam) {
    return attn::beam_search([&](const Tokens& prefix) { return tree(prefix); }, kBegin, kEnd, max_len, beam);
}

// Beam 2, max_len 4. Greedy takes A (0.5), then the end token (0.6): {A}, 0.30.
// Beam 2 keeps A and B; of their extensions B C (0.45 * 0.8 = 0.36) and A </s>
// (0.30, finished) are the best two; B C </s> then scores 0.36 * 0.95 = 0.342,
// better than 0.30: {B, C}.
Tree longer_beats_first_finished() {
    Tree t;
    t.p[{kBegin}] = {{A, 0.5}, {B, 0.45}, {kEnd, 0.05}};
    t.p[{kBegin, A}] = {{kEnd, 0.6}, {C, 0.4}};
    t.p[{kBegin, B}] = {{C, 0.8}, {kEnd, 0.2}};
    t.p[{kBegin, B, C}] = {{kEnd, 0.95}, {D, 0.05}};
    return t;
}
// The trees of a_short_finished_answer_wins_when_it_scores_best and of
// scores_become_log_probabilities_before_they_add_up (their comments explain them).
Tree short_finished_wins() {
    Tree t;
    t.p[{kBegin}] = {{A, 0.5}, {B, 0.48}, {C, 0.02}};
    t.p[{kBegin, A}] = {{kEnd, 0.6}, {C, 0.1}, {D, 0.3}};
    t.p[{kBegin, B}] = {{C, 0.9}, {kEnd, 0.1}};
    t.p[{kBegin, B, C}] = {{kEnd, 0.65}, {D, 0.35}};
    return t;
}
Tree offset_scores() {
    Tree t;
    t.p[{kBegin}] = {{A, 0.5}, {B, 0.45}, {kEnd, 0.05}};
    t.p[{kBegin, A}] = {{kEnd, 0.2}, {C, 0.8}};
    t.p[{kBegin, B}] = {{C, 0.9}, {kEnd, 0.1}};
    t.p[{kBegin, A, C}] = {{kEnd, 0.9}, {D, 0.1}};
    t.p[{kBegin, B, C}] = {{kEnd, 0.9}, {D, 0.1}};
    t.offset[{kBegin, A}] = 4.0;
    return t;
}
}  // namespace

BOOST_AUTO_TEST_CASE(beam_two_finds_a_better_sequence_than_greedy) {
    const Tree t = longer_beats_first_finished();
    const Tokens got = run_beam(t, 4, 2);
    report_beam_slips(got, t, 4, 2);
    BOOST_TEST(show(greedy_by_hand(t, 4)) == show({A}), "the test's own greedy decoding");
    BOOST_TEST(show(got) == show({B, C}),
               "greedy decoding gives {2} (probability 0.30); beam 2 should find {3, 4} (0.342); got " << show(got));
}

BOOST_AUTO_TEST_CASE(a_short_finished_answer_wins_when_it_scores_best) {
    // Beam 2, max_len 3: A </s> (0.5 * 0.6 = 0.30) finishes in round 2 beside B C
    // (0.48 * 0.9 = 0.432); B C </s> would score 0.432 * 0.65 = 0.2808 < 0.30 and
    // B C D reaches max_len at 0.432 * 0.35 = 0.151: the answer is {A}.
    const Tree t = short_finished_wins();
    const Tokens got = run_beam(t, 3, 2);
    report_beam_slips(got, t, 3, 2);
    BOOST_TEST(show(got) == show({A}), "{2} then the end token scores 0.30, every longer answer less; got " << show(got));
}

BOOST_AUTO_TEST_CASE(scores_become_log_probabilities_before_they_add_up) {
    // As longer_beats_first_finished, but A's continuations end less often, and
    // every raw score after the prefix {<s>, A} is 4 higher: the probabilities are
    // the same, so the answer must not move. Greedy: A C (0.5 * 0.8), then </s>.
    // Beam 2: round 2 keeps A C (0.40) and B C (0.405); B C </s> = 0.3645 beats
    // A C </s> = 0.36: {B, C}.
    const Tree t = offset_scores();
    const Tokens got = run_beam(t, 4, 2);
    report_beam_slips(got, t, 4, 2);
    BOOST_TEST(show(got) == show({B, C}), "expected {3, 4} (probability 0.3645 against 0.36 for {2, 4}); got " << show(got));
}

BOOST_AUTO_TEST_CASE(beam_one_is_greedy_decoding) {
    for (const Tree& t : {longer_beats_first_finished(), Tree{}}) {
        for (std::size_t max_len : {1u, 2u, 4u}) {
            const Tokens got = run_beam(t, max_len, 1);
            report_beam_slips(got, t, max_len, 1);
            const Tokens want = greedy_by_hand(t, max_len);
            BOOST_TEST(show(got) == show(want), "beam 1, max_len " << max_len << ": greedy decoding gives "
                                                                   << show(want) << ", got " << show(got));
        }
    }
}

BOOST_AUTO_TEST_CASE(stops_after_max_len_tokens) {
    // A prefix of A's always gives A 0.7: nothing ever ends, so max_len decides.
    struct Always {
        arma::rowvec operator()(const Tokens&) const {
            arma::rowvec s(kVocab);
            s.fill(std::log(0.3 / (kVocab - 1)));
            s(A) = std::log(0.7);
            return s;
        }
    };
    for (std::size_t max_len : {0u, 1u, 3u, 5u}) {
        const Tokens got = attn::beam_search(Always{}, kBegin, kEnd, max_len, 3);
        BOOST_TEST(show(got) == show(Tokens(max_len, A)),
                   "max_len " << max_len << ": expected " << show(Tokens(max_len, A)) << ", got " << show(got));
    }
}

BOOST_AUTO_TEST_CASE(ties_go_to_the_smaller_token_id) {
    // A and B are equally likely (0.4 each), and each ends next with 0.9: the
    // two answers tie at 0.36; the smaller id, A, wins with any beam.
    Tree t;
    t.p[{kBegin}] = {{B, 0.4}, {A, 0.4}, {kEnd, 0.2}};
    for (std::size_t beam : {1u, 2u, 4u}) {
        const Tokens got = run_beam(t, 4, beam);
        BOOST_TEST(show(got) == show({A}), "beam " << beam << ": {2} and {3} tie; expected {2}, got " << show(got));
    }
}

BOOST_AUTO_TEST_CASE(a_zero_beam_or_an_empty_score_row_is_an_input_error) {
    const Tree t;
    const std::string zero = thrown_message<attn::InputError>([&] { run_beam(t, 3, 0); });
    BOOST_TEST(!zero.empty(), "beam 0 keeps nothing alive; beam_search must throw InputError");
    const std::string empty = thrown_message<attn::InputError>([] {
        attn::beam_search([](const Tokens&) { return arma::rowvec(); }, kBegin, kEnd, 3, 2);
    });
    BOOST_TEST(!empty.empty(), "next_scores returned no scores; beam_search must throw InputError");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter (not exercises)
BOOST_AUTO_TEST_SUITE(chapter)

namespace {
attn::model::Config tiny(arma::uword vocab) {
    attn::model::Config c;
    c.d_model = 8;
    c.heads = 2;
    c.d_k = 3;  // h d_k = 6 != d_model, and d_k != d_model / h
    c.d_v = 5;
    c.d_ff = 10;
    c.layers = 2;
    c.vocab = vocab;
    c.seed = 5;
    return c;
}

struct Scratch {  // a fresh directory, removed afterwards
    fs::path dir;
    Scratch() {
        dir = fs::temp_directory_path() / ("attn_ch12_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~Scratch() { fs::remove_all(dir); }
    std::string file(const std::string& name) const { return (dir / name).string(); }
};

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
void write(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

// A tiny reversal model, saved as `name` in a scratch directory.
struct SavedModel {
    Scratch tmp;
    attn::tasks::Task task = attn::tasks::reversal(10, 2, 4, 3);
    attn::model::Model model{tiny(task.vocab.size())};
    std::string path;
    explicit SavedModel(const std::string& name) : path(tmp.file(name)) {
        attn::model::save_checkpoint(path, "reversal", model, task.vocab);
    }
};
}  // namespace

BOOST_AUTO_TEST_CASE(every_tensor_passes_the_gradient_check) {
    const auto task = attn::tasks::translation(50, 10, 3);
    attn::model::Model model(tiny(task.vocab.size()));
    attn::model::Batch batch;
    batch.examples.assign(task.train.begin(), task.train.begin() + 3);
    const auto checks = attn::model::gradient_check(model, batch, 1e-5, 400);
    BOOST_TEST(checks.size() == model.tensors().size());
    BOOST_TEST(model.tensors().size() == 1u + 2u * 12u + 2u * 18u + 2u, "embed, 2 encoder and 2 decoder blocks, out");
    BOOST_TEST(model.config().heads == 2u);
    BOOST_TEST(model.parameters().encoder[0].self.W_q.value.n_cols == 6u, "W_q is d_model x (h d_k) = 8 x 6");
    BOOST_TEST(model.parameters().decoder[0].cross.W_o.value.n_rows == 10u, "W_o is (h d_v) x d_model = 10 x 8");
    for (const auto& g : checks) {
        BOOST_TEST(g.entries > 0u, g.name << " was not checked");
        BOOST_TEST(g.relative_error < 1e-6, g.name << ": relative error " << g.relative_error);
    }
}

BOOST_AUTO_TEST_CASE(the_same_seed_gives_the_same_run) {
    auto task = attn::tasks::reversal(200, 10, 5, 4);
    attn::model::TrainSettings s;
    s.max_steps = 15;
    s.batch_size = 8;
    s.eval_every = 0;
    s.adam.warmup_steps = 5;  // the default 100 would keep the rate near 0 for all 15 steps
    attn::model::Config c = tiny(task.vocab.size());
    attn::model::Model a(c), b(c);
    const auto la = attn::model::train(a, task, s, {});
    const auto lb = attn::model::train(b, task, s, {});
    BOOST_TEST(la.loss == lb.loss, boost::test_tools::per_element());
    c.seed = 6;
    attn::model::Model other(c);
    const auto lc = attn::model::train(other, task, s, {});
    BOOST_TEST(lc.loss.back() != la.loss.back(), "another seed should give other weights");
    BOOST_TEST(la.loss.back() < la.loss.front(), "15 steps of Adam should lower the loss");
}

BOOST_AUTO_TEST_CASE(adam_first_step_moves_each_weight_by_the_learning_rate) {
    attn::model::Tensor t;
    t.value = arma::mat{{1.0, 1.0, 1.0}};
    t.grad = arma::mat{{0.5, -2.0, 1e-3}};
    t.adam_m.zeros(1, 3);
    t.adam_v.zeros(1, 3);
    const attn::model::TensorRefs ts{t};
    attn::model::AdamSettings s;
    s.learning_rate = 0.1;
    s.warmup_steps = 1;  // the peak at once: lr(1) = 0.1 * min(1/1, sqrt(1/1))
    attn::model::Adam adam(s);
    adam.step(ts);
    // After bias correction the first step is lr * g / |g| in each entry.
    BOOST_TEST(matrices_close(t.value, arma::mat{{0.9, 1.1, 0.9}}, 1e-6, "weights after one step"));
    BOOST_TEST(adam.rate() == 0.1);
}

BOOST_AUTO_TEST_CASE(adam_follows_the_warm_up_and_the_inverse_square_root_decay) {
    attn::model::Tensor t;
    t.value.zeros(1, 1);
    t.grad.ones(1, 1);
    t.adam_m.zeros(1, 1);
    t.adam_v.zeros(1, 1);
    const attn::model::TensorRefs ts{t};
    attn::model::AdamSettings s;
    s.learning_rate = 0.02;
    s.warmup_steps = 4;
    attn::model::Adam adam(s);
    // peak * min(t / warmup, sqrt(warmup / t)), written out for t = 1 .. 16
    for (long step = 1; step <= 16; ++step) {
        adam.step(ts);
        const double want = step <= 4 ? 0.02 * step / 4.0 : 0.02 * std::sqrt(4.0 / step);
        BOOST_TEST(std::abs(adam.rate() - want) < 1e-15, "step " << step << ": rate " << adam.rate() << ", expected " << want);
    }
}

BOOST_AUTO_TEST_CASE(decoder_weights_are_causal_and_cross_weights_are_target_by_source) {
    const auto task = attn::tasks::translation(20, 5, 3);
    attn::model::Model model(tiny(task.vocab.size()));
    const auto& e = task.train[0];
    const auto maps = model.attention_maps(e);
    const arma::uword T = e.target.size() + 1, S = e.source.size();
    BOOST_REQUIRE(maps.cross.size() == 2u);
    BOOST_REQUIRE(maps.decoder_self.size() == 2u);
    for (std::size_t h = 0; h < 2; ++h) {
        BOOST_TEST(maps.cross[h].n_rows == T);
        BOOST_TEST(maps.cross[h].n_cols == S);
        BOOST_TEST(arma::abs(arma::sum(maps.cross[h], 1) - 1.0).max() < 1e-12);
        BOOST_TEST(arma::accu(arma::abs(arma::trimatu(maps.decoder_self[h], 1))) == 0.0);
    }
    BOOST_TEST(arma::abs(maps.cross[0] - maps.cross[1]).max() > 1e-6, "the two heads have weights of their own");
}

BOOST_AUTO_TEST_CASE(the_blocks_path_scores_exactly_as_the_training_path) {
    // next_scores runs chapter 10's encoder_block and decoder_block; training runs
    // the layers of src/model with their caches. Row i of the teacher-forced
    // scores is the prediction after decoder inputs 0..i, so it must equal
    // next_scores of that prefix.
    const auto task = attn::tasks::translation(20, 5, 3);
    attn::model::Model model(tiny(task.vocab.size()));
    for (std::size_t k = 0; k < 2; ++k) {
        const auto& e = task.train[k];
        const arma::mat forced = model.teacher_forced_scores(e);  // (L_tgt + 1, n_vocab)
        BOOST_REQUIRE(forced.n_rows == e.target.size() + 1);
        std::vector<arma::uword> prefix{attn::tasks::Vocabulary::kBegin};
        for (std::size_t i = 0; i < forced.n_rows; ++i) {
            const arma::rowvec scores = model.next_scores(e.source, prefix);
            BOOST_TEST(matrices_close(scores, forced.row(i), 1e-12, "scores after a prefix of " + std::to_string(i + 1)));
            if (i < e.target.size()) prefix.push_back(e.target[i]);
        }
    }
}

BOOST_AUTO_TEST_CASE(beam_one_translates_as_greedy_decoding) {
    const auto task = attn::tasks::reversal(10, 2, 6, 5);
    attn::model::Model model(tiny(task.vocab.size()));  // untrained: its answers are arbitrary, but must agree
    for (const auto& e : task.held_out)
        BOOST_TEST(show(model.translate_beam(e.source, 9, 1)) == show(model.translate(e.source, 9)));
}

BOOST_AUTO_TEST_CASE(translate_stops_within_max_len) {
    const auto task = attn::tasks::reversal(10, 2, 4, 5);
    attn::model::Model model(tiny(task.vocab.size()));  // untrained: it may say anything
    BOOST_TEST(model.translate(task.held_out[0].source, 7).size() <= 7u);
}

// ---------------------------------------------------------------- checkpoints
BOOST_AUTO_TEST_CASE(a_checkpoint_comes_back_bit_for_bit) {
    const SavedModel saved("m.ckpt");
    const auto& [tmp, task, model, path] = saved;
    const auto c = attn::model::load_checkpoint(path);
    BOOST_TEST(c.task == "reversal");
    BOOST_TEST(c.vocab.words() == task.vocab.words(), boost::test_tools::per_element());
    BOOST_REQUIRE(c.tensors.size() == model.tensors().size());
    for (std::size_t i = 0; i < c.tensors.size(); ++i)
        BOOST_TEST(arma::approx_equal(c.tensors[i].value, model.tensors()[i].get().value, "absdiff", 0.0),
                   c.tensors[i].name << " changed on the way through the file");
    attn::model::require_compatible(c, "reversal", task.vocab, model.config());
    for (const auto& f : fs::directory_iterator(tmp.dir))
        BOOST_TEST(f.path().filename() == "m.ckpt", "a temporary file was left behind: " << f.path());
}

BOOST_AUTO_TEST_CASE(the_checkpoint_layout_is_the_models_own) {
    for (arma::uword layers : {1u, 3u}) {
        attn::model::Config c = tiny(17);
        c.layers = layers;
        const attn::model::Model model(c);
        const auto layout = attn::model::tensor_layout(c);
        const auto tensors = model.tensors();
        BOOST_REQUIRE(layout.size() == tensors.size());
        for (std::size_t i = 0; i < layout.size(); ++i) {
            BOOST_TEST(layout[i].name == tensors[i].get().name);
            BOOST_TEST(layout[i].rows == tensors[i].get().value.n_rows, layout[i].name);
            BOOST_TEST(layout[i].cols == tensors[i].get().value.n_cols, layout[i].name);
        }
        // the typed parameters are the same matrices as the list
        BOOST_TEST(&tensors.front().get() == &model.parameters().embed);
        BOOST_TEST(&tensors.back().get() == &model.parameters().out_b);
        BOOST_TEST(model.parameters().encoder.size() == layers);
    }
}

BOOST_AUTO_TEST_CASE(a_checkpoint_claiming_huge_tensors_is_refused_without_allocating_them) {
    const SavedModel saved("m.ckpt");
    std::string text = read(saved.path);
    text = text.substr(0, text.rfind("end fnv1a64"));
    const auto at = text.find("d_model 8 ");
    BOOST_REQUIRE(at != std::string::npos);
    text.replace(at, 10, "d_model 4000 ");
    const auto embed = text.find("tensor embed 12 8\n");
    BOOST_REQUIRE(embed != std::string::npos);
    text.replace(embed, 18, "tensor embed 12 4000\n");  // 48 000 numbers claimed by a file of a few kB
    const std::string msg = thrown_message<attn::InputError>(
        [&] { attn::model::parse_checkpoint(attn::model::seal_checkpoint(text), "huge.ckpt"); });
    BOOST_TEST(msg.find("huge.ckpt: ends before tensor embed") != std::string::npos, msg);
}

BOOST_AUTO_TEST_CASE(damaged_checkpoints_are_refused_with_the_reason) {
    const SavedModel saved("good.ckpt");
    const Scratch& tmp = saved.tmp;
    const std::string text = read(saved.path);
    auto refusal = [&](const std::string& content) {
        const std::string p = tmp.file("bad.ckpt");
        write(p, content);
        return thrown_message<attn::InputError>([&] { attn::model::load_checkpoint(p); });
    };
    BOOST_TEST(refusal(text.substr(0, text.size() / 2)).find("truncated") != std::string::npos);
    std::string flipped = text;
    flipped[text.size() / 2] = flipped[text.size() / 2] == '1' ? '2' : '1';
    BOOST_TEST(refusal(flipped).find("corrupt") != std::string::npos);
    BOOST_TEST(refusal("").find("not a checkpoint") != std::string::npos);
    BOOST_TEST(refusal("Q,K,V\n1,2,3\n").find("not a checkpoint") != std::string::npos);
    const std::string missing =
        thrown_message<attn::InputError>([&] { attn::model::load_checkpoint(tmp.file("nowhere.ckpt")); });
    BOOST_TEST(missing.find("nowhere.ckpt") != std::string::npos);
    BOOST_TEST(missing.find("cannot be opened") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_checkpoint_of_another_task_or_size_is_refused) {
    Scratch tmp;
    const auto rev = attn::tasks::reversal(10, 2, 4, 3);
    const auto tr = attn::tasks::translation(10, 2, 4);
    attn::model::Model model(tiny(rev.vocab.size()));
    attn::model::save_checkpoint(tmp.file("r.ckpt"), "reversal", model, rev.vocab);
    const auto c = attn::model::load_checkpoint(tmp.file("r.ckpt"));
    const std::string task = thrown_message<attn::InputError>(
        [&] { attn::model::require_compatible(c, "translation", tr.vocab, tiny(tr.vocab.size())); });
    BOOST_TEST(task.find("'reversal', not 'translation'") != std::string::npos, task);
    attn::model::Config wider = tiny(rev.vocab.size());
    wider.d_model = 16;
    const std::string size = thrown_message<attn::InputError>(
        [&] { attn::model::require_compatible(c, "reversal", rev.vocab, wider); });
    BOOST_TEST(size.find("d_model 8") != std::string::npos, size);
    BOOST_TEST(size.find("d_model 16") != std::string::npos, size);
    attn::model::Config one_head = tiny(rev.vocab.size());
    one_head.heads = 1;
    one_head.d_k = 6;  // the same total width, h d_k = 6, in one head
    const std::string heads = thrown_message<attn::InputError>(
        [&] { attn::model::require_compatible(c, "reversal", rev.vocab, one_head); });
    BOOST_TEST(heads.find("2 heads") != std::string::npos, heads);
    BOOST_TEST(heads.find("1 head ") != std::string::npos, heads);
}

BOOST_AUTO_TEST_CASE(a_checkpoint_stores_the_head_count_and_old_one_head_files_are_refused) {
    const SavedModel saved("m.ckpt");
    const std::string text = read(saved.path);
    BOOST_TEST(text.find("config d_model 8 heads 2 d_k 3 ") != std::string::npos, text.substr(0, 200));
    BOOST_TEST(attn::model::load_checkpoint(saved.path).config.heads == 2u);
    // the format of the one-head model: header "... checkpoint 1", no heads setting
    std::string old = text.substr(0, text.rfind("end fnv1a64"));
    old.replace(old.find("checkpoint 2"), 12, "checkpoint 1");
    old.replace(old.find(" heads 2"), 8, "");
    const std::string p = saved.tmp.file("old.ckpt");
    write(p, attn::model::seal_checkpoint(old));
    const std::string msg = thrown_message<attn::InputError>([&] { attn::model::load_checkpoint(p); });
    BOOST_TEST(msg.find("old.ckpt: was saved by an older version of chapter 12") != std::string::npos, msg);
    BOOST_TEST(msg.find("run ./course run 12") != std::string::npos, msg);
    // a format 2 file with its heads setting taken out is malformed, and says what it expected
    std::string no_heads = text.substr(0, text.rfind("end fnv1a64"));
    no_heads.replace(no_heads.find(" heads 2"), 8, "");
    const std::string missing = thrown_message<attn::InputError>(
        [&] { attn::model::parse_checkpoint(attn::model::seal_checkpoint(no_heads), "x.ckpt"); });
    BOOST_TEST(missing.find("expected eight settings (d_model heads d_k") != std::string::npos, missing);
}

BOOST_AUTO_TEST_CASE(a_failed_save_leaves_the_previous_checkpoint_intact) {
    const SavedModel saved("keep.ckpt");
    const auto& [tmp, task, first, path] = saved;
    const std::string before = read(path);
    // The temporary file's name is taken by a directory, so the save cannot start.
    fs::create_directories(path + ".tmp." + std::to_string(::getpid()));
    attn::model::Config c = tiny(task.vocab.size());
    c.seed = 99;
    attn::model::Model second(c);
    const std::string msg = thrown_message<attn::InputError>(
        [&] { attn::model::save_checkpoint(path, "reversal", second, task.vocab); });
    BOOST_TEST(msg.find("keep.ckpt") != std::string::npos, "the error should name the file; got '" << msg << "'");
    BOOST_TEST(read(path) == before, "the previous checkpoint was changed by a failed save");
    BOOST_TEST(attn::model::load_checkpoint(path).tensors.size() == first.tensors().size());
}

// ---------------------------------------------------------------- the tasks
BOOST_AUTO_TEST_CASE(training_validation_and_held_out_sets_never_overlap) {
    for (const auto& task : {attn::tasks::reversal(3000, 300, 9), attn::tasks::translation(3000, 300, 9)}) {
        std::set<attn::tasks::Tokens> train;
        for (const auto& e : task.train) train.insert(e.source);
        std::set<attn::tasks::Tokens> held;
        for (const auto& e : task.held_out) {
            BOOST_TEST(!train.count(e.source), task.name << ": a held-out example is also a training example");
            held.insert(e.source);
        }
        for (const auto& e : task.validation) {
            BOOST_TEST(!train.count(e.source), task.name << ": a validation example is also a training example");
            BOOST_TEST(!held.count(e.source), task.name << ": a validation example is also held out");
        }
        BOOST_TEST(task.held_out.size() == 300u);
        BOOST_TEST(task.validation.size() == 300u);
    }
}

BOOST_AUTO_TEST_CASE(the_grammar_moves_adjectives_and_agrees) {
    using attn::tasks::translate_by_rule;
    BOOST_TEST(translate_by_rule("I love LLMs") == "j'aime les LLMs");
    BOOST_TEST(translate_by_rule("she finds the red car") == "elle trouve la voiture rouge");
    BOOST_TEST(translate_by_rule("the small cats want a big house") == "les petits chats veulent une grande maison");
    BOOST_TEST(translate_by_rule("we watch black apples") == "nous regardons les pommes noires");
    BOOST_TEST(!thrown_message<attn::InputError>([] { translate_by_rule("the car red"); }).empty());
    const auto task = attn::tasks::translation(100, 50, 1);
    BOOST_TEST(task.vocab.decode(task.held_out[0].source) == "I love LLMs", "the tutorial's sentence is held out");
    BOOST_TEST(task.vocab.size() < 120u, "a few dozen words on each side");
}

BOOST_AUTO_TEST_CASE(the_vocabulary_splits_elision_and_names_unknown_words) {
    const auto task = attn::tasks::translation(10, 5, 1);
    const auto ids = task.vocab.encode("j'aime les LLMs");
    BOOST_TEST(ids.size() == 4u);
    BOOST_TEST(task.vocab.decode(ids) == "j'aime les LLMs");
    const std::string msg = thrown_message<attn::InputError>([&] { task.vocab.encode("the purple car"); });
    BOOST_TEST(msg.find("'purple'") != std::string::npos, msg);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== distinguishable
// On every input where the tests above name a decoding slip, each slip's variant
// (the same list the recogniser compares with) differs from the right answer and
// from every other slip's. A variant that gives the right answer on some input shows
// nothing there: the recogniser skips it (tests/slips.hpp), and the list says which.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(greedy_decode) {
    using ::greedy_decode::GreedySlip;
    using ::greedy_decode::greedy_slips;
    using ::greedy_decode::greedy_with_slip;
    const auto right = [](const std::vector<arma::uword>& script, std::size_t n) {
        return as_row(greedy_with_slip(script, n, GreedySlip::none));
    };
    // The end token comes before max_len: counting steps one more or one fewer changes nothing.
    for (const std::vector<arma::uword>& script : {std::vector<arma::uword>{5, 3, 7, kEnd}, {4, 4, 9, kEnd}})
        attn_test::require_slips_apart("script " + show(script) + ", max_len 10", right(script, 10),
                                       greedy_slips(script, 10),
                                       {"greedy_stops_one_early", "greedy_one_token_too_many"});
    // No end token: keeping it, or not stopping at it, changes nothing.
    attn_test::require_slips_apart("script {2, 3}, max_len 6", right({2, 3}, 6), greedy_slips({2, 3}, 6),
                                   {"greedy_keeps_end_token", "greedy_runs_past_end_token"});
    // The end token first: the answer is empty whatever the step count or the prefix.
    attn_test::require_slips_apart(
        "script {1, 5, 5, 5}, max_len 4", right({kEnd, 5, 5, 5}, 4), greedy_slips({kEnd, 5, 5, 5}, 4),
        {"greedy_stops_one_early", "greedy_one_token_too_many", "greedy_prefix_not_extended"});
}

BOOST_AUTO_TEST_CASE(teacher_forcing) {
    using ::teacher_forcing::right_pair;
    using ::teacher_forcing::teacher_forcing_slips;
    attn_test::require_slips_apart("target {7, 4, 9, 4}, begin 2, end 3", right_pair({7, 4, 9, 4}, 2, 3),
                                   teacher_forcing_slips({7, 4, 9, 4}, 2, 3));
    attn_test::require_slips_apart("target {5, 8, 6}, begin 0, end 1", right_pair({5, 8, 6}, 0, 1),
                                   teacher_forcing_slips({5, 8, 6}, 0, 1));
    attn_test::require_slips_apart("target {}, begin 6, end 2", right_pair({}, 6, 2), teacher_forcing_slips({}, 6, 2));
}

BOOST_AUTO_TEST_CASE(beam_search) {
    using namespace ::beam_search;
    const auto check = [](const std::string& name, const Tree& t, std::size_t max_len, std::size_t beam,
                          const std::set<std::string>& expected) {
        attn_test::require_slips_apart(name + ", max_len " + std::to_string(max_len) + ", beam " + std::to_string(beam),
                                       as_row(beam_by_hand(t, max_len, beam, BeamSlip::none)),
                                       beam_slips(t, max_len, beam), expected);
    };
    // Each tree is built to catch one slip; the other slips give the right answer on it.
    check("longer_beats_first_finished", longer_beats_first_finished(), 4, 2,
          {"beam_sums_raw_scores", "beam_keeps_finished_hypotheses"});
    check("short_finished_wins", short_finished_wins(), 3, 2, {"beam_sums_raw_scores", "beam_stops_at_first_finished"});
    check("offset_scores", offset_scores(), 4, 2, {"beam_keeps_finished_hypotheses", "beam_stops_at_first_finished"});
    // beam_one_is_greedy_decoding: with one hypothesis alive, raw scores rank the
    // tokens as their log-probabilities do and the first finished answer is the only
    // one, so every slip gives the right answer and the recogniser names nothing there.
    const std::set<std::string> all = {"beam_sums_raw_scores", "beam_keeps_finished_hypotheses",
                                       "beam_stops_at_first_finished"};
    for (std::size_t max_len : {1u, 2u, 4u}) {
        check("longer_beats_first_finished", longer_beats_first_finished(), max_len, 1, all);
        check("the default tree", Tree{}, max_len, 1, all);
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== training (slow; run explicitly)
// Disabled in the default run; ch12.trains_to_target runs it with --run_test=training.
BOOST_AUTO_TEST_SUITE(training, *boost::unit_test::disabled())

namespace {
// Trains the chapter's own configuration of one task; returns the model and its held-out exact match.
double train_and_measure(const attn::encoder_decoder_lab::Setup& s, attn::model::Model& model) {
    const auto log = attn::model::train(model, s.task, s.train, {});
    const double acc = attn::model::exact_match(model, s.task.held_out, s.task.max_target_length + 2);
    BOOST_TEST_MESSAGE(s.task.name << ": " << log.steps << " steps, held-out " << acc);
    return acc;
}
}  // namespace

BOOST_AUTO_TEST_CASE(reversal_reaches_99_percent_on_held_out_sequences) {
    const auto s = attn::encoder_decoder_lab::reversal_setup();
    BOOST_REQUIRE(s.config.d_k != s.config.d_model);
    attn::model::Model model(s.config);
    const double acc = train_and_measure(s, model);
    BOOST_TEST(acc >= 0.99, "held-out exact match " << acc);
}

// exact_match's greedy count gives up on an example at its first wrong token
// (Model::count_exact_greedy): it must count what decoding every example to its
// end counts. A model trained part of the way gets some examples right and some
// wrong, some of those wrong late and some early, so both kinds of stop are met.
BOOST_AUTO_TEST_CASE(giving_up_at_the_first_wrong_token_counts_as_full_decoding) {
    auto s = attn::encoder_decoder_lab::reversal_setup();
    s.train.max_steps = 130;
    s.train.eval_every = 0;
    attn::model::Model model(s.config);
    attn::model::train(model, s.task, s.train, {});
    const std::vector<attn::tasks::Example> check(s.task.validation.begin(), s.task.validation.begin() + 400);
    const std::size_t max_len = s.task.max_target_length + 2;
    std::vector<attn::tasks::Tokens> sources;
    for (const auto& e : check) sources.push_back(e.source);
    const auto full = model.translate_all(sources, max_len);
    std::size_t right = 0, wrong_at_first_token = 0;
    for (std::size_t i = 0; i < check.size(); ++i) {
        right += full[i] == check[i].target;
        wrong_at_first_token += full[i].empty() || full[i][0] != check[i].target[0];
    }
    BOOST_TEST_MESSAGE("after 130 steps: " << right << " of " << check.size() << " right, " << wrong_at_first_token
                                           << " wrong from the first token");
    BOOST_TEST_REQUIRE(right > 0u);             // some right,
    BOOST_TEST_REQUIRE(right < check.size());   // some wrong: the test compares something
    BOOST_TEST(model.count_exact_greedy(check, max_len) == right);
    BOOST_TEST(attn::model::exact_match(model, check, max_len) == static_cast<double>(right) / check.size());
}

// The translation model is the one ch12.program_runs trained and saved (its path comes
// after `--` on the command line, as ch12.trains_to_target passes it): training it a
// second time here would only repeat that run.
BOOST_AUTO_TEST_CASE(translation_checkpoint_reaches_95_percent_on_held_out_sentences) {
    const auto& suite = boost::unit_test::framework::master_test_suite();
    std::string path;
    for (int i = 1; i + 1 < suite.argc; ++i)
        if (std::string(suite.argv[i]) == "--checkpoint") path = suite.argv[i + 1];
    BOOST_TEST_REQUIRE(!path.empty(), "give the checkpoint ch12.program_runs saved: test_12 --run_test=training -- "
                                      "--checkpoint build/checkpoints/12_translation.ckpt");
    const auto s = attn::encoder_decoder_lab::translation_setup();
    const auto c = attn::model::load_checkpoint(path);
    attn::model::require_compatible(c, s.task.name, s.task.vocab, s.config);
    const attn::model::Model model = attn::model::model_from(c);
    const double acc = attn::model::exact_match(model, s.task.held_out, s.task.max_target_length + 2);
    BOOST_TEST_MESSAGE("translation checkpoint: held-out " << acc);
    BOOST_TEST(acc >= 0.95, "held-out exact match " << acc);
    const auto llms = model.translate(s.task.vocab.encode("I love LLMs"), 10);
    BOOST_TEST(s.task.vocab.decode(llms) == "j'aime les LLMs");
}

BOOST_AUTO_TEST_SUITE_END()
