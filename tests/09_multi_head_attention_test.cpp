// Chapter 09 tests: split_heads, concat_heads and multi_head_attention.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's non-exercise code (src/labs/multi_head_attention_lab.*).
//
// Dimension legend: L_Q = query positions, L_K = key positions, h = heads,
// d_model = token width, d_k = one head's query/key width, d_v = one head's value width.
// Rows are tokens, columns are features.
//
// Every expected value is computed here by plain loops over scalars (columns copied
// one by one, tests/support/oracles.hpp's attention by loops for each head, the
// products with W_o), never by the code under test. Each exercise's first check runs
// the learner's function on a few inputs and names the mistake behind a wrong result
// (tests/support/diagnosis.hpp); `distinguishable` proves that those inputs tell every
// two declared mistakes apart.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch09_multi_head_attention)

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <functional>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "check_progress.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"
#include "core/shape.hpp"
#include "core/worked_example.hpp"
#include "labs/multi_head_attention_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("split_heads", {{"M", "heads", "M's width against the number of heads: M.n_cols % heads == 0, "
                                                  "which a width of 0 keeps"}}) &&
    contract_rules("multi_head_attention",
                   {{"X_q", "W_q", "X_q's columns against W_q's rows, d_model"},
                    {"X_kv", "W_k", "X_kv's columns against W_k's rows, d_model"},
                    {"X_kv", "W_v", "X_kv's columns against W_v's rows, d_model"},
                    {"W_q", "W_k", "W_q's columns against W_k's columns, h * d_k"},
                    {"W_q", "heads", "W_q's columns against the heads, W_q.n_cols % heads == 0"},
                    {"W_v", "heads", "W_v's columns against the heads, W_v.n_cols % heads == 0"},
                    {"W_o", "W_v",
                     "W_o's rows against W_v's columns, h * d_v (the width of concat), which need not be h * d_k"}});


// The signal call() dies of (0: none), run in a child process so that the check itself
// lives on to say so: SIGFPE, an integer division by zero (M.n_cols % heads with 0
// heads; where it does not trap, the child lives), or SIGSEGV (or SIGBUS, SIGABRT), the
// first element of an empty std::vector read (parts[0] of no parts).
int dies_of(const std::function<void()>& call) {
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        const rlimit no_core{0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        // the default action, whoever runs the check: Boost.Test's own handler (without
        // --catch_system_errors=no) would catch the signal and carry on in the child
        for (const int sig : {SIGFPE, SIGSEGV, SIGBUS, SIGABRT}) std::signal(sig, SIG_DFL);
        try {
            call();
        } catch (...) {
        }
        _exit(0);
    }
    int status = 0;
    return waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}
bool dies_dividing_by_zero(const std::function<void()>& call) { return dies_of(call) == SIGFPE; }
const char* kDividedByZeroHeads =
    "heads = 0 reached a division (a % heads or a / heads) before anything refused it, and the program died of "
    "SIGFPE";

// A matrix whose every entry is different and whose rows have very different
// ranges, so that no two ways of cutting it agree anywhere by accident.
arma::mat distinct_entries(arma::uword rows, arma::uword cols) {
    arma::mat M(rows, cols);
    for (arma::uword i = 0; i < rows; ++i)
        for (arma::uword j = 0; j < cols; ++j) M(i, j) = std::pow(10.0, static_cast<double>(i)) * (j + 1) + 0.1 * j * j;
    return M;
}

// Columns `cols` of M, copied one entry at a time.
arma::mat columns_by_loops(const arma::mat& M, const std::vector<arma::uword>& cols) {
    arma::mat P(M.n_rows, cols.size());
    for (arma::uword i = 0; i < M.n_rows; ++i)
        for (std::size_t c = 0; c < cols.size(); ++c) P(i, c) = M(i, cols[c]);
    return P;
}
// Columns first .. first + width - 1 of M.
arma::mat block_by_loops(const arma::mat& M, arma::uword first, arma::uword width) {
    std::vector<arma::uword> cols;
    for (arma::uword c = 0; c < width; ++c) cols.push_back(first + c);
    return columns_by_loops(M, cols);
}

// Parts side by side, by loops (part 0 leftmost, or the last leftmost when reversed);
// an empty list gives a 0x0 matrix, and parts of different heights give 0x0 too (they
// cannot stand side by side: only the learner's result can be like that).
arma::mat join_by_loops(const std::vector<arma::mat>& parts, bool reversed = false) {
    if (parts.empty()) return arma::mat();
    arma::uword width = 0;
    for (const auto& p : parts) {
        if (p.n_rows != parts[0].n_rows) return arma::mat();
        width += p.n_cols;
    }
    arma::mat J(parts[0].n_rows, width);
    arma::uword c0 = 0;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const arma::mat& p = parts[reversed ? parts.size() - 1 - k : k];
        for (arma::uword i = 0; i < p.n_rows; ++i)
            for (arma::uword j = 0; j < p.n_cols; ++j) J(i, c0 + j) = p(i, j);
        c0 += p.n_cols;
    }
    return J;
}

// The parts stacked, rows after rows (arma::join_cols), by loops.
arma::mat stack_by_loops(const std::vector<arma::mat>& parts) {
    arma::uword rows = 0;
    for (const auto& p : parts) rows += p.n_rows;
    arma::mat S(rows, parts.at(0).n_cols);
    arma::uword r0 = 0;
    for (const auto& p : parts) {
        for (arma::uword i = 0; i < p.n_rows; ++i)
            for (arma::uword j = 0; j < p.n_cols; ++j) S(r0 + i, j) = p(i, j);
        r0 += p.n_rows;
    }
    return S;
}

std::string shape(arma::uword r, arma::uword c) { return std::to_string(r) + "x" + std::to_string(c); }

// ================================================================= split_heads
// What split_heads gave: how many parts, and each part as "head i" (its rows are
// tokens, its columns the head's own columns).
const Axes kHeadPart = axes("token", "column");

Result split_result(const std::vector<arma::mat>& parts) {
    Result r = number("the number of parts", static_cast<double>(parts.size()));
    for (std::size_t i = 0; i < parts.size(); ++i) r.add("head " + std::to_string(i), parts[i], kHeadPart);
    return r;
}

// Head p as M.cols(start(p), start(p) + width - 1), the way a learner's loop cuts it:
// Armadillo refuses a block that runs past the last column, or an empty one (width 0
// makes the end wrap round below 0).
Result cut_columns(const arma::mat& M, arma::uword h, const std::function<arma::uword(arma::uword)>& start,
                   arma::uword width) {
    std::vector<arma::mat> parts;
    for (arma::uword p = 0; p < h; ++p) {
        // (M.cols() or M.submat() or a span: Armadillo's "indices out of bounds" either way)
        if (width == 0 || start(p) + width > M.n_cols) return Result::throws(Threw::armadillo_index, "out of bounds");
        parts.push_back(block_by_loops(M, start(p), width));
    }
    return split_result(parts);
}

// Head p as M.rows(p * r, (p + 1) * r - 1): every column, some of the tokens.
Result cut_rows(const arma::mat& M, arma::uword h, arma::uword r) {
    std::vector<arma::mat> parts;
    for (arma::uword p = 0; p < h; ++p) {
        if (r == 0 || (p + 1) * r > M.n_rows) return Result::throws(Threw::armadillo_index, "Mat::rows()");
        arma::mat P(r, M.n_cols);
        for (arma::uword i = 0; i < r; ++i)
            for (arma::uword j = 0; j < M.n_cols; ++j) P(i, j) = M(p * r + i, j);
        parts.push_back(P);
    }
    return split_result(parts);
}

Result split_by_loops(const arma::mat& M, arma::uword h) {
    const arma::uword w = M.n_cols / h;
    return cut_columns(M, h, [w](arma::uword p) { return p * w; }, w);
}

// Every natural wrong split of M into h heads, as variants of probe p.
void split_variants(Probe& p, const arma::mat& M, arma::uword h) {
    const arma::uword L = M.n_rows, w = M.n_cols / h;
    // copies through memptr(): M read as if stored row by row (entry (r, c) at r * n_cols + c),
    // the part written as it comes or row by row too; or head i's block taken from memptr()
    // + i * w, a column count where an entry count (i * w * L) belongs
    if (L > 1 && w > 0) {
        const arma::mat R = read_row_major(M);
        std::vector<arma::mat> read_only, both, from_offset;
        bool inside = true;
        for (arma::uword i = 0; i < h; ++i) {
            const arma::mat block = R.cols(i * w, (i + 1) * w - 1);
            read_only.push_back(block);
            both.push_back(arma::reshape(arma::mat(block.t()), L, w));
            if (i * w + L * w > M.n_elem) inside = false;
            else from_offset.push_back(arma::reshape(arma::mat(M.memptr() + i * w, L * w, 1), L, w));
        }
        const char* copying = "each head's copy, reading M";
        p.variant(mistake_of(StorageRead::row_major), split_result(read_only), copying).labelled("M read row-major");
        p.variant(mistake_of(StorageRead::row_major), split_result(both), copying).labelled("M and the part row-major");
        if (inside && h > 1) p.variant(m::heads_block_start_in_columns, split_result(from_offset));
    }
    std::vector<arma::mat> dealt;  // column j to head j % h
    for (arma::uword q = 0; q < h; ++q) {
        std::vector<arma::uword> cols;
        for (arma::uword c = 0; c < w; ++c) cols.push_back(c * h + q);
        dealt.push_back(columns_by_loops(M, cols));
    }
    p.variant(m::heads_interleaved_columns, split_result(dealt))
        .variant(m::heads_split_by_rows, cut_rows(M, h, L / h))
        .labelled("L / h rows each")
        .variant(m::heads_split_by_rows, cut_rows(M, h, w))
        .labelled("M.rows(i * w, (i + 1) * w - 1)")
        .variant(m::heads_slice_starts_at_head_index, cut_columns(M, h, [](arma::uword q) { return q; }, w))
        .variant(m::heads_count_used_as_width, cut_columns(M, h, [h](arma::uword q) { return q * h; }, h))
        .labelled("h blocks of h columns")
        // heads and width traded whole: M.n_cols / h blocks, each h columns wide
        .variant(m::heads_count_used_as_width, cut_columns(M, w, [h](arma::uword q) { return q * h; }, h))
        .labelled("n_cols / h blocks of h columns")
        // h blocks of the right width w, head i starting at column i * h
        .variant(m::heads_count_used_as_width, cut_columns(M, h, [h](arma::uword q) { return q * h; }, w))
        .labelled("blocks of w columns from i * h")
        // the loop over the heads bounded by the head width: w blocks of w columns
        .variant(m::heads_loop_runs_to_width, cut_columns(M, w, [w](arma::uword q) { return q * w; }, w))
        .variant(m::heads_width_from_rows, cut_columns(M, h, [L, h](arma::uword q) { return q * (L / h); }, L / h));
    // the right blocks, but numbered from the right, each transposed, or pushed after h
    // empty parts (a vector sized first, then push_back)
    {
        std::vector<arma::mat> reversed, transposed, after_empty(h);
        for (arma::uword q = 0; q < h; ++q) {
            reversed.push_back(block_by_loops(M, (h - 1 - q) * w, w));
            transposed.push_back(block_by_loops(M, q * w, w).t());
            after_empty.push_back(block_by_loops(M, q * w, w));
        }
        p.variant(m::heads_numbered_from_the_right, split_result(reversed))
            .variant(m::heads_parts_transposed, split_result(transposed))
            .variant(m::parts_sized_then_pushed, split_result(after_empty));
    }
    // M.cols(i * w, w): the width given where Armadillo takes the last index (as Eigen's
    // middleCols(i * w, w) takes a count): head 0 one column too wide, head 1 a single column,
    // and from head 2 on a range that runs backwards, which Armadillo refuses
    {
        std::vector<arma::mat> parts;
        Result r;
        for (arma::uword q = 0; q < h && r.threw == Threw::nothing; ++q) {
            if (w < q * w || w >= M.n_cols) r = Result::throws(Threw::armadillo_index, "out of bounds");
            else parts.push_back(block_by_loops(M, q * w, w - q * w + 1));
        }
        p.variant(m::span_end_given_a_count, r.threw == Threw::nothing ? split_result(parts) : r);
    }
    // M.cols(i * w, (i + 1) * w): the last head runs one column past the end (however
    // the block is taken: cols, submat, or a span)
    const Mistake& one_too_wide = mistake_of(OneTooMany::span_end);
    p.variant_fitting(
        one_too_wide, Result::throws(Threw::armadillo_index, "Mat::cols(): indices out of bounds or incorrectly used"),
        [](const Result& got) {
            return got.threw == Threw::armadillo_index && mentions(got.message, "out of bounds") &&
                   !mentions(got.message, "rows()");
        },
        "here the last head's block ran past M's last column; a loop that makes one head too many, i = 0 .. "
        "heads, runs past it the same way");
    // M.cols(i * w, std::min((i + 1) * w, M.n_cols - 1)): kept inside M, each head but the
    // last one column too wide
    {
        std::vector<arma::mat> wide;
        for (arma::uword q = 0; q < h; ++q) {
            const arma::uword last = std::min((q + 1) * w, M.n_cols - 1);
            wide.push_back(block_by_loops(M, q * w, last - q * w + 1));
        }
        p.variant(one_too_wide, split_result(wide),
                  "here each head's block ended at column (i + 1) * w, the first column of the next head, and "
                  "std::min kept the last one inside M: every head but the last came out w + 1 columns wide")
            .labelled("M.cols(i * w, std::min((i + 1) * w, M.n_cols - 1))");
    }
}

