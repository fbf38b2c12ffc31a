// Bad input: the README's table "What happens on bad input", row by row, on the
// reference solutions. Each case states what the learner is promised: one clear
// error naming what is wrong and where, or a well-defined answer.
// (The CSV rows are tested through the tool itself, tools/attend/CMakeLists.txt.)
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(bad_input)

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <string>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "contracts/07_cross_attention.hpp"
#include "core/bounded_read.hpp"
#include "core/csv.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"
#include "contracts/02_qkv_projections.hpp"
#include "model/model.hpp"
#include "contracts/03_softmax.hpp"
#include "model/toy_tasks.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::RandomQKV;
using attn_test::thrown_message;

namespace {

const double kInf = std::numeric_limits<double>::infinity();

// The message of the InputError `fn` throws must start with `expected`.
void expect_input_error(const std::function<void()>& fn, const std::string& expected) {
    const std::string msg = thrown_message<attn::InputError>(fn);
    BOOST_TEST(msg.rfind(expected, 0) == 0u, "expected an InputError starting '" << expected << "', got '" << msg << "'");
    BOOST_TEST(msg.find('\n') == std::string::npos, "the error should be one line: '" << msg << "'");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(non_finite_values)

BOOST_AUTO_TEST_CASE(nan_or_infinity_in_q_k_or_v_is_named_with_its_cell) {
    for (const char* which : {"Q", "K", "V"}) {
        for (const double bad : {std::numeric_limits<double>::quiet_NaN(), kInf, -kInf}) {
            RandomQKV m(3, 4, 5, 2);
            arma::mat& M = which[0] == 'Q' ? m.Q : (which[0] == 'K' ? m.K : m.V);
            M(1, 0) = bad;
            const std::string what = std::isnan(bad) ? "NaN" : (bad > 0 ? "+infinity" : "-infinity");
            BOOST_TEST_CONTEXT(which << " holding " << what) {
                expect_input_error([&] { attn::scaled_dot_product_attention(m.Q, m.K, m.V); },
                                   std::string("scaled_dot_product_attention: ") + which + " has " + what +
                                       " at row 1, column 0");
                // masked_attention checks its mask; the matrices are checked by the
                // one attention function it hands them to, which names itself
                expect_input_error([&] { attn::masked_attention(m.Q, m.K, m.V, arma::mat(3, 4, arma::fill::zeros)); },
                                   std::string("scaled_dot_product_attention: ") + which + " has " + what +
                                       " at row 1, column 0");
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(nan_or_infinity_in_x_is_named_with_its_cell) {
    arma::arma_rng::set_seed(4);
    arma::mat X = arma::randn(3, 4);
    const arma::mat W = arma::randn(4, 4);
    X(2, 3) = kInf;
    expect_input_error([&] { attn::self_attention(X, W, W, W); }, "self_attention: X has +infinity at row 2, column 3");
    arma::mat H = arma::randn(5, 4);
    H(0, 1) = NAN;
    expect_input_error([&] { attn::cross_attention(arma::randn(2, 4), H, W, W, W); },
                       "cross_attention: H_enc has NaN at row 0, column 1");
    expect_input_error([&] { attn::cross_attention(X, arma::randn(5, 4), W, W, W); },
                       "cross_attention: X_dec has +infinity at row 2, column 3");
}

BOOST_AUTO_TEST_CASE(nan_or_plus_infinity_in_scores_is_named_with_its_cell) {
    expect_input_error([] { attn::softmax_rows(arma::mat{{0.0, 1.0}, {2.0, NAN}}); },
                       "softmax_rows: S has NaN at row 1, column 1");
    expect_input_error([] { attn::softmax_rows(arma::mat{{kInf, 1.0}}); },
                       "softmax_rows: S has +infinity at row 0, column 0");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(extremes)

BOOST_AUTO_TEST_CASE(scores_of_plus_and_minus_1e300_give_finite_weights) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1e300, -1e300, 0.0}, {-1e300, -1e300, -1e300}});
    BOOST_TEST(A.is_finite());
    // exp(s - max): the largest score gets exp(0) = 1, the others exp(-1e300) = 0
    BOOST_TEST(matrices_close(A, arma::mat{{1.0, 0.0, 0.0}, {1.0 / 3, 1.0 / 3, 1.0 / 3}}, 1e-15, "weights"));
    // the same through attention: d_k = 1, so the scores are q k exactly
    const arma::mat Q(1, 1, arma::fill::value(1e150));
    const arma::mat K = arma::mat(arma::colvec{1e150, -1e150});
    const arma::mat V = {{1.0, 2.0}, {3.0, 4.0}};
    const arma::mat Z = attn::scaled_dot_product_attention(Q, K, V).output;
    BOOST_TEST(matrices_close(Z, arma::mat{{1.0, 2.0}}, 0.0, "output"));
}

BOOST_AUTO_TEST_CASE(huge_numbers_print_in_scientific_notation) {
    BOOST_TEST(attn::format_number(1e300) == "1.00e+300");
    BOOST_TEST(attn::format_number(-1.7976931348623157e308) == "-1.80e+308");
    BOOST_TEST(attn::format_number(123456.789) == "123456.79", "ordinary numbers keep fixed notation");
}

BOOST_AUTO_TEST_CASE(one_token_attends_to_itself_with_weight_one) {
    const arma::mat x = {{0.5, -1.0, 2.0}};
    const arma::mat v = {{7.0, 8.0}};
    BOOST_TEST(matrices_close(attn::softmax_rows(arma::mat(1, 1, arma::fill::value(-3.0))), arma::mat(1, 1, arma::fill::ones), 0.0,
                              "weight"));
    BOOST_TEST(matrices_close(attn::scaled_dot_product_attention(x, x, v).output, v, 0.0, "output"));
    BOOST_TEST(matrices_close(attn::masked_attention(x, x, v, attn::causal_mask(1)).output, v, 0.0, "causal output"));
}

BOOST_AUTO_TEST_CASE(a_fully_masked_query_gets_a_zero_output_row) {
    RandomQKV m(3, 3, 4, 2);
    arma::mat mask = attn::causal_mask(3);
    mask.row(1).fill(-kInf);
    const arma::mat Z = attn::masked_attention(m.Q, m.K, m.V, mask).output;
    BOOST_TEST(Z.is_finite());
    BOOST_TEST(matrices_close(Z.row(1), arma::mat(1, 2, arma::fill::zeros), 0.0, "the fully masked row"));
    BOOST_TEST(matrices_close(Z.row(0), m.V.row(0), 1e-15, "row 0 still sees key 0"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(empty_matrices)

BOOST_AUTO_TEST_CASE(no_keys_is_refused_in_words) {
    expect_input_error([] { attn::scaled_dot_product_attention(arma::mat(2, 4), arma::mat(0, 4), arma::mat(0, 3)); },
                       "scaled_dot_product_attention: K is empty (0x4)");
    expect_input_error([] { attn::scaled_dot_product_attention(arma::mat(2, 0), arma::mat(3, 0), arma::mat(3, 3)); },
                       "scaled_dot_product_attention: K is empty (3x0)");
}

BOOST_AUTO_TEST_CASE(no_queries_gives_no_output_rows) {
    RandomQKV m(1, 3, 4, 2);
    const arma::mat Z = attn::scaled_dot_product_attention(arma::mat(0, 4), m.K, m.V).output;
    BOOST_TEST(Z.n_rows == 0u);
    BOOST_TEST(Z.n_cols == 2u);
    BOOST_TEST(attn::softmax_rows(arma::mat(0, 3)).n_cols == 3u);
}

// Found by fuzzing (fuzz/regressions/softmax_rows/rows_without_keys-*): Armadillo's
// max() of an empty row threw a logic_error that told the learner nothing.
BOOST_AUTO_TEST_CASE(softmax_of_rows_without_keys_is_refused_in_words) {
    expect_input_error([] { attn::softmax_rows(arma::mat(3, 0)); }, "softmax_rows: S is empty (3x0)");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(shape_rules)

struct Broken {
    const char* what;
    std::function<void()> call;
    std::string message;  // the whole message: function, rule, both shapes
};

BOOST_AUTO_TEST_CASE(each_rule_broken_alone_names_the_rule_and_both_shapes) {
    const arma::mat W = arma::ones(4, 4), W5 = arma::ones(5, 4), W43 = arma::ones(4, 3);
    const std::vector<Broken> cases = {
        {"d_q != d_k", [] { attn::scaled_dot_product_attention(arma::mat(7, 64), arma::mat(12, 32), arma::mat(12, 64)); },
         "scaled_dot_product_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32"},
        {"L_K != L_V", [] { attn::scaled_dot_product_attention(arma::mat(7, 64), arma::mat(12, 64), arma::mat(10, 64)); },
         "scaled_dot_product_attention: K and V must have the same length (L_K = L_V); got K 12x64 and V 10x64"},
        {"mask shape", [] { attn::masked_attention(arma::mat(2, 4), arma::mat(4, 4), arma::mat(4, 4), arma::mat(3, 3)); },
         "masked_attention: the mask must have one entry per query and key (L_Q x L_K); got mask 3x3 and scores 2x4"},
        {"masked d_q != d_k", [] { attn::masked_attention(arma::mat(2, 4), arma::mat(4, 3), arma::mat(4, 4), arma::mat(2, 4)); },
         "masked_attention: Q and K must have the same width (d_q = d_k); got Q 2x4 and K 4x3"},
        {"masked L_K != L_V", [] { attn::masked_attention(arma::mat(2, 4), arma::mat(4, 4), arma::mat(3, 4), arma::mat(2, 4)); },
         "masked_attention: K and V must have the same length (L_K = L_V); got K 4x4 and V 3x4"},
        {"X vs W_q", [&] { attn::self_attention(arma::mat(3, 4), W5, W, W); },
         "self_attention: X's width must equal W_q's rows (d_model); got X 3x4 and W_q 5x4"},
        {"X vs W_k", [&] { attn::self_attention(arma::mat(3, 4), W, W5, W); },
         "self_attention: X's width must equal W_k's rows (d_model); got X 3x4 and W_k 5x4"},
        {"X vs W_v", [&] { attn::self_attention(arma::mat(3, 4), W, W, W5); },
         "self_attention: X's width must equal W_v's rows (d_model); got X 3x4 and W_v 5x4"},
        {"W_q vs W_k", [&] { attn::self_attention(arma::mat(3, 4), W, W43, W); },
         "self_attention: W_q and W_k must have the same width (d_q = d_k); got W_q 4x4 and W_k 4x3"},
        {"X_dec vs W_q", [&] { attn::cross_attention(arma::mat(2, 5), arma::mat(6, 4), W, W, W); },
         "cross_attention: X_dec's width must equal W_q's rows (d_model); got X_dec 2x5 and W_q 4x4"},
        {"H_enc vs W_k", [&] { attn::cross_attention(arma::mat(2, 4), arma::mat(6, 5), W, W, W); },
         "cross_attention: H_enc's width must equal W_k's rows (d_model); got H_enc 6x5 and W_k 4x4"},
        {"masked_softmax", [] { attn::masked_softmax(arma::mat(3, 3), arma::mat(3, 2)); },
         "masked_softmax: the mask must have the shape of the scores; got S 3x3 and mask 3x2"},
        {"project", [&] { attn::project(arma::mat(3, 5), W); },
         "project: X must be as wide as W is tall (d_model); got X 3x5 and W 4x4"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.what) {
            const std::string msg = thrown_message<attn::ShapeError>(c.call);
            BOOST_TEST(msg == c.message);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------- the files a learner names

namespace {

namespace fs = std::filesystem;

// A fresh directory, removed afterwards.
struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("attn_bad_input_" + std::to_string(::getpid()));
    Scratch() {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string file(const std::string& name) const { return (dir / name).string(); }
};

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// The most memory this process has held so far, in MiB.
double peak_mib() {
    struct rusage u;
    ::getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB
}

// A pid that no process has: a child that has exited and been waited for.
pid_t a_dead_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

const attn::io::ReadLimit kMiB{1u << 20, "this test reads small files", "test file"};

}  // namespace

BOOST_AUTO_TEST_SUITE(bounded_reads)

BOOST_AUTO_TEST_CASE(a_sparse_1_gib_file_is_refused_at_once_without_reading_it) {
    Scratch tmp;
    const std::string big = tmp.file("zeros.csv");
    { std::ofstream touch(big); }
    fs::resize_file(big, 1ull << 30);  // a hole: no disk, and zero bytes when read
    const double before = peak_mib();
    expect_input_error([&] { attn::csv::read_matrix(big); },
                       big + ": is larger than 64 MiB; attend is for small matrices");
    expect_input_error([&] { attn::model::load_checkpoint(big); },
                       "checkpoint " + big + ": is larger than 64 MiB; chapter 12's checkpoints take well under 1 MiB");
    BOOST_TEST(peak_mib() - before < 16.0, "reading a refused file raised the peak memory by "
                                               << peak_mib() - before << " MiB");
}

BOOST_AUTO_TEST_CASE(devices_pipes_and_links_to_them_are_refused_by_name) {
    Scratch tmp;
    const std::string link = tmp.file("zero_link.csv"), fifo = tmp.file("pipe.csv");
    fs::create_symlink("/dev/zero", link);
    BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const double before = peak_mib();
    expect_input_error([&] { attn::csv::read_matrix("/dev/zero"); },
                       "/dev/zero: is a character device, not a regular file");
    expect_input_error([&] { attn::csv::read_matrix(link); },
                       link + ": is a link to /dev/zero, a character device, not a regular file");
    // Opening a pipe for reading would wait for a writer: it is never opened.
    expect_input_error([&] { attn::csv::read_matrix(fifo); }, fifo + ": is a named pipe (FIFO), not a regular file");
    expect_input_error([&] { attn::model::load_checkpoint(link); },
                       "checkpoint " + link + ": is a link to /dev/zero, a character device");
    expect_input_error([&] { attn::model::load_checkpoint(tmp.dir.string()); },
                       "checkpoint " + tmp.dir.string() + ": is a directory, not a checkpoint");
    BOOST_TEST(peak_mib() - before < 16.0);
}

BOOST_AUTO_TEST_CASE(a_source_that_never_ends_is_read_one_byte_past_the_limit_and_no_further) {
    std::size_t pulled = 0;
    const attn::io::ReadSome endless = [&](char* buf, std::size_t n) {
        std::fill(buf, buf + n, 'x');
        pulled += n;
        return n;
    };
    expect_input_error([&] { attn::io::read_bounded(endless, 0, "endless", kMiB); },
                       "endless: is larger than 1 MiB; this test reads small files");
    BOOST_TEST(pulled == kMiB.max_bytes + 1);
}

BOOST_AUTO_TEST_CASE(a_source_exactly_at_the_limit_is_read_whole_within_the_limit) {
    for (const std::size_t hint : {std::size_t{0}, std::size_t{10}, kMiB.max_bytes, std::size_t{5} << 20}) {
        std::size_t left = kMiB.max_bytes;
        const attn::io::ReadSome exact = [&](char* buf, std::size_t n) {
            n = std::min(n, left);
            std::fill(buf, buf + n, 'y');
            left -= n;
            return n;
        };
        BOOST_TEST_CONTEXT("a source claiming " << hint << " bytes") {
            if (hint > kMiB.max_bytes) {  // a claim above the limit is refused before reading
                expect_input_error([&] { attn::io::read_bounded(exact, hint, "s", kMiB); }, "s: is larger than 1 MiB");
                continue;
            }
            const std::string text = attn::io::read_bounded(exact, hint, "s", kMiB);
            BOOST_TEST(text.size() == kMiB.max_bytes);
            BOOST_TEST(text.capacity() <= kMiB.max_bytes, "kept " << text.capacity() << " bytes");
        }
    }
}

BOOST_AUTO_TEST_CASE(the_first_line_is_checked_before_the_rest_is_read) {
    std::size_t pulled = 0;
    const attn::io::ReadSome lines = [&](char* buf, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) buf[i] = (pulled + i) % 100 == 99 ? '\n' : 'z';
        pulled += n;
        return n;
    };
    const attn::io::ReadLimit big{64u << 20, "", "file"};
    std::string seen;
    expect_input_error(
        [&] {
            attn::io::read_bounded(lines, 0, "f", big, [&](const std::string& line, bool complete) {
                seen = line;
                if (complete) throw attn::InputError("f: the first line is wrong");
            });
        },
        "f: the first line is wrong");
    BOOST_TEST(seen == std::string(99, 'z'));
    BOOST_TEST(pulled <= 64u * 1024u, "read " << pulled << " bytes before looking at the first line");
    // A CSV file whose first row is not numbers is refused on that row.
    Scratch tmp;
    write(tmp.file("png.csv"), std::string("\x89PNG\r\n\x1a\n", 8) + std::string(1000, '\0'));
    expect_input_error([&] { attn::csv::read_matrix(tmp.file("png.csv")); },
                       tmp.file("png.csv") + ": line 1, column 1: '\\x89PNG' is not a number");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(csv_cells)

BOOST_AUTO_TEST_CASE(a_byte_order_mark_is_skipped) {
    const arma::mat M = attn::csv::parse_matrix("\xEF\xBB\xBF" "1,2\n3,4\n", "bom.csv");
    BOOST_TEST(matrices_close(M, arma::mat{{1, 2}, {3, 4}}, 0.0, "read"));
}

BOOST_AUTO_TEST_CASE(a_number_beyond_the_doubles_is_out_of_range_not_a_non_number) {
    expect_input_error([] { attn::csv::parse_matrix("1,1e999\n", "o.csv"); },
                       "o.csv: line 1, column 2: '1e999' is out of range for a double (at most about 1.8e308)");
    expect_input_error([] { attn::csv::parse_matrix("-1e400\n", "o.csv"); },
                       "o.csv: line 1, column 1: '-1e400' is out of range for a double");
    // Below the smallest double is not an error: it is the nearest double, 0.
    BOOST_TEST(attn::csv::parse_matrix("1e-999\n", "u.csv")(0, 0) == 0.0);
}

BOOST_AUTO_TEST_CASE(a_mask_is_told_that_minus_infinity_is_allowed) {
    attn::csv::ReadOptions mask;
    mask.allow_minus_inf = true;
    expect_input_error([&] { attn::csv::parse_matrix("0,nan\n", "m.csv", mask); },
                       "m.csv: line 1, column 2: NaN is not allowed in a mask; every entry must be a finite number or -inf");
    expect_input_error([&] { attn::csv::parse_matrix("inf,0\n", "m.csv", mask); },
                       "m.csv: line 1, column 1: +infinity is not allowed in a mask; every entry must be a finite number or -inf");
}

BOOST_AUTO_TEST_CASE(a_long_or_binary_cell_is_shown_short_and_readable) {
    expect_input_error([] { attn::csv::parse_matrix(std::string("1,\0\0\x01", 5) + "\n", "b.csv"); },
                       "b.csv: line 1, column 2: '\\x00\\x00\\x01' is not a number");
    expect_input_error([] { attn::csv::parse_matrix(std::string(5000, 'a') + "\n", "l.csv"); },
                       "l.csv: line 1, column 1: '" + std::string(24, 'a') + "...' is not a number");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(checkpoints)

namespace {
struct Saved {
    attn::tasks::Task task = attn::tasks::reversal(10, 2, 4, 3);
    attn::model::Model model{config(task.vocab.size())};
    static attn::model::Config config(arma::uword vocab) {
        attn::model::Config c;
        c.d_model = 4;
        c.d_k = 2;
        c.d_v = 2;
        c.d_ff = 4;
        c.layers = 1;
        c.vocab = vocab;
        return c;
    }
};
}  // namespace

BOOST_AUTO_TEST_CASE(a_save_removes_the_leftovers_of_its_own_interrupted_saves_only) {
    Scratch tmp;
    Saved s;
    const std::string path = tmp.file("a.ckpt");
    const std::string dead = path + ".tmp." + std::to_string(a_dead_pid());
    const std::string alive = path + ".tmp.1";  // pid 1 is always running: that save may be under way
    const std::string other = tmp.file("b.ckpt") + ".tmp." + std::to_string(a_dead_pid());  // another checkpoint's
    const std::string not_a_pid = path + ".tmp.old";
    for (const auto& f : {dead, alive, other, not_a_pid}) write(f, "half a checkpoint");
    attn::model::save_checkpoint(path, "reversal", s.model, s.task.vocab);
    BOOST_TEST(!fs::exists(dead), "the leftover of a save whose process is gone should be removed");
    BOOST_TEST(fs::exists(alive), "a save that may still run keeps its file");
    BOOST_TEST(fs::exists(other), "another checkpoint's temporary file is not this save's business");
    BOOST_TEST(fs::exists(not_a_pid));
    BOOST_TEST(!fs::exists(path + ".tmp." + std::to_string(::getpid())), "this save's own file was renamed away");
    BOOST_TEST(attn::model::load_checkpoint(path).tensors.size() == s.model.tensors().size());
}

BOOST_AUTO_TEST_CASE(a_leftover_whose_lock_is_held_is_kept) {
    Scratch tmp;
    Saved s;
    const std::string path = tmp.file("a.ckpt");
    // A process this one cannot see (another container, say) that is still saving holds the lock.
    const std::string locked = path + ".tmp." + std::to_string(a_dead_pid());
    write(locked, "being written");
    const int fd = ::open(locked.c_str(), O_RDONLY);
    BOOST_REQUIRE(fd >= 0);
    BOOST_REQUIRE(::flock(fd, LOCK_EX) == 0);
    // flock locks belong to the open file: a child process stands for the other save.
    const pid_t child = ::fork();
    if (child == 0) {
        attn::model::save_checkpoint(path, "reversal", s.model, s.task.vocab);
        ::_exit(fs::exists(locked) ? 0 : 1);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    ::close(fd);
    BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0), "a locked temporary file was removed");
}

BOOST_AUTO_TEST_CASE(weights_that_would_overflow_softmax_are_refused_naming_the_checkpoint) {
    Scratch tmp;
    Saved s;
    const std::string path = tmp.file("huge.ckpt");
    attn::model::save_checkpoint(path, "reversal", s.model, s.task.vocab);
    // The first weight of the embedding becomes 2^1000 (about 1e301), sealed with a valid checksum.
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t embed = text.find("tensor embed");
    const std::size_t first = text.find('\n', embed) + 1;
    text = text.substr(0, first) + "0x1p+1000" + text.substr(text.find(' ', first), text.rfind("end fnv1a64") - text.find(' ', first));
    write(path, attn::model::seal_checkpoint(text));
    expect_input_error([&] { attn::model::load_checkpoint(path); }, "checkpoint " + path + ": line ");
    const std::string msg = thrown_message<attn::InputError>([&] { attn::model::load_checkpoint(path); });
    BOOST_TEST(msg.find("tensor embed holds 1.07e+301; weights beyond 1e6 in magnitude are refused") != std::string::npos,
               msg);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(words_to_translate)

BOOST_AUTO_TEST_CASE(control_tokens_are_not_words_to_translate) {
    const auto task = attn::tasks::translation(10, 2, 4);
    for (const char* sentence : {"<s> the red car", "the red car </s>", "j'</s>"}) {
        const std::string msg = thrown_message<attn::InputError>([&] { task.vocab.encode(sentence); });
        BOOST_TEST(msg.find("marks where a sentence begins or ends; it cannot be a word to translate") != std::string::npos,
                   sentence << ": got '" << msg << "'");
    }
}

BOOST_AUTO_TEST_SUITE_END()