Diagnosis split_heads_diagnosis() {
    Diagnosis d("split_heads");
    const std::vector<std::tuple<std::string, arma::mat, arma::uword>> inputs = {
        {"M 4x6 into 2 heads", distinct_entries(4, 6), 2},
        // the same shapes with other values: a result kept for those shapes shows
        {"M 4x6 into 2 heads again, other numbers", distinct_entries(4, 6) * -0.5 + 3.0, 2},
        {"M 3x6 into 3 heads", distinct_entries(3, 6), 3},
        {"M 4x8 into 4 heads", distinct_entries(4, 8), 4},
        {"M 2x5 into 1 head", distinct_entries(2, 5), 1}};
    for (const auto& [input, M, h] : inputs) {
        const arma::mat in = M;
        const arma::uword heads = h;
        Probe& p = d.probe(input, [in, heads] { return split_result(attn::split_heads(in, heads)); },
                           split_by_loops(in, heads));
        split_variants(p, in, heads);
        p.quantity("h", static_cast<double>(heads));
    }
    return d;
}

// ================================================================= concat_heads
// What concat_heads gave: one matrix, rows tokens, columns the heads' columns (in
// blocks named "head" when every part has the same width).
Axes concat_axes(const std::vector<arma::mat>& parts) {
    Axes a = axes("token", "column");
    bool same = true;
    for (const auto& p : parts) same = same && p.n_cols == parts.at(0).n_cols;
    if (same && parts.size() > 1 && parts[0].n_cols > 0) {
        a.block = parts[0].n_cols;
        a.block_name = "head";
    }
    return a;
}

// Every natural wrong concatenation of parts, as variants of probe p.
void concat_variants(Probe& p, const std::vector<arma::mat>& parts) {
    const Axes ax = concat_axes(parts);
    const arma::uword L = parts.at(0).n_rows, w0 = parts[0].n_cols;
    arma::uword total = 0;
    bool same_width = true;
    for (const auto& q : parts) total += q.n_cols, same_width = same_width && q.n_cols == w0;
    auto as = [&](const arma::mat& M) { return result("concat", M, ax); };

    p.variant(m::heads_concat_reversed, as(join_by_loops(parts, true)));
    p.variant(m::heads_concat_stacked_rows,
              same_width ? as(stack_by_loops(parts)) : Result::throws(Threw::armadillo_size, "join_cols"));
    // out.cols(c, c + w) = part: the first block is one column wider than the part
    // (with one part, it runs past the end)
    p.variant(mistake_of(OneTooMany::span_end),
              w0 + 1 > total ? Result::throws(Threw::armadillo_index, "Mat::cols()")
                             : Result::throws(Threw::armadillo_size, "copy into submatrix: incompatible matrix dimensions: " +
                                                                         shape(L, w0 + 1) + " and " + shape(L, w0)));
    // every head taken to be as wide as head 0: out.cols(i * w, (i + 1) * w - 1) = parts[i]
    {
        Result r = as(join_by_loops(parts));
        for (const auto& q : parts)
            if (q.n_cols != w0) {
                r = Result::throws(Threw::armadillo_size, "copy into submatrix: incompatible matrix dimensions: " +
                                                              shape(L, w0) + " and " + shape(L, q.n_cols));
                break;
            }
        p.variant(m::heads_concat_assumes_equal_widths, r);
        // out made parts.size() * w0 wide, each part written at its running offset: right
        // when that is the total width, spare columns (of anything) after the parts when part
        // 0 is the widest, and a block past the end of out when it is not
        const arma::uword made = parts.size() * w0;
        const arma::mat joined = join_by_loops(parts);
        if (made == total) {
            p.variant(m::heads_concat_assumes_equal_widths, as(joined));
        } else if (made > total) {
            arma::mat example(L, made, arma::fill::zeros);
            example.cols(0, total - 1) = joined;
            p.variant_fitting(m::heads_concat_assumes_equal_widths, as(example), [=](const Result& got) {
                if (got.threw != Threw::nothing || got.parts.size() != 1) return false;
                const arma::mat& M = got.parts[0].value;
                return M.n_rows == L && M.n_cols == made && agree(arma::mat(M.cols(0, total - 1)), joined, kTol);
            });
        } else {
            p.variant_fitting(m::heads_concat_assumes_equal_widths, Result::throws(Threw::armadillo_index, "Mat::cols()"),
                              [](const Result& got) { return got.threw == Threw::armadillo_index; });
        }
        p.labelled("parts.size() * parts[0].n_cols wide, a running offset");
        // out h * w0 wide (zeros), part i written at column i * w0, at most w0 of its columns:
        // a narrower part leaves zeros, a wider one loses its last columns; right when the
        // widths are equal
        arma::mat clipped(L, made, arma::fill::zeros);
        for (arma::uword i = 0; i < parts.size(); ++i)
            for (arma::uword r = 0; r < L; ++r)
                for (arma::uword c = 0; c < w0 && c < parts[i].n_cols; ++c) clipped(r, i * w0 + c) = parts[i](r, c);
        p.variant(m::heads_concat_assumes_equal_widths, as(clipped))
            .labelled("parts.size() * parts[0].n_cols wide, part i at i * w0, at most w0 of its columns");
    }
    // the loop over the parts off by one: part 0 twice, the last part left out, part 0 left out
    {
        std::vector<arma::mat> twice = {parts[0]}, no_last, no_first;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            twice.push_back(parts[i]);
            if (i + 1 < parts.size()) no_last.push_back(parts[i]);
            if (i > 0) no_first.push_back(parts[i]);
        }
        p.variant(m::heads_concat_loop_off_by_one, as(join_by_loops(twice))).labelled("out = parts[0], then i from 0");
        p.variant(m::heads_concat_loop_off_by_one, as(join_by_loops(no_last))).labelled("i < parts.size() - 1");
        p.variant(m::heads_concat_loop_off_by_one, as(join_by_loops(no_first))).labelled("i from 1, out empty");
    }
    // each part dealt into every h-th column, column k of part i to column k * h + i, for k
    // below part 0's width (out h * w0 wide): a narrower part runs out of columns (Armadillo's
    // index error), a wider one loses its last columns
    {
        const arma::uword h = parts.size();
        bool narrower = false;
        for (const auto& q : parts) narrower = narrower || q.n_cols < w0;
        if (!narrower) {
            arma::mat out(L, h * w0, arma::fill::zeros);
            for (arma::uword i = 0; i < h; ++i)
                for (arma::uword k = 0; k < w0; ++k)
                    for (arma::uword r = 0; r < L; ++r) out(r, k * h + i) = parts[i](r, k);
            p.variant(m::heads_interleaved_columns, as(out));
        } else {
            p.variant_fitting(m::heads_interleaved_columns, Result::throws(Threw::armadillo_index, "Mat::col()"),
                              [](const Result& got) { return got.threw == Threw::armadillo_index; });
        }
        // dealt into a result as wide as the parts together, a column past its end skipped
        arma::mat guarded(L, total, arma::fill::zeros);
        for (arma::uword i = 0; i < h; ++i)
            for (arma::uword k = 0; k < parts[i].n_cols; ++k)
                if (k * h + i < total)
                    for (arma::uword r = 0; r < L; ++r) guarded(r, k * h + i) = parts[i](r, k);
        p.variant(m::heads_interleaved_columns, as(guarded)).labelled("out(r, i + c * h), past the end skipped");
    }
    // part i written at column i * parts[0].n_cols with its own width: overlapping or past the end
    {
        arma::mat out(L, total, arma::fill::zeros);
        bool past = false;
        for (arma::uword i = 0; i < parts.size() && !past; ++i) {
            if (i * w0 + parts[i].n_cols > total) past = true;
            else
                for (arma::uword r = 0; r < L; ++r)
                    for (arma::uword j = 0; j < parts[i].n_cols; ++j) out(r, i * w0 + j) = parts[i](r, j);
        }
        if (past)
            p.variant_fitting(m::heads_concat_assumes_equal_widths, Result::throws(Threw::armadillo_index, "Mat::cols()"),
                              [](const Result& got) { return got.threw == Threw::armadillo_index; });
        else
            p.variant(m::heads_concat_assumes_equal_widths, as(out));
        p.labelled("offset i * parts[0].n_cols, each part its own width");
    }
    // the same offsets in an out made parts.size() * parts[0].n_cols wide and left as it came
    // (arma::mat out(L, h * w0)): the columns the parts were written to are theirs (a later
    // part over an earlier one's last columns), the others anything; a part that runs past
    // the end of out, Armadillo's index error
    {
        const arma::uword made = parts.size() * w0;
        arma::mat out(L, made, arma::fill::zeros);
        arma::uvec written(made, arma::fill::zeros);
        bool past = false;
        for (arma::uword i = 0; i < parts.size() && !past; ++i) {
            if (i * w0 + parts[i].n_cols > made) {
                past = true;
                break;
            }
            for (arma::uword j = 0; j < parts[i].n_cols; ++j) {
                written(i * w0 + j) = 1;
                for (arma::uword r = 0; r < L; ++r) out(r, i * w0 + j) = parts[i](r, j);
            }
        }
        if (past)
            p.variant_fitting(m::heads_concat_assumes_equal_widths, Result::throws(Threw::armadillo_index, "Mat::"),
                              [](const Result& got) { return got.threw == Threw::armadillo_index; });
        else
            p.variant_fitting(m::heads_concat_assumes_equal_widths, as(out), [=](const Result& got) {
                if (got.threw != Threw::nothing || got.parts.size() != 1) return false;
                const arma::mat& M = got.parts[0].value;
                if (M.n_rows != L || M.n_cols != made) return false;
                for (arma::uword c = 0; c < made; ++c)
                    if (written(c) && !agree(arma::mat(M.col(c)), arma::mat(out.col(c)), kTol)) return false;
                return true;
            });
        p.labelled("out parts.size() * parts[0].n_cols wide, part i at i * w0 with its own width");
    }
    // the width summed from part 1 on: out is total - w0 wide, filled in order until full
    {
        const arma::mat joined = join_by_loops(parts);
        const arma::mat kept = total > w0 ? arma::mat(joined.cols(0, total - w0 - 1)) : arma::mat(L, 0);
        p.variant(m::heads_concat_width_without_part_0, as(kept));
    }
    // the width assigned, not summed (width = parts[i].n_cols): out as wide as the last part,
    // and the parts written past its end (Armadillo's index error, however they are written),
    // or written only while they fit (the first columns of the right result); right for one part
    {
        const arma::mat joined = join_by_loops(parts);
        const arma::uword last = parts.back().n_cols;
        if (last >= total) {
            p.variant(m::heads_concat_width_not_summed, as(joined)).labelled("written past the end");
        } else {
            p.variant_fitting(m::heads_concat_width_not_summed, Result::throws(Threw::armadillo_index, "Mat::cols()"),
                              [](const Result& got) { return got.threw == Threw::armadillo_index; })
                .labelled("written past the end");
        }
        p.variant(m::heads_concat_width_not_summed,
                  as(last > 0 ? arma::mat(joined.cols(0, last - 1)) : arma::mat(L, 0)))
            .labelled("written while they fit");
    }
    // the offset moved on before each part is written: part i starts after its own width,
    // part 0 at w0, the columns before it left at 0, what runs past the end never written
    {
        arma::mat out(L, total, arma::fill::zeros);
        arma::uword c = 0;
        for (const auto& q : parts) {
            c += q.n_cols;
            for (arma::uword j = 0; j < q.n_cols && c + j < total; ++j)
                for (arma::uword r = 0; r < L; ++r) out(r, c + j) = q(r, j);
        }
        p.variant(m::heads_concat_offset_advanced_first, as(out));
    }
    // the parts added together instead of put side by side
    {
        if (same_width) {
            arma::mat sum(L, w0, arma::fill::zeros);
            for (const auto& q : parts) sum += q;
            p.variant(m::heads_concat_summed, as(sum));
        } else {
            p.variant_fitting(m::heads_concat_summed, Result::throws(Threw::armadillo_size, "addition"),
                              [](const Result& got) {
                                  return got.threw == Threw::armadillo_size || got.threw == Threw::armadillo_index;
                              });
        }
    }
    // every part written at column 0: the offset never moved on (out starts as zeros)
    {
        arma::mat out(L, total, arma::fill::zeros);
        for (const auto& q : parts)
            for (arma::uword i = 0; i < L; ++i)
                for (arma::uword j = 0; j < q.n_cols; ++j) out(i, j) = q(i, j);
        p.variant(m::heads_concat_offset_not_advanced, as(out));
    }
    // one part alone came back: the first (an `arma::mat out` declared again inside the loop,
    // which hides the one returned, or a return inside the loop) or the last (out = parts[i])
    p.variant(m::heads_concat_one_part_returned, as(parts.front()), "part 0 alone").labelled("the first");
    p.variant(m::heads_concat_one_part_returned, as(parts.back()), "the last part alone, each part replacing the one before")
        .labelled("the last");
    // out made at its final size (zeros), then the parts joined on after it
    {
        std::vector<arma::mat> after = {arma::mat(L, total, arma::fill::zeros)};
        for (const auto& q : parts) after.push_back(q);
        p.variant(m::heads_concat_joined_after_zeros, as(join_by_loops(after)));
    }
}

Diagnosis concat_heads_diagnosis() {
    Diagnosis d("concat_heads");
    const arma::mat M = distinct_entries(3, 6), N = distinct_entries(2, 6);
    arma::arma_rng::set_seed(92);
    const arma::mat a = arma::randn(4, 2), b = arma::randn(4, 2) + 5.0;
    const std::vector<std::pair<std::string, std::vector<arma::mat>>> inputs = {
        {"parts 3x2, 3x3 and 3x1", {columns_by_loops(M, {0, 1}), columns_by_loops(M, {2, 3, 4}), columns_by_loops(M, {5})}},
        // the same shapes with other values: a result kept for those shapes shows
        {"parts 3x2, 3x3 and 3x1 again, other numbers", {arma::randn(3, 2), arma::randn(3, 3), arma::randn(3, 1)}},
        {"two parts 4x2", {a, b}},
        {"one part 2x3", {block_by_loops(N, 0, 3)}},
        {"three parts 2x2", {block_by_loops(N, 0, 2), block_by_loops(N, 2, 2), block_by_loops(N, 4, 2)}},
        // part 0 the widest, then the narrowest: parts.size() * parts[0].n_cols is no total width
        {"parts 2x3, 2x1 and 2x1", {block_by_loops(N, 0, 3), block_by_loops(N, 3, 1), block_by_loops(N, 4, 1)}},
        {"parts 3x1 and 3x2", {columns_by_loops(M, {0}), columns_by_loops(M, {1, 2})}}};
    for (const auto& [input, parts] : inputs) {
        const std::vector<arma::mat> in = parts;
        const Axes ax = concat_axes(in);
        Probe& p = d.probe(input, [in, ax] { return result("concat", attn::concat_heads(in), ax); },
                           result("concat", join_by_loops(in), ax));
        concat_variants(p, in);
    }
    return d;
}

// ================================================================= multi_head_attention
// One input of multi-head attention: the two sequences, the four projections, the
// number of heads and the mask (empty: none).
struct MhaCase {
    std::string name;
    arma::mat X_q, X_kv, W_q, W_k, W_v, W_o;
    arma::uword h;
    arma::mat mask;
};

// Multi-head weights with every dimension different: W_q and W_k d_model x (h d_k),
// W_v d_model x (h d_v), W_o (h d_v) x d_model.
struct Layer {
    arma::mat W_q, W_k, W_v, W_o;
    Layer(arma::uword d_model, arma::uword h, arma::uword d_k, arma::uword d_v, int seed) {
        arma::arma_rng::set_seed(seed);
        W_q = arma::randn(d_model, h * d_k) * 0.8;
        W_k = arma::randn(d_model, h * d_k) * 0.8;
        W_v = arma::randn(d_model, h * d_v);
        W_o = arma::randn(h * d_v, d_model);
    }
};

// What multi_head_attention computes, right and in the natural wrong ways.
enum class Mha {
    right,
    divide_by_d_model,    // each head's scores over sqrt(X_q.n_cols)
    divide_by_all_heads,  // over sqrt(h d_k), the width of all the heads' queries
    interleaved,          // column j to head j % h
    concat_reversed,
    no_w_o,
    one_softmax,          // one softmax over every head's scores of a query
    mask_not_passed,
    kv_from_queries,      // K and V projected from X_q
    keys_from_queries,    // K alone from X_q (V from X_kv)
    values_from_queries,  // V alone from X_q (K from X_kv)
    queries_from_x_kv,    // Q from X_kv too: everything from X_kv
    values_cut_at_key_width,  // V_i = V.cols(i d_k, (i + 1) d_k - 1)
    values_at_key_offset,     // V_i = V.cols(i d_k, i d_k + d_v - 1): d_v wide, from Q's and K's offset
    values_cut_at_key_width_placed,  // V_i d_k wide as above, each head's output written into a concat
                                     // made h d_v wide at column i d_v (zeros where d_k < d_v)
    widths_from_d_model,      // every head cut X_q.n_cols / h columns wide
    one_wide_head,            // the projections attended whole, as one head
    concat_stacked,           // the heads' outputs stacked as rows (arma::join_cols)
    cut_end_inclusive,        // Q.cols(i d_k, (i + 1) d_k): each head one column too wide
    cut_given_a_count,        // Q.cols(i d_k, d_k), V.cols(i d_v, d_v): a width where the last index belongs
    concat_end_inclusive,     // concat.cols(i d_v, (i + 1) d_v) = head_i
    w_o_first,                // output = W_o concat
    scores_as_weights,        // each head's scaled (and masked) scores kept as its weights
    raw_scores_as_weights,    // each head's Q_i K_i^T kept as its weights
    head0_queries,            // every head attends with head 0's queries Q_0
    head0_keys,               // ... with head 0's keys K_0
    keys_cut_from_q,          // each head's keys cut from Q = X_q W_q (a slicing line copied, Q for K)
    head0_values,             // ... with head 0's values V_0
    w_o_transposed,           // output = concat W_o^T
    width_is_head_count,      // split_heads(Q, d_k): d_k parts, each `heads` columns wide
    weights_not_kept,         // the weights vector left empty
    last_head_dropped,        // the heads' loop one short: h - 1 heads, concat W_o
    last_head_dropped_top_rows,  // ... and concat times W_o's first (h - 1) d_v rows
    weights_are_outputs,      // each head's output stored as its weights
    w_o_blocks_at_d_k,        // output = sum_i head_i W_o.rows(i d_k, i d_k + d_v - 1)
    w_o_blocks_d_k_wide,      // output = sum_i head_i W_o.rows(i d_k, (i + 1) d_k - 1)
    weights_averaged,         // one matrix kept for all the heads: the mean of their weights
    residual_added,           // output = concat W_o + X_q (the block's residual)
    w_o_first_block,          // output = sum_i head_i W_o.rows(0, d_v - 1): no offset i d_v
};

struct MhaByLoops {
    Result thrown;  // threw != nothing: what the learner's code throws there
    std::vector<arma::mat> weights;
    arma::mat concat, output;
};

MhaByLoops mha_throws(Threw t, std::string needle) {
    MhaByLoops r;
    r.thrown = Result::throws(t, std::move(needle));
    return r;
}

// Column block p of M (width w), or column c * h + p for c < w when dealt like cards.
arma::mat head_of(const arma::mat& M, arma::uword h, arma::uword p, arma::uword w, bool dealt) {
    std::vector<arma::uword> cols;
    for (arma::uword c = 0; c < w; ++c) cols.push_back(dealt ? c * h + p : p * w + c);
    return columns_by_loops(M, cols);
}

// `head`: how each head's attention is done, and how the inputs were projected (slips
// of tests/support/families.hpp).
MhaByLoops mha_by_loops(const MhaCase& in, Mha s = Mha::right, const AttentionWay& head = {}) {
    const arma::uword h = in.h;
    const arma::mat& Xq = s == Mha::queries_from_x_kv ? in.X_kv : in.X_q;
    const arma::mat& Xkv = s == Mha::kv_from_queries ? in.X_q : in.X_kv;
    // Q (L_Q, h d_k), K (L_K, h d_k), V (L_K, h d_v; h d_k when projected by W_q or W_k)
    ProjectionsByLoops pr = projections_by_loops(Xq, Xkv, in.W_q, in.W_k, in.W_v, head.projection);
    if (s == Mha::keys_from_queries) pr.K = product_by_loops(in.X_q, in.W_k);
    if (s == Mha::keys_cut_from_q) pr.K = pr.Q;
    if (s == Mha::values_from_queries) pr.V = product_by_loops(in.X_q, in.W_v);
    const arma::mat &Q = pr.Q, &K = pr.K, &V = pr.V;
    const arma::uword d_k = in.W_q.n_cols / h, d_v = in.W_v.n_cols / h, L_Q = Q.n_rows, L_K = K.n_rows;
    const bool dealt = s == Mha::interleaved;
    const arma::uword d_model_part = in.X_q.n_cols / h;
    const arma::uword qk_width = s == Mha::widths_from_d_model ? d_model_part : s == Mha::width_is_head_count ? h : d_k;
    const arma::uword v_width = s == Mha::values_cut_at_key_width || s == Mha::values_cut_at_key_width_placed ||
                                        head.projection.v != Weight::v
                                    ? d_k
                                : s == Mha::widths_from_d_model                                    ? d_model_part
                                : s == Mha::width_is_head_count                                    ? h
                                                                                                   : d_v;
    // head p cut as M.cols(p w, w): refused once the end w lies before the start or past M
    if (s == Mha::cut_given_a_count)
        for (arma::uword p = 0; p < h; ++p)
            if (d_k < p * d_k || d_k >= Q.n_cols || d_v < p * d_v || d_v >= V.n_cols)
                return mha_throws(Threw::armadillo_index, "out of bounds");
    // (values_cut_at_key_width_placed is written with submat(), whose error names submat, not cols)
    if (h * qk_width > Q.n_cols || h * v_width > V.n_cols || s == Mha::cut_end_inclusive)
        return mha_throws(Threw::armadillo_index, s == Mha::values_cut_at_key_width_placed ? "out of bounds" : "Mat::cols()");
    // one of K and V from X_q, the other from X_kv: each head's K_i and V_i of other lengths,
    // which scaled_dot_product_attention refuses before it looks at the mask
    if (K.n_rows != V.n_rows)
        return mha_throws(Threw::shape_error, "K " + shape(K.n_rows, d_k) + " and V " + shape(V.n_rows, v_width));
    const arma::mat mask = s == Mha::mask_not_passed ? arma::mat() : in.mask;
    if (mask.n_elem && (mask.n_rows != L_Q || mask.n_cols != L_K))
        return mha_throws(Threw::shape_error, "mask " + shape(mask.n_rows, mask.n_cols));
    // a head's K_i Q_i^T (L_K x L_Q) plus the mask (L_Q x L_K), as Armadillo refuses it
    if (head.scores == ScoresFrom::k_q && mask.n_elem && L_Q != L_K)
        return mha_throws(Threw::armadillo_size,
                          "addition: incompatible matrix dimensions: " + shape(L_K, L_Q) + " and " + shape(L_Q, L_K));
    // a head's A (L_K x L_Q) times its V_i (L_K x d_v), as Armadillo refuses it
    if ((head.scores == ScoresFrom::k_q || head.transpose_weights) && L_Q != L_K)
        return mha_throws(Threw::armadillo_size, "matrix multiplication: incompatible matrix dimensions: " +
                                                     shape(L_K, L_Q) + " and " + shape(L_K, d_v));
    if (s == Mha::concat_end_inclusive)
        return h * d_v < d_v + 1 ? mha_throws(Threw::armadillo_index, "Mat::cols()")
                                 : mha_throws(Threw::armadillo_size, "copy into submatrix: incompatible matrix dimensions: " +
                                                                         shape(L_Q, d_v + 1) + " and " + shape(L_Q, d_v));

    AttentionWay way = head;
    if (s == Mha::divide_by_d_model) way.divisor = std::sqrt(static_cast<double>(in.X_q.n_cols));
    if (s == Mha::divide_by_all_heads) way.divisor = std::sqrt(static_cast<double>(in.W_q.n_cols));
    MhaByLoops r;
    std::vector<arma::mat> outputs;
    std::vector<arma::mat> Qs, Ks, Vs;
    const bool dropped = s == Mha::last_head_dropped || s == Mha::last_head_dropped_top_rows;
    const arma::uword parts = s == Mha::one_wide_head ? 1 : dropped ? h - 1 : h;
    for (arma::uword p = 0; p < parts; ++p) {
        const arma::uword q = s == Mha::head0_queries ? 0 : p;  // whose queries head p attends with
        Qs.push_back(s == Mha::one_wide_head ? Q : head_of(Q, h, q, qk_width, dealt));  // (L_Q, d_k)
        const arma::uword k = s == Mha::head0_keys ? 0 : p, v = s == Mha::head0_values ? 0 : p;
        Ks.push_back(s == Mha::one_wide_head ? K : head_of(K, h, k, qk_width, dealt));  // (L_K, d_k)
        if (s == Mha::cut_given_a_count) {
            Qs.back() = block_by_loops(Q, p * d_k, d_k - p * d_k + 1);
            Ks.back() = block_by_loops(K, p * d_k, d_k - p * d_k + 1);
            Vs.push_back(block_by_loops(V, p * d_v, d_v - p * d_v + 1));
            continue;
        }
        if (s == Mha::values_at_key_offset) {
            if (v * d_k + v_width > V.n_cols) return mha_throws(Threw::armadillo_index, "");
            Vs.push_back(V.cols(v * d_k, v * d_k + v_width - 1));
            continue;
        }
        Vs.push_back(s == Mha::one_wide_head ? V : head_of(V, h, v, v_width, dealt));   // (L_K, d_v)
    }
    if (s == Mha::one_softmax) {
        // every head's scaled, masked scores of a query side by side, one softmax over them all
        std::vector<arma::mat> scores;
        for (arma::uword p = 0; p < h; ++p) scores.push_back(attention_by_loops(Qs[p], Ks[p], Vs[p], mask).scores);
        const arma::mat joint = softmax_by_loops(join_by_loops(scores));  // (L_Q, h L_K)
        for (arma::uword p = 0; p < h; ++p) {
            r.weights.push_back(block_by_loops(joint, p * L_K, L_K));
            outputs.push_back(product_by_loops(r.weights.back(), Vs[p]));
        }
    } else {
        for (arma::uword p = 0; p < parts; ++p) {
            const AttentionByLoops a = attention_by_loops(Qs[p], Ks[p], Vs[p], mask, way);
            r.weights.push_back(a.weights);
            outputs.push_back(a.output);
        }
    }
    r.concat = s == Mha::concat_stacked ? stack_by_loops(outputs) : join_by_loops(outputs, s == Mha::concat_reversed);
    if (s == Mha::values_cut_at_key_width_placed) {
        r.concat = arma::mat(L_Q, h * d_v, arma::fill::zeros);
        for (arma::uword p = 0; p < h; ++p)
            for (arma::uword i = 0; i < L_Q; ++i)
                for (arma::uword c = 0; c < d_k; ++c) r.concat(i, p * d_v + c) = outputs[p](i, c);
    }
    if (s == Mha::scores_as_weights || s == Mha::raw_scores_as_weights) {
        AttentionWay plain;
        plain.divisor = s == Mha::raw_scores_as_weights ? 1.0 : 0.0;
        for (arma::uword p = 0; p < h; ++p)
            r.weights[p] = attention_by_loops(Qs[p], Ks[p], Vs[p], s == Mha::raw_scores_as_weights ? arma::mat() : mask, plain)
                               .scores;
    }
    if (s == Mha::weights_not_kept) r.weights.clear();
    if (s == Mha::weights_are_outputs) r.weights = outputs;
    if (s == Mha::weights_averaged) {
        arma::mat mean(L_Q, L_K, arma::fill::zeros);
        for (const arma::mat& w : r.weights) mean += w / static_cast<double>(r.weights.size());
        r.weights = {mean};
    }
    if (s == Mha::w_o_transposed) {
        if (r.concat.n_cols != in.W_o.n_cols)  // concat (L_Q x h d_v) times W_o^T (d_model x h d_v)
            return mha_throws(Threw::armadillo_size, "matrix multiplication: incompatible matrix dimensions: " +
                                                         shape(r.concat.n_rows, r.concat.n_cols) + " and " +
                                                         shape(in.W_o.n_cols, in.W_o.n_rows));
        r.output = product_by_loops(r.concat, in.W_o.t());
    } else if (s == Mha::last_head_dropped_top_rows) {
        r.output = product_by_loops(r.concat, in.W_o.rows(0, r.concat.n_cols - 1));  // W_o's first (h - 1) d_v rows
    } else if (s == Mha::w_o_blocks_at_d_k || s == Mha::w_o_blocks_d_k_wide) {
        // each head's output times a block of W_o's rows starting at i d_k (not i d_v)
        const arma::uword rows = s == Mha::w_o_blocks_at_d_k ? d_v : d_k;
        r.output = arma::mat(L_Q, in.W_o.n_cols, arma::fill::zeros);
        for (arma::uword p = 0; p < h; ++p) {
            if (p * d_k + rows > in.W_o.n_rows) return mha_throws(Threw::armadillo_index, "");
            if (rows != d_v)  // head_p (L_Q x d_v) times a block d_k x d_model
                return mha_throws(Threw::armadillo_size, "matrix multiplication: incompatible matrix dimensions: " +
                                                             shape(L_Q, d_v) + " and " + shape(rows, in.W_o.n_cols));
            r.output += product_by_loops(outputs[p], in.W_o.rows(p * d_k, p * d_k + rows - 1));
        }
    } else if (s == Mha::w_o_first_block) {
        // each head's output times W_o's first d_v rows, the block's offset i d_v forgotten
        if (d_v == 0) return mha_throws(Threw::armadillo_index, "");  // W_o.rows(0, d_v - 1) wraps round
        r.output = arma::mat(L_Q, in.W_o.n_cols, arma::fill::zeros);
        for (arma::uword p = 0; p < h; ++p) r.output += product_by_loops(outputs[p], in.W_o.rows(0, d_v - 1));
    } else if (s == Mha::w_o_first) {
        if (in.W_o.n_cols != r.concat.n_rows)  // W_o ((h d_v) x d_model) times concat (L_Q x h d_v)
            return mha_throws(Threw::armadillo_size, "matrix multiplication: incompatible matrix dimensions: " +
                                                         shape(in.W_o.n_rows, in.W_o.n_cols) + " and " +
                                                         shape(r.concat.n_rows, r.concat.n_cols));
        r.output = product_by_loops(in.W_o, r.concat);
    } else if (s == Mha::no_w_o) {
        r.output = r.concat;
    } else {
        if (r.concat.n_cols != in.W_o.n_rows)  // concat (L_Q x ...) times W_o, as Armadillo refuses it
            return mha_throws(Threw::armadillo_size, "matrix multiplication: incompatible matrix dimensions: " +
                                                         shape(r.concat.n_rows, r.concat.n_cols) + " and " +
                                                         shape(in.W_o.n_rows, in.W_o.n_cols));
        r.output = product_by_loops(r.concat, in.W_o);  // (L_Q, d_model)
        if (s == Mha::residual_added) {
            if (r.output.n_rows != in.X_q.n_rows || r.output.n_cols != in.X_q.n_cols)
                return mha_throws(Threw::armadillo_size, "addition");
            r.output += in.X_q;
        }
    }
    return r;
}

// What one call gave: every head's weights side by side (head i in columns i L_K ..),
// concat (head i in columns i d_v ..) and the output.
Result mha_result(const std::vector<arma::mat>& weights, const arma::mat& concat, const arma::mat& output,
                  arma::uword L_K, arma::uword d_v) {
    Axes w = axes("query", "column"), c = axes("query", "column");
    w.block = L_K, w.block_name = "head";
    c.block = d_v, c.block_name = "head";
    return result("weights (the heads side by side)", join_by_loops(weights), w)
        .add("concat", concat, c)
        .add("output", output, axes("query", "column"));
}
Result mha_result(const MhaByLoops& r, arma::uword L_K, arma::uword d_v) {
    return r.thrown.threw != Threw::nothing ? r.thrown : mha_result(r.weights, r.concat, r.output, L_K, d_v);
}

std::vector<MhaCase> mha_cases() {
    std::vector<MhaCase> cases;
    {  // d_model 6 = 2 heads of d_k 3, d_v 2: 3 queries over 4 keys
        const Layer w(6, 2, 3, 2, 94);
        arma::arma_rng::set_seed(95);
        const arma::mat X_q = arma::randn(3, 6), X_kv = arma::randn(4, 6) * 1.5;
        cases.push_back({"cross-attention of 3 queries over 4 keys, d_model 6, 2 heads of d_k 3 and d_v 2", X_q, X_kv,
                         w.W_q, w.W_k, w.W_v, w.W_o, 2, arma::mat()});
    }
    {  // heads narrower than d_model / h: sqrt(d_k) = sqrt(2), sqrt(h d_k) = 2, sqrt(d_model) = sqrt(6)
        const Layer w(6, 2, 2, 3, 113);
        arma::arma_rng::set_seed(114);
        const arma::mat X_q = arma::randn(3, 6) * 1.5, X_kv = arma::randn(5, 6);
        cases.push_back({"cross-attention of 3 queries over 5 keys, d_model 6, 2 heads of d_k 2 and d_v 3", X_q, X_kv,
                         w.W_q, w.W_k, w.W_v, w.W_o, 2, arma::mat()});
    }
    {  // self-attention, one token far larger than the others
        const Layer w(6, 3, 2, 3, 96);
        arma::arma_rng::set_seed(97);
        arma::mat X = arma::randn(5, 6);
        X.row(4) *= 3.0;
        cases.push_back({"self-attention of 5 tokens, d_model 6, 3 heads of d_k 2 and d_v 3", X, X, w.W_q, w.W_k, w.W_v,
                         w.W_o, 3, arma::mat()});
    }
    {  // causal self-attention
        const Layer w(6, 3, 2, 3, 100);
        arma::arma_rng::set_seed(101);
        const arma::mat X = arma::randn(5, 6);
        cases.push_back({"causal self-attention of 5 tokens, 3 heads of d_k 2 and d_v 3", X, X, w.W_q, w.W_k, w.W_v,
                         w.W_o, 3, causal_mask_by_loops(5)});
    }
    {  // self-attention of 4 tokens, d_k 3 > d_v 2, a causal mask with one more key hidden
        const Layer w(5, 2, 3, 2, 120);
        arma::arma_rng::set_seed(121);
        const arma::mat X = arma::randn(4, 5) * 1.2;
        arma::mat mask = causal_mask_by_loops(4);
        mask(3, 1) = -INFINITY;
        cases.push_back({"masked self-attention of 4 tokens, d_model 5, 2 heads of d_k 3 and d_v 2", X, X, w.W_q, w.W_k,
                         w.W_v, w.W_o, 2, mask});
    }
    {  // cross-attention of 3 queries over 4 keys under a mask of finite entries besides 0
       // (the contract adds any number but NaN and +infinity), key 2 hidden from query 1
        const Layer w(4, 2, 2, 2, 124);
        arma::arma_rng::set_seed(125);
        const arma::mat X_q = arma::randn(3, 4) * 1.5, X_kv = arma::randn(4, 4);
        arma::mat mask = {{-3.0, 0.0, 2.0, -1.5}, {1.0, -2.5, 0.0, 0.5}, {0.0, 0.75, -1.0, 3.0}};
        mask(1, 2) = -INFINITY;
        cases.push_back({"cross-attention of 3 queries over 4 keys, d_model 4, 2 heads of d_k 2 and d_v 2, a mask of "
                         "finite entries (-3, -1.5, 2, ...) besides 0",
                         X_q, X_kv, w.W_q, w.W_k, w.W_v, w.W_o, 2, mask});
    }
    {  // a query that may look at no key at all: in every head its row of weights is all 0
       // and so is its row of concat (chapter 06's rule), where a softmax of its own gives NaN
        const Layer w(6, 2, 3, 2, 126);
        arma::arma_rng::set_seed(127);
        const arma::mat X_q = arma::randn(3, 6), X_kv = arma::randn(4, 6);
        arma::mat mask(3, 4, arma::fill::zeros);
        mask.row(1).fill(-INFINITY);
        mask(2, 0) = -INFINITY;
        cases.push_back({"cross-attention of 3 queries over 4 keys, 2 heads of d_k 3 and d_v 2, query 1 hidden from "
                         "every key",
                         X_q, X_kv, w.W_q, w.W_k, w.W_v, w.W_o, 2, mask});
    }
    return cases;
}

Diagnosis multi_head_attention_diagnosis() {
    Diagnosis d("multi_head_attention");
    for (const MhaCase& c : mha_cases()) {
        const arma::uword L_K = c.X_kv.n_rows, d_v = c.W_v.n_cols / c.h;
        Probe& p = d.probe(
            c.name,
            [c, L_K, d_v] {
                const attn::MultiHeadResult r =
                    attn::multi_head_attention(c.X_q, c.X_kv, c.W_q, c.W_k, c.W_v, c.W_o, c.h, c.mask);
                return mha_result(r.weights, r.concat, r.output, L_K, d_v);
            },
            mha_result(mha_by_loops(c), L_K, d_v));
        auto with = [&](Mha s) { return mha_result(mha_by_loops(c, s), L_K, d_v); };
        // the slips of one head's attention (tests/support/families.hpp), made in every head
        const Finish heads = [&](const AttentionWay& w) { return mha_result(mha_by_loops(c, Mha::right, w), L_K, d_v); };
        DivisorSlips divisors;
        divisors.after_softmax = true;
        divisors.d_k_detail = "or divided by sqrt(d_k) twice: scaled_dot_product_attention already divides each head's "
                              "scores by it";
        add_divisor_slips(p,
                          DivisorSizes{static_cast<double>(c.W_q.n_cols / c.h), static_cast<double>(d_v),
                                       static_cast<double>(L_K)},
                          heads, divisors);
        WiringSlips wiring;
        wiring.ways = {Wiring::scores_k_q, Wiring::output_at_v};
        add_attention_wiring_slips(p, heads, wiring);
        add_projection_slips(p, heads, {Projection::sources_swapped, Projection::q_by_w_k, Projection::k_by_w_q,
                                        Projection::v_by_w_k});
        // the output as W_o concat
        add_product_slips(p, [&](const ProductWay&) -> Outcome { return with(Mha::w_o_first); }, {{Product::w_x}});
        SoftmaxSlips down;
        down.table = down.by_length = down.without_exp = false;
        down.again = true;  // each head's weights put through softmax_rows once more
        add_softmax_slips(p, heads, down);
        MaskSlips mask;
        mask.ignored = mask.multiplied = mask.transposed = mask.large = false;
        mask.subtracted = true;  // -mask handed to each head's attention
        // what a slip of the mask does to a finite entry other than 0 depends on how its body
        // was written (mask < 0, mask == 0, ...): declared where the mask holds only 0 and -inf
        if (arma::all(arma::vectorise(c.mask == 0.0 || c.mask == -arma::datum::inf))) add_mask_slips(p, c.mask, heads, mask);
        if (c.mask.n_elem) {
            // the mask read through memptr() row by row, mask[i * L_K + j]: Armadillo keeps it
            // column by column, so a square mask comes out transposed and another one scrambled
            MhaCase read = c;
            const arma::mat stored = arma::reshape(c.mask, c.mask.n_cols, c.mask.n_rows);  // memory, L_K per row
            read.mask = stored.t();
            p.variant(mistake_of(MaskUse::transposed), mha_result(mha_by_loops(read), L_K, d_v))
                .labelled("mask[i * L_K + j]");
            // no rule for a query with every key hidden: its row of weights -inf - (-inf) = NaN in every head
            AttentionWay unguarded;
            unguarded.softmax.guard = false;
            if (arma::any(arma::max(c.mask, 1) == -arma::datum::inf))
                declare(p, *mistake_of(unguarded.softmax), heads(unguarded));
        }
        p.variant(m::head_scale_by_sqrt_d_model, with(Mha::divide_by_d_model))
            .variant(m::head_scale_by_total_width, with(Mha::divide_by_all_heads))
            .variant(m::heads_interleaved_columns, with(Mha::interleaved))
            .variant(m::heads_concat_reversed, with(Mha::concat_reversed))
            .variant(m::heads_output_projection_missing, with(Mha::no_w_o))
            .variant(m::heads_one_softmax_over_all_heads, with(Mha::one_softmax))
            .variant(m::heads_mask_not_passed, with(Mha::mask_not_passed), "the heads")
            .variant(m::heads_keys_values_from_queries, with(Mha::kv_from_queries))
            .labelled("K and V from X_q")
            .variant(m::heads_keys_values_from_queries, with(Mha::keys_from_queries))
            .labelled("K from X_q")
            .variant(m::heads_keys_values_from_queries, with(Mha::values_from_queries))
            .labelled("V from X_q")
            .variant(m::heads_keys_cut_from_queries, with(Mha::keys_cut_from_q))
            .on_other_input(with(Mha::queries_from_x_kv), "X_kv in place of X_q: the queries were projected from X_kv, "
                                                           "which only the keys and values come from")
            .variant(m::heads_values_cut_at_key_width, with(Mha::values_cut_at_key_width))
            .labelled("V.cols(i * d_k, (i + 1) * d_k - 1)")
            .variant(m::heads_values_cut_at_key_width, with(Mha::values_at_key_offset))
            .labelled("V.cols(i * d_k, i * d_k + d_v - 1)")
            .variant(m::heads_values_cut_at_key_width, with(Mha::values_cut_at_key_width_placed))
            .labelled("V.cols(i * d_k, (i + 1) * d_k - 1), each output written at column i * d_v")
            .variant(m::heads_width_from_d_model, with(Mha::widths_from_d_model))
            .variant(m::heads_not_split, with(Mha::one_wide_head))
            .variant(m::heads_concat_stacked_rows, with(Mha::concat_stacked))
            .variant(m::span_end_given_a_count, with(Mha::cut_given_a_count))
            .variant(mistake_of(OneTooMany::span_end), with(Mha::cut_end_inclusive))
            .labelled("Q.cols(i * d_k, (i + 1) * d_k)")
            .variant(mistake_of(OneTooMany::span_end), with(Mha::concat_end_inclusive))
            .labelled("concat.cols(i * d_v, (i + 1) * d_v) = head")
            .variant(m::heads_weights_before_softmax, with(Mha::scores_as_weights))
            .labelled("the scaled scores")
            .variant(m::heads_weights_before_softmax, with(Mha::raw_scores_as_weights))
            .labelled("Q_i K_i^T")
            .variant(m::heads_slice_of_head_0, with(Mha::head0_queries), "queries")
            .variant(m::heads_slice_of_head_0, with(Mha::head0_keys), "keys")
            .variant(m::heads_slice_of_head_0, with(Mha::head0_values), "values")
            .variant(m::heads_output_projection_transposed, with(Mha::w_o_transposed))
            .variant(m::heads_weights_not_returned, with(Mha::weights_not_kept))
            .variant(m::heads_last_one_left_out, with(Mha::last_head_dropped))
            .labelled("concat W_o")
            .variant(m::heads_last_one_left_out, with(Mha::last_head_dropped_top_rows))
            .labelled("concat times W_o's first (h - 1) d_v rows")
            .variant(m::heads_outputs_as_weights, with(Mha::weights_are_outputs))
            .variant(m::heads_residual_added, with(Mha::residual_added))
            .variant(m::heads_output_blocks_without_offset, with(Mha::w_o_first_block))
            .variant(m::heads_output_blocks_at_key_width, with(Mha::w_o_blocks_at_d_k))
            .labelled("W_o.rows(i * d_k, i * d_k + d_v - 1)")
            .variant(m::heads_output_blocks_at_key_width, with(Mha::w_o_blocks_d_k_wide))
            .labelled("W_o.rows(i * d_k, (i + 1) * d_k - 1)");
        // one L_Q x L_K matrix kept for all the heads (their mean, as PyTorch's
        // average_attn_weights does, their sum, or one head's own), concat and output right
        {
            const arma::uword L_Q = c.X_q.n_rows;
            const Result right = p.right;
            p.variant_fitting(m::heads_weights_merged, with(Mha::weights_averaged), [=](const Result& got) {
                if (got.threw != Threw::nothing || got.parts.size() != 3 || right.parts.size() != 3) return false;
                const arma::mat& W = got.parts[0].value;
                return W.n_rows == L_Q && W.n_cols == L_K && agree(got.parts[1].value, right.parts[1].value, kTol) &&
                       agree(got.parts[2].value, right.parts[2].value, kTol);
            });
        }
        // split_heads handed the head width: d_k parts of `heads` columns (d_v for the values);
        // where a head is narrower than the count of heads, part i >= d_k is read past the end of
        // the vector (undefined) or of Q (Armadillo's error): any wrong result counts there
        {
            const arma::uword d_k = c.W_q.n_cols / c.h;
            if (c.h <= d_k && c.h <= d_v)
                p.variant(m::heads_split_by_head_width, with(Mha::width_is_head_count));
            else
                p.variant_fitting(m::heads_split_by_head_width, Result::throws(Threw::armadillo_index, ""),
                                  [right = p.right](const Result& r) { return !same_result(r, right); });
        }
        // the heads' divisibility checked on d_model, which the projections may change: a d_model
        // of 5 refused for 2 heads of width 3
        declare(p, m::heads_divisibility_on_d_model,
                c.X_q.n_cols % c.h == 0
                      ? mha_result(mha_by_loops(c), L_K, d_v)
                      : Outcome{Result::throws(Threw::shape_error, "multi_head_attention: d_model must split evenly"),
                                [](const Result& r) {
                                    return r.threw == Threw::shape_error &&
                                           r.message.rfind("multi_head_attention:", 0) == 0;
                                }});
        p.quantity("d_k", static_cast<double>(c.W_q.n_cols / c.h))
            .quantity("d_model", static_cast<double>(c.X_q.n_cols))
            .quantity("h", static_cast<double>(c.h));
    }
    return d;
}

// Column blocks a and b (each of width w) of M swapped; rows instead when by_rows.
arma::mat swap_blocks(const arma::mat& M, arma::uword w, arma::uword a, arma::uword b, bool by_rows) {
    arma::mat R = M;
    for (arma::uword k = 0; k < w; ++k) {
        if (by_rows) {
            R.row(a * w + k) = M.row(b * w + k);
            R.row(b * w + k) = M.row(a * w + k);
        } else {
            R.col(a * w + k) = M.col(b * w + k);
            R.col(b * w + k) = M.col(a * w + k);
        }
    }
    return R;
}

MhaCase case_of(const arma::mat& X_q, const arma::mat& X_kv, const Layer& w, arma::uword h,
                const arma::mat& mask = arma::mat()) {
    return {"", X_q, X_kv, w.W_q, w.W_k, w.W_v, w.W_o, h, mask};
}

}  // namespace

// ==================================================================== split_heads
BOOST_AUTO_TEST_SUITE(split_heads)

BOOST_AUTO_TEST_CASE(head_i_is_the_ith_block_of_columns) {
    // 2, 3, 4 and 1 heads of matrices whose every entry differs: every way of cutting differs
    split_heads_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(three_heads_of_two_columns) {
    const arma::mat M = distinct_entries(3, 6);
    const std::vector<arma::mat> got = attn::split_heads(M, 3);
    BOOST_TEST_REQUIRE(got.size() == 3u, "3 heads give 3 parts; got " << got.size());
    for (arma::uword i = 0; i < 3; ++i)
        BOOST_TEST(matrices_close(got[i], block_by_loops(M, 2 * i, 2), 0.0,
                                  "head " + std::to_string(i) + " (columns " + std::to_string(2 * i) + "-" +
                                      std::to_string(2 * i + 1) + " of the 3x6 matrix)",
                                  kHeadPart));
}

BOOST_AUTO_TEST_CASE(rows_are_never_cut) {
    const arma::mat M = distinct_entries(4, 8);
    const auto got = attn::split_heads(M, 4);
    BOOST_TEST(got.size() == 4u, "4 heads give 4 parts; got " << got.size());
    for (const auto& p : got)
        BOOST_TEST((p.n_rows == 4u && p.n_cols == 2u),
                   "every head keeps all 4 tokens (rows) and gets 8 / 4 = 2 columns: 4x2; got " << attn::shape_of(p));
}

BOOST_AUTO_TEST_CASE(a_sequence_of_no_tokens_splits_into_empty_heads) {
    // L = 0 keeps every rule: h parts of 0 rows and w columns (M.n_rows - 1 as a last row
    // wraps round for an unsigned 0; .cols() takes whole columns, whatever the rows)
    if (!results_right(split_heads_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once head_i_is_the_ith_block_of_columns passes");
        return;
    }
    const arma::mat M(0, 6);
    const Result got = attempt([&] {
        const auto parts = attn::split_heads(M, 3);
        Result r;
        for (std::size_t i = 0; i < parts.size(); ++i)
            r.add("part " + std::to_string(i) + " (its shape, rows x columns)",
                  arma::mat{{double(parts[i].n_rows), double(parts[i].n_cols)}}, attn_test::counted());
        return r;
    });
    if (empty_range_broke(got, "M 0x6 (no tokens) into 3 heads")) return;
    if (attn_test::refused_valid_input(got, "split_heads", "M 0x6 (no tokens) into 3 heads")) return;
    Result want;
    for (int i = 0; i < 3; ++i)
        want.add("part " + std::to_string(i) + " (its shape, rows x columns)", arma::mat{{0.0, 2.0}}, attn_test::counted());
    BOOST_TEST(attn_test::same_result(got, want), "split_heads(M 0x6, 3): three parts of 0x2; "
                                                      << attn_test::describe_outcome(got, want));
}

BOOST_AUTO_TEST_CASE(a_matrix_of_no_columns_splits_into_heads_of_no_columns) {
    // 0 columns split evenly into any number of heads: h parts of L rows and 0 columns each
    // (no parts at all, or parts of no rows, lose the heads or the tokens)
    if (!results_right(split_heads_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once head_i_is_the_ith_block_of_columns passes");
        return;
    }
    const arma::mat M(3, 0);
    const Result got = attempt([&] {
        const auto parts = attn::split_heads(M, 2);
        Result r = number("the number of parts", static_cast<double>(parts.size()));
        for (std::size_t i = 0; i < parts.size(); ++i)
            r.add("part " + std::to_string(i) + " (its shape, rows x columns)",
                  arma::mat{{double(parts[i].n_rows), double(parts[i].n_cols)}}, attn_test::counted());
        return r;
    });
    if (empty_range_broke(got, "M 3x0 (no columns) into 2 heads")) return;
    if (attn_test::refused_valid_input(got, "split_heads", "M 3x0 (no columns) into 2 heads")) return;
    Result want = number("the number of parts", 2.0);
    for (int i = 0; i < 2; ++i)
        want.add("part " + std::to_string(i) + " (its shape, rows x columns)", arma::mat{{3.0, 0.0}}, attn_test::counted());
    BOOST_TEST(attn_test::same_result(got, want), "split_heads(M 3x0, 2): two parts of 3x0, one per head; "
                                                      << attn_test::describe_outcome(got, want));
}

BOOST_AUTO_TEST_CASE(one_head_is_the_whole_matrix) {
    const arma::mat M = distinct_entries(3, 5);
    const auto got = attn::split_heads(M, 1);
    BOOST_TEST(got.size() == 1u, "1 head gives 1 part; got " << got.size());
    if (got.size() == 1) BOOST_TEST(matrices_close(got[0], M, 0.0, "the one head", kHeadPart));
}

BOOST_AUTO_TEST_CASE(concatenating_the_parts_gives_back_the_matrix) {
    arma::arma_rng::set_seed(91);
    const arma::mat M = arma::randn(5, 12);
    for (arma::uword h : {1u, 2u, 3u, 4u, 6u, 12u})
        BOOST_TEST(matrices_close(join_by_loops(attn::split_heads(M, h)), M, 0.0,
                                  "split_heads(M, " + std::to_string(h) + ") side by side", kHeadPart));
}

BOOST_AUTO_TEST_CASE(rejects_a_width_that_does_not_split_naming_both) {
    const arma::mat M(3, 10, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>("split_heads", [&] { attn::split_heads(M, 4); }, {},
                                                       "M of 3x10 into 4 heads");
    if (msg.empty()) return;
    if (!message_names(msg, {"M 3x10", "heads 1x4"}, "10 columns into 4 heads", /*in_order=*/true)) return;
    // the columns are what must split, whatever the rows: 3x10 holds 30 entries, which 3 heads
    // divide, but 10 columns do not split into 3 heads (asked once the results are right, so
    // that a rule about the wrong size is named once, by its diagnosis)
    if (!results_right(split_heads_diagnosis())) return;
    const std::string again = refusal_of<attn::ShapeError>("split_heads", [&] { attn::split_heads(M, 3); }, {},
                                                         "M of 3x10 into 3 heads");
    if (again.empty()) return;
    message_names(again, {"M 3x10", "heads 1x3"}, "10 columns into 3 heads", /*in_order=*/true);
}

BOOST_AUTO_TEST_CASE(refuses_zero_heads) {
    const arma::mat M(3, 4, arma::fill::ones);
    if (dies_dividing_by_zero([&] { attn::split_heads(M, 0); })) return report_bad_input_accepted(kDividedByZeroHeads);
    refusal_of<attn::InputError>("split_heads", [&] { attn::split_heads(M, 0); });
}


BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== concat_heads
BOOST_AUTO_TEST_SUITE(concat_heads)

BOOST_AUTO_TEST_CASE(part_0_goes_leftmost) {
    // parts of different widths (2, 3, 1; 3, 1, 1; 1, 2), two parts, one part, three equal parts
    concat_heads_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(parts_of_different_widths_each_keep_their_own_width) {
    // part 0 the widest (3, 1, 1: 5 columns, not 3 x 3) and the narrowest (1, 2: 3, not 2 x 1)
    const arma::mat M = distinct_entries(2, 5), N = distinct_entries(3, 3);
    for (const std::vector<arma::mat>& parts :
         {std::vector<arma::mat>{block_by_loops(M, 0, 3), block_by_loops(M, 3, 1), block_by_loops(M, 4, 1)},
          std::vector<arma::mat>{block_by_loops(N, 0, 1), block_by_loops(N, 1, 2)}}) {
        const Result got = attempt([&] { return result("concat", attn::concat_heads(parts), axes("token", "column")); });
        const std::string d = describe_outcome(got, result("concat", join_by_loops(parts), axes("token", "column")));
        BOOST_TEST(d.empty(), parts.size() << " parts, the first " << parts[0].n_cols
                                           << " columns wide: the result is as wide as all of them together; " << d);
    }
}

BOOST_AUTO_TEST_CASE(undoes_split_heads) {
    arma::arma_rng::set_seed(93);
    const arma::mat M = arma::randn(4, 9);
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < 3; ++i) parts.push_back(block_by_loops(M, 3 * i, 3));
    BOOST_TEST(matrices_close(attn::concat_heads(parts), M, 0.0, "the three 4x3 blocks of M side by side",
                              concat_axes(parts)));
}

BOOST_AUTO_TEST_CASE(parts_of_no_tokens_are_parts_too) {
    // the contract refuses an empty list and parts of different lengths, nothing else: the
    // heads of a sequence of no tokens are joined like any other (0 x the sum of widths)
    if (!results_right(concat_heads_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once part_0_goes_leftmost passes");
        return;
    }
    // two parts and three (the last the narrowest): a body that lets a part replace a result
    // of no entries (out.is_empty() ? part : join_rows(out, part)) keeps only the last part
    const std::vector<std::vector<arma::mat>> inputs = {{arma::mat(0, 2), arma::mat(0, 3)},
                                                        {arma::mat(0, 2), arma::mat(0, 4), arma::mat(0, 1)}};
    std::vector<std::string> wrong;
    bool last_only = true;
    for (const std::vector<arma::mat>& parts : inputs) {
        const Result got = attempt([&] { return result("concat", attn::concat_heads(parts), axes("token", "column")); });
        std::string input = std::to_string(parts.size()) + " parts of no tokens";
        for (std::size_t i = 0; i < parts.size(); ++i) input += (i ? ", " : " ") + attn::shape_of(parts[i]);
        if (empty_range_broke(got, input)) return;
        if (refused_valid_input(got, "concat_heads", input)) return;
        const std::string d = describe_outcome(got, result("concat", join_by_loops(parts), axes("token", "column")));
        if (d.empty()) continue;
        wrong.push_back(input + ": " + d);
        last_only = last_only && got.threw == Threw::nothing && got.parts.size() == 1 &&
                    got.parts[0].value.n_rows == 0 && got.parts[0].value.n_cols == parts.back().n_cols;
    }
    if (wrong.empty()) return;
    if (last_only && wrong.size() == inputs.size()) return report(m::heads_concat_empty_result_replaced);
    BOOST_TEST(false, wrong.front());
}

BOOST_AUTO_TEST_CASE(a_part_of_no_columns_adds_no_columns) {
    // a head of width 0 (split_heads of a matrix of no columns gives such parts) is a part
    // like any other: it adds nothing, and the parts around it still stand side by side
    if (!results_right(concat_heads_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once part_0_goes_leftmost passes");
        return;
    }
    const arma::mat M = distinct_entries(3, 3);
    bool wrong_before = false;
    for (const std::vector<arma::mat>& parts :
         {std::vector<arma::mat>{block_by_loops(M, 0, 2), arma::mat(3, 0), block_by_loops(M, 2, 1)},
          std::vector<arma::mat>{arma::mat(3, 0), block_by_loops(M, 0, 3)},
          std::vector<arma::mat>{arma::mat(3, 0), arma::mat(3, 0)}}) {
        // (every part 3x0: the result is 3x0, three tokens of no columns, not 0x0)
        const Result got = attempt([&] { return result("concat", attn::concat_heads(parts), axes("token", "column")); });
        std::size_t no_columns = 0;
        for (const arma::mat& part : parts) no_columns += part.n_cols == 0 ? 1 : 0;
        const std::string input = std::to_string(parts.size()) + " parts, " +
                                  (no_columns == parts.size() ? std::string("every one") : std::string("one of them")) +
                                  " 3x0";
        if (empty_range_broke(got, input)) return;
        if (refused_valid_input(got, "concat_heads", input)) return;
        const std::string d = describe_outcome(got, result("concat", join_by_loops(parts), axes("token", "column")));
        // right where a part has columns, 0x0 where none has: the parts of no columns dropped
        if (!d.empty() && !wrong_before && no_columns == parts.size() && got.threw == Threw::nothing &&
            got.parts.size() == 1 && got.parts[0].value.n_rows == 0 && got.parts[0].value.n_cols == 0) {
            // named here only where parts of no tokens join right (else parts_of_no_tokens_are_parts_too
            // names what the body does with empty parts)
            const Result none = attempt([] {
                return result("concat", attn::concat_heads({arma::mat(0, 2), arma::mat(0, 3)}), axes("token", "column"));
            });
            if (describe_outcome(none, result("concat", arma::mat(0, 5), axes("token", "column"))).empty())
                return report(m::heads_concat_no_columns_lost_rows);
            BOOST_TEST_MESSAGE("checked once parts_of_no_tokens_are_parts_too passes");
            return;
        }
        wrong_before = wrong_before || !d.empty();
        BOOST_TEST(d.empty(), input << ": " << d);
    }
}

BOOST_AUTO_TEST_CASE(one_part_is_returned_as_it_is) {
    const arma::mat P = distinct_entries(2, 3);
    BOOST_TEST(matrices_close(attn::concat_heads({P}), P, 0.0, "one part", axes("token", "column")));
}

// Where a refusal's message gives the odd part's shape under another number than its own
// (odd): that name ("part 1 2x2"), else "".
std::string odd_part_misnamed(const std::string& msg, std::size_t odd, const std::string& odd_shape) {
    const std::regex named("part ([0-9]+) " + odd_shape);
    for (auto it = std::sregex_iterator(msg.begin(), msg.end(), named); it != std::sregex_iterator(); ++it)
        if (std::stoul((*it)[1].str()) != odd) return (*it)[0].str();
    return "";
}
// Reports part_named_by_another_index when the message names the odd part by another number.
bool reported_misnamed_part(const std::string& msg, std::size_t odd, const std::string& odd_shape) {
    const std::string name = odd_part_misnamed(msg, odd, odd_shape);
    if (name.empty()) return false;
    report(m::part_named_by_another_index, "the message says " + name + " for part " + std::to_string(odd) +
                                               ", the " + odd_shape + " one");
    return true;
}

// A check of the rows that stops before the last part: a middle part of another height refused,
// the same part last let through. Named before the checks that put the odd part last.
bool reported_last_part_unchecked() {
    const arma::mat tall(3, 2, arma::fill::ones), short_one(2, 2, arma::fill::ones);
    const auto threw = [](const std::vector<arma::mat>& parts) {
        return attempt([&] { return result("concat", attn::concat_heads(parts)); }).threw;
    };
    if (threw({tall, short_one, tall}) != Threw::shape_error) return false;
    const Threw last = threw({tall, tall, short_one});
    if (last == Threw::shape_error || last == Threw::input_error) return false;
    report(m::parts_check_skips_the_last);
    return true;
}

BOOST_AUTO_TEST_CASE(rejects_parts_of_different_lengths_naming_both) {
    if (reported_last_part_unchecked()) return;
    const std::vector<arma::mat> parts = {arma::mat(3, 4, arma::fill::ones), arma::mat(2, 4, arma::fill::ones)};
    const std::string msg = refusal_of<attn::ShapeError>("concat_heads", [&] { attn::concat_heads(parts); });
    if (msg.empty()) return;
    if (mentions(msg, "part 2 2x4") && !mentions(msg, "part 1 2x4")) return report(m::part_numbered_from_one);
    if (reported_misnamed_part(msg, 1, "2x4")) return;
    message_names(msg, {"part 0 3x4", "part 1 2x4"}, "a 3-row part beside a 2-row part");
}

BOOST_AUTO_TEST_CASE(rejects_a_later_part_of_another_length) {
    // parts 0 and 1 agree, the last differs: every part is compared, not only the first two,
    // and the loop runs to the last one
    if (reported_last_part_unchecked()) return;
    const std::vector<arma::mat> parts = {arma::mat(3, 2, arma::fill::ones), arma::mat(3, 2, arma::fill::ones),
                                          arma::mat(2, 2, arma::fill::ones)};
    const std::string msg = refusal_of<attn::ShapeError>("concat_heads", [&] { attn::concat_heads(parts); }, {},
                                                         "three parts of 3, 3 and 2 rows (only the last one differs: each part is compared, to the last)");
    if (msg.empty()) return;
    if (mentions(msg, "part 3 2x2")) return report(m::part_numbered_from_one);
    if (reported_misnamed_part(msg, 2, "2x2")) return;
    // either earlier part may stand beside it: both have 3 rows
    const bool beside = mentions(msg, "part 0 3x2") || mentions(msg, "part 1 3x2");
    BOOST_TEST((mentions(msg, "part 2 2x2") && beside),
               "three parts of 3, 3 and 2 rows: the message should give part 2 2x2 and an earlier part (part 0 3x2 "
               "or part 1 3x2); got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_a_middle_part_of_another_length) {
    // the first and last parts agree, the middle one differs: a check of the two ends alone
    // lets it through
    const std::vector<arma::mat> parts = {arma::mat(3, 2, arma::fill::ones), arma::mat(2, 2, arma::fill::ones),
                                          arma::mat(3, 2, arma::fill::ones)};
    const std::string msg = refusal_of<attn::ShapeError>("concat_heads", [&] { attn::concat_heads(parts); }, {},
                                                         "three parts of 3, 2 and 3 rows (only the middle one differs)");
    if (msg.empty()) return;
    if (mentions(msg, "part 2 2x2")) return report(m::part_numbered_from_one);
    if (reported_misnamed_part(msg, 1, "2x2")) return;
    // a part on either side may stand beside it: both have 3 rows
    const bool beside = mentions(msg, "part 0 3x2") || mentions(msg, "part 2 3x2");
    BOOST_TEST((mentions(msg, "part 1 2x2") && beside),
               "three parts of 3, 2 and 3 rows: the message should give part 1 2x2 and another part (part 0 3x2 "
               "or part 2 3x2); got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(refuses_no_parts) {
    const auto call = [&] { attn::concat_heads({}); };
    const int sig = dies_of(call);
    if (sig == SIGSEGV || sig == SIGBUS || sig == SIGABRT)
        return report_bad_input_accepted(
            std::string("an empty list of parts went on to parts[0], the first element of a vector that has none, "
                        "before anything refused it, and the program died of ") +
            (sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : "SIGABRT"));
    refusal_of<attn::InputError>("concat_heads", call);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== multi_head_attention
BOOST_AUTO_TEST_SUITE(multi_head_attention)

BOOST_AUTO_TEST_CASE(matches_per_head_attention_by_loops) {
    // cross- and self-attention, heads as wide as d_model / h and narrower, d_k != d_v,
    // with and without a mask: the weights of every head, concat and the output
    multi_head_attention_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(every_heads_weights_sum_to_one_along_each_row) {
    const Layer w(8, 4, 2, 3, 98);
    arma::arma_rng::set_seed(99);
    const arma::mat X_q = arma::randn(3, 8) * 2.0, X_kv = arma::randn(5, 8);
    const attn::MultiHeadResult r = attn::multi_head_attention(X_q, X_kv, w.W_q, w.W_k, w.W_v, w.W_o, 4);
    BOOST_TEST(r.weights.size() == 4u, "one weight matrix per head (4); got " << r.weights.size());
    for (std::size_t h = 0; h < r.weights.size(); ++h) {
        const arma::mat& A = r.weights[h];
        BOOST_TEST((A.n_rows == 3u && A.n_cols == 5u), "head " << h << "'s weights should be 3x5 (L_Q x L_K); got "
                                                               << attn::shape_of(A));
        // one message per head: the row whose sum is furthest from 1
        double worst = 0, worst_total = 1;
        arma::uword worst_row = 0;
        for (arma::uword i = 0; i < A.n_rows; ++i) {
            double total = 0;
            for (arma::uword j = 0; j < A.n_cols; ++j) total += A(i, j);
            if (!(std::abs(total - 1.0) <= worst)) worst = std::abs(total - 1.0), worst_total = total, worst_row = i;
        }
        BOOST_TEST(worst < 1e-12, "head " << h << ", query " << worst_row << ": the weights sum to " << worst_total
                                          << "; each head has its own softmax, so each of its rows sums to 1");
    }
}

BOOST_AUTO_TEST_CASE(the_mask_applies_to_every_head) {
    const Layer w(6, 3, 2, 3, 100);
    arma::arma_rng::set_seed(101);
    const arma::mat X = arma::randn(5, 6);
    const attn::MultiHeadResult r = attn::multi_head_attention(X, X, w.W_q, w.W_k, w.W_v, w.W_o, 3, causal_mask_by_loops(5));
    BOOST_TEST(r.weights.size() == 3u, "one weight matrix per head (3); got " << r.weights.size());
    // which heads read a future key: some heads masked and others not is the mask handed to
    // only some of them (a condition on the head's index, a loop that passes it once)
    std::vector<std::size_t> unmasked;
    for (std::size_t h = 0; h < r.weights.size(); ++h) {
        const arma::mat& A = r.weights[h];
        BOOST_TEST_REQUIRE((A.n_rows == 5u && A.n_cols == 5u), "head " << h << "'s weights should be 5x5");
        if (arma::any(arma::vectorise(arma::trimatu(A, 1)) != 0.0)) unmasked.push_back(h);
    }
    if (!unmasked.empty() && unmasked.size() < r.weights.size()) {
        std::string which, masked;
        for (std::size_t h = 0; h < r.weights.size(); ++h) {
            const bool without = std::find(unmasked.begin(), unmasked.end(), h) != unmasked.end();
            std::string& list = without ? which : masked;
            list += (list.empty() ? "" : ", ") + std::to_string(h);
        }
        report(m::heads_mask_not_passed, std::string(unmasked.size() > 1 ? "heads " : "head ") + which + " (" +
                                             (r.weights.size() - unmasked.size() > 1 ? "heads " : "head ") + masked +
                                             " had it)");
        return;
    }
    for (std::size_t h = 0; h < r.weights.size(); ++h) {
        const arma::mat& A = r.weights[h];
        for (arma::uword i = 0; i < 5; ++i)
            for (arma::uword j = i + 1; j < 5; ++j)
                BOOST_TEST(A(i, j) == 0.0, "head " << h << ": key " << j << " lies in query " << i
                                                   << "'s future; its weight must be exactly 0, got " << A(i, j)
                                                   << " (is the mask passed to every head?)");
    }
}

BOOST_AUTO_TEST_CASE(one_head_is_scaled_dot_product_attention_then_w_o) {
    // with h = 1 the head is the whole width: attention by loops on X W_q, X W_k, X W_v, then W_o
    const Layer w(5, 1, 4, 3, 102);
    arma::arma_rng::set_seed(103);
    const arma::mat X_q = arma::randn(2, 5), X_kv = arma::randn(6, 5);
    const attn::MultiHeadResult r = attn::multi_head_attention(X_q, X_kv, w.W_q, w.W_k, w.W_v, w.W_o, 1);
    const AttentionByLoops one =
        attention_by_loops(product_by_loops(X_q, w.W_q), product_by_loops(X_kv, w.W_k), product_by_loops(X_kv, w.W_v));
    BOOST_TEST(r.weights.size() == 1u, "1 head gives 1 weight matrix; got " << r.weights.size());
    if (r.weights.size() == 1)
        BOOST_TEST(matrices_close(r.weights[0], one.weights, 1e-12, "the one head's weights", axes("query", "key")));
    BOOST_TEST(matrices_close(r.concat, one.output, 1e-12, "concat of one head (its output)", axes("query", "column")));
    BOOST_TEST(matrices_close(r.output, product_by_loops(one.output, w.W_o), 1e-12, "output with 1 head",
                              axes("query", "column")));
}

BOOST_AUTO_TEST_CASE(two_heads_are_not_one_wide_head) {
    // the same weights read as 1 head of width 4 or 2 heads of width 2: two softmaxes, other numbers
    const Layer w(4, 2, 2, 2, 104);
    arma::arma_rng::set_seed(105);
    const arma::mat X = arma::randn(4, 4);
    const arma::mat one = attn::multi_head_attention(X, X, w.W_q, w.W_k, w.W_v, w.W_o, 1).output;
    const arma::mat two = attn::multi_head_attention(X, X, w.W_q, w.W_k, w.W_v, w.W_o, 2).output;
    BOOST_TEST(matrices_close(two, mha_by_loops(case_of(X, X, w, 2)).output, 1e-12, "2 heads", axes("query", "column")));
    BOOST_TEST(matrices_close(one, mha_by_loops(case_of(X, X, w, 1)).output, 1e-12, "1 head", axes("query", "column")));
    BOOST_TEST(arma::abs(one - two).max() > 1e-6, "1 head and 2 heads gave the same output: is `heads` used?");
}

BOOST_AUTO_TEST_CASE(swapping_two_heads_changes_nothing) {
    // heads 0 and 2 traded: their columns in W_q, W_k, W_v and their rows in W_o
    const arma::uword h = 3, d_k = 2, d_v = 3;
    const Layer w(6, h, d_k, d_v, 106);
    arma::arma_rng::set_seed(107);
    const arma::mat X_q = arma::randn(4, 6), X_kv = arma::randn(3, 6);
    const attn::MultiHeadResult a = attn::multi_head_attention(X_q, X_kv, w.W_q, w.W_k, w.W_v, w.W_o, h);
    const attn::MultiHeadResult b = attn::multi_head_attention(
        X_q, X_kv, swap_blocks(w.W_q, d_k, 0, 2, false), swap_blocks(w.W_k, d_k, 0, 2, false),
        swap_blocks(w.W_v, d_v, 0, 2, false), swap_blocks(w.W_o, d_v, 0, 2, true), h);
    BOOST_TEST(matrices_close(b.output, a.output, 1e-12, "output with heads 0 and 2 swapped", axes("query", "column")),
               "the heads are independent and W_o's rows follow them, so the output must not move");
    BOOST_TEST((a.weights.size() == 3u && b.weights.size() == 3u), "one weight matrix per head (3)");
    if (a.weights.size() == 3 && b.weights.size() == 3) {
        BOOST_TEST(matrices_close(b.weights[0], a.weights[2], 1e-12, "head 0 after the swap (head 2 before)",
                                  axes("query", "key")));
        BOOST_TEST(matrices_close(b.weights[1], a.weights[1], 1e-12, "head 1, not moved", axes("query", "key")));
    }
}

BOOST_AUTO_TEST_CASE(rejects_inputs_narrower_than_the_projections_naming_both) {
    const Layer w(6, 2, 3, 2, 108);
    const arma::mat X5(3, 5, arma::fill::ones), X6(3, 6, arma::fill::ones);
    const std::string a = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X5, X6, w.W_q, w.W_k, w.W_v, w.W_o, 2); }, {},
        "X_q of 3x5 with W_q of 6x6");
    if (a.empty()) return;
    if (!message_names(a, {"X_q 3x5", "W_q 6x6"}, "X_q 5 wide for a W_q of 6 rows")) return;
    const std::string b = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X6, X5, w.W_q, w.W_k, w.W_v, w.W_o, 2); }, {},
        "X_kv of 3x5 with W_k of 6x6 and W_v of 6x4");
    if (b.empty()) return;
    // X_kv breaks the rule of W_k and the one of W_v alike: either may stand beside it
    if (!(mentions(b, "X_kv 3x5") && mentions(b, "W_v 6x4")) &&
        !message_names(b, {"X_kv 3x5", "W_k 6x6"}, "X_kv 5 wide for a W_k and a W_v of 6 rows"))
        return;
    // W_v alone taller than X_kv is wide: the values' rule is checked too, not left to project
    const arma::mat W_v5(5, 4, arma::fill::ones);
    const std::string c = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X6, X6, w.W_q, w.W_k, W_v5, w.W_o, 2); }, {},
        "X_kv of 3x6 with W_v of 5x4 (W_q and W_k of 6x6 fit)");
    if (c.empty()) return;
    if (!message_names(c, {"X_kv 3x6", "W_v 5x4"}, "X_kv 6 wide for a W_v of 5 rows")) return;
    // and W_k alone (its width still the queries' 6): the keys' rule of its own
    const arma::mat W_k5(5, 6, arma::fill::ones);
    const std::string d = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X6, X6, w.W_q, W_k5, w.W_v, w.W_o, 2); }, {},
        "X_kv of 3x6 with W_k of 5x6 (W_q and W_v of 6 rows fit)");
    if (d.empty()) return;
    message_names(d, {"X_kv 3x6", "W_k 5x6"}, "X_kv 6 wide for a W_k of 5 rows");
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_projections_of_different_widths) {
    const Layer w(6, 2, 3, 2, 109);
    const arma::mat X(3, 6, arma::fill::ones), W_k(6, 4, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X, X, w.W_q, W_k, w.W_v, w.W_o, 2); });
    if (msg.empty()) return;
    message_names(msg, {"W_q 6x6", "W_k 6x4"}, "queries 6 wide and keys 4 wide");
}

BOOST_AUTO_TEST_CASE(rejects_projections_that_do_not_split_into_the_heads) {
    // a divisibility rule on the wrong width refuses inputs that fit: its diagnosis says so
    if (!results_right(multi_head_attention_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_per_head_attention_by_loops passes");
        return;
    }
    const arma::mat X(3, 6, arma::fill::ones);
    const arma::mat W5(6, 5, arma::fill::ones), W4(6, 4, arma::fill::ones), W_o4(4, 6, arma::fill::ones),
        W_o5(5, 6, arma::fill::ones);
    const std::string q = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X, X, W5, W5, W4, W_o4, 2); }, {},
        "W_q of 6x5 into 2 heads");
    if (q.empty()) return;
    // W_k is as wide as W_q (their own rule holds), so it splits no better: either may be named
    if (!(mentions(q, "W_k 6x5") && mentions(q, "heads 1x2")) &&
        !message_names(q, {"W_q 6x5", "heads 1x2"}, "5 query and key columns into 2 heads"))
        return;
    const std::string v = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X, X, W4, W4, W5, W_o5, 2); }, {},
        "W_v of 6x5 into 2 heads");
    if (v.empty()) return;
    message_names(v, {"W_v 6x5", "heads 1x2"}, "5 value columns into 2 heads");
}

BOOST_AUTO_TEST_CASE(rejects_an_output_projection_of_the_wrong_height) {
    const Layer w(6, 2, 3, 2, 110);
    const arma::mat X(3, 6, arma::fill::ones), W_o(6, 6, arma::fill::ones);
    // a check of W_o against another size refuses valid input too, named there; here it may let
    // this W_o through (W_q is 6 wide) to Armadillo, which says nothing new
    if (!results_right(multi_head_attention_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_per_head_attention_by_loops passes");
        return;
    }
    const std::string msg = refusal_of<attn::ShapeError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X, X, w.W_q, w.W_k, w.W_v, W_o, 2); });
    if (msg.empty()) return;
    // concat is never an input, so the width W_o is checked against may come as W_v's (h d_v
    // columns) or as concat's own shape, L_Q x h d_v
    if (msg.find("concat 3x4") != std::string::npos)
        message_names(msg, {"W_o 6x6", "concat 3x4"}, "a W_o of 6 rows for a concat 4 wide (2 heads of d_v 2)", false);
    else
        message_names(msg, {"W_o 6x6", "W_v 6x4"}, "a W_o of 6 rows for a concat 4 wide (2 heads of d_v 2)");
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_that_is_not_one_entry_per_query_and_key) {
    // 3 queries over 4 keys need a 3x4 mask; a square 3x3 one (the self-attention habit) is
    // refused by chapter 06's rule, in scaled_dot_product_attention's name or this one's; and a
    // 4x3 mask, as many entries in the other shape, which a check of mask.n_elem lets through
    const Layer w(6, 2, 3, 2, 112);
    const arma::mat X_q(3, 6, arma::fill::ones), X_kv(4, 6, arma::fill::ones);
    for (const arma::mat& mask : {arma::mat(3, 3, arma::fill::zeros), arma::mat(4, 3, arma::fill::zeros)}) {
        const Result got = attempt([&] {
            attn::multi_head_attention(X_q, X_kv, w.W_q, w.W_k, w.W_v, w.W_o, 2, mask);
            return Result{};
        });
        // (a mask that never reaches the heads is refused by nobody, and heads written out by hand
        // leave it to Armadillo: the first check names what the numbers show, this one says what is missing)
        const std::string named = "mask " + shape(mask.n_rows, mask.n_cols);
        if (got.threw == Threw::shape_error && mentions(got.message, named)) continue;
        BOOST_ERROR("a " << shape(mask.n_rows, mask.n_cols)
                         << " mask for 3 queries over 4 keys must be refused with an attn::ShapeError naming " << named
                         << (mask.n_rows == 4 ? " (it has as many entries as a 3x4 mask: compare both sizes, not n_elem)"
                                              : "")
                         << " (chapter 06's rule: scaled_dot_product_attention checks it, or require_shapes in this "
                            "function); got "
                         << (got.threw == Threw::nothing ? std::string("nothing thrown") : got.type + ": " + got.message));
        return;
    }
}

BOOST_AUTO_TEST_CASE(refuses_nan_or_plus_infinity_in_the_mask) {
    // chapter 06's rule for the mask's values: -infinity forbids a key, NaN or +infinity
    // would turn the whole row into NaN. The mask reaches each head's softmax, so the
    // refusal may come in the name of what the heads call (chapter 06's attention, or
    // chapter 03's softmax of heads written by hand), as the mask's shape may
    if (!results_right(multi_head_attention_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_per_head_attention_by_loops passes");
        return;
    }
    const Layer w(6, 2, 3, 2, 115);
    const arma::mat X(3, 6, arma::fill::ones);
    const std::vector<std::string> heads_call = {"scaled_dot_product_attention", "masked_softmax", "softmax_rows"};
    arma::mat mask(3, 3, arma::fill::zeros);
    mask(1, 2) = arma::datum::nan;
    const std::string nan = refusal_of<attn::InputError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X, X, w.W_q, w.W_k, w.W_v, w.W_o, 2, mask); },
        heads_call, "a 3x3 mask holding NaN at (1, 2)");
    if (nan.empty()) return;
    mask(1, 2) = arma::datum::inf;
    refusal_of<attn::InputError>(
        "multi_head_attention", [&] { attn::multi_head_attention(X, X, w.W_q, w.W_k, w.W_v, w.W_o, 2, mask); },
        heads_call, "a 3x3 mask holding +infinity at (1, 2)");
}

BOOST_AUTO_TEST_CASE(refuses_zero_heads) {
    const Layer w(4, 2, 2, 2, 111);
    const arma::mat X(3, 4, arma::fill::ones);
    const auto call = [&] { attn::multi_head_attention(X, X, w.W_q, w.W_k, w.W_v, w.W_o, 0); };
    if (dies_dividing_by_zero(call)) return report_bad_input_accepted(kDividedByZeroHeads);
    refusal_of<attn::InputError>("multi_head_attention", call);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(the_example_is_the_worked_example_read_as_two_heads) {
    namespace ex = attn::example;
    const auto e = attn::multi_head_attention_lab::example();
    BOOST_TEST(e.heads == 2u);
    BOOST_TEST(matrices_close(e.X, ex::X(), 0.0, "X"));
    BOOST_TEST(matrices_close(e.W_q, ex::W_q(), 0.0, "W_q"));
    BOOST_TEST((e.W_o.n_rows == 4u && e.W_o.n_cols == 4u));
    const MhaByLoops r = mha_by_loops({"", e.X, e.X, e.W_q, e.W_k, e.W_v, e.W_o, 2, arma::mat()});
    // head 1 gives "I" the scores 0, 0, 0: it spreads its attention evenly
    BOOST_TEST(matrices_close(r.weights[1].row(0), arma::rowvec(3, arma::fill::value(1.0 / 3)), 1e-12, "head 1, row I"));
}

BOOST_AUTO_TEST_CASE(head_weights_divided_by_d_k_are_the_layers_weights) {
    const auto e = attn::multi_head_attention_lab::example();
    const auto got = attn::multi_head_attention_lab::head_weights_divided_by(e.X, e.X, e.W_q, e.W_k, 2, 2);
    const auto wrong = attn::multi_head_attention_lab::head_weights_divided_by(e.X, e.X, e.W_q, e.W_k, 2, 4);
    const MhaCase c{"", e.X, e.X, e.W_q, e.W_k, e.W_v, e.W_o, 2, arma::mat()};
    const MhaByLoops r = mha_by_loops(c), s = mha_by_loops(c, Mha::divide_by_d_model);
    BOOST_TEST(got.size() == 2u);
    BOOST_TEST(wrong.size() == 2u);
    for (std::size_t h = 0; h < 2; ++h) {
        BOOST_TEST(matrices_close(got[h], r.weights[h], 1e-12, "head " + std::to_string(h) + " over sqrt(2)"));
        BOOST_TEST(matrices_close(wrong[h], s.weights[h], 1e-12, "head " + std::to_string(h) + " over sqrt(4)"));
    }
}

BOOST_AUTO_TEST_CASE(the_larger_divisor_flattens_every_head) {
    const auto e = attn::multi_head_attention_lab::example();
    const auto right = attn::multi_head_attention_lab::head_weights_divided_by(e.X, e.X, e.W_q, e.W_k, 2, 2);
    const auto wrong = attn::multi_head_attention_lab::head_weights_divided_by(e.X, e.X, e.W_q, e.W_k, 2, 4);
    bool some_lower = false;
    for (std::size_t h = 0; h < 2; ++h) {
        const arma::colvec a = attn::multi_head_attention_lab::peak_weights(right[h]);
        const arma::colvec b = attn::multi_head_attention_lab::peak_weights(wrong[h]);
        for (arma::uword i = 0; i < a.n_elem; ++i) {
            BOOST_TEST(b(i) <= a(i) + 1e-15, "head " << h << ", row " << i << ": " << b(i) << " > " << a(i));
            some_lower = some_lower || b(i) < a(i) - 1e-3;
        }
    }
    BOOST_TEST(some_lower);
}

BOOST_AUTO_TEST_CASE(peak_weights_are_the_row_maxima) {
    const arma::mat A = {{0.2, 0.5, 0.3}, {1.0, 0.0, 0.0}};
    const arma::colvec p = attn::multi_head_attention_lab::peak_weights(A);
    BOOST_TEST(p.n_elem == 2u);
    BOOST_TEST(p(0) == 0.5);
    BOOST_TEST(p(1) == 1.0);
}

BOOST_AUTO_TEST_CASE(the_cost_does_not_depend_on_the_number_of_heads) {
    const double one = attn::multi_head_attention_lab::attention_multiply_adds(7, 12, 64, 64, 1);
    BOOST_TEST(one == 7.0 * 12 * 128);
    for (arma::uword h : {2u, 4u, 8u, 16u})
        BOOST_TEST(attn::multi_head_attention_lab::attention_multiply_adds(7, 12, 64 / h, 64 / h, h) == one, "h = " << h);
}

BOOST_AUTO_TEST_CASE(largest_difference_refuses_two_shapes) {
    BOOST_TEST(attn::multi_head_attention_lab::largest_difference(arma::mat{{1, 2}}, arma::mat{{1, 2.5}}) == 0.5);
    BOOST_CHECK_THROW(attn::multi_head_attention_lab::largest_difference(arma::mat(2, 2), arma::mat(2, 3)), attn::ShapeError);
}

BOOST_AUTO_TEST_CASE(heads_figure_has_one_heatmap_per_head_on_zero_to_one) {
    const std::vector<arma::mat> w = {arma::mat(2, 3, arma::fill::value(0.25)), arma::mat(2, 3, arma::fill::value(0.5))};
    const auto fig = attn::multi_head_attention_lab::heads_figure("t", w, {"a", "b"}, {"x", "y", "z"});
    BOOST_TEST(fig.panels.size() == 2u);
    BOOST_TEST(fig.cols == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& h = std::get<attn::plot::Heatmap>(fig.panels.at(i));
        BOOST_TEST(h.zmin == 0.0);
        BOOST_TEST(h.zmax == 1.0);
        BOOST_TEST(h.decimals >= 0, "small matrices show their numbers in the cells");
        BOOST_TEST(matrices_close(h.values, w[i], 0.0, "panel " + std::to_string(i)));
    }
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(split_heads) { split_heads_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(concat_heads) { concat_heads_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(multi_head_attention) { multi_head_attention_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
