// Tests of the CSV reader and writer behind `attend` (src/core/csv.cpp).
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(attend_csv)

#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/csv.hpp"
#include "core/errors.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;
namespace csv = attn::csv;

BOOST_AUTO_TEST_CASE(reads_rows_as_rows_skipping_comments_and_blank_lines) {
    const arma::mat M = csv::parse_matrix("# a comment\n1, 2.5 ,-3\n\n4e1,5,6\r\n", "t.csv");
    const arma::mat expected = {{1, 2.5, -3}, {40, 5, 6}};
    BOOST_TEST(matrices_close(M, expected, 0.0, "parsed"));
}

BOOST_AUTO_TEST_CASE(names_line_and_column_of_a_ragged_row) {
    const std::string msg = thrown_message<attn::InputError>([] { csv::parse_matrix("1,2,3\n4,5\n", "r.csv"); });
    BOOST_TEST(msg == "r.csv: line 2, column 3: this row has 2 values, but the first row (line 1) has 3", "got '" << msg << "'");
    const std::string more = thrown_message<attn::InputError>([] { csv::parse_matrix("1,2\n3,4,5\n", "r.csv"); });
    BOOST_TEST(more.find("line 2, column 3") != std::string::npos, "got '" << more << "'");
}

BOOST_AUTO_TEST_CASE(names_line_and_column_of_a_non_number) {
    const std::string msg = thrown_message<attn::InputError>([] { csv::parse_matrix("1,2\n3,4x\n", "w.csv"); });
    BOOST_TEST(msg == "w.csv: line 2, column 2: '4x' is not a number", "got '" << msg << "'");
    const std::string empty = thrown_message<attn::InputError>([] { csv::parse_matrix("1,,2\n", "e.csv"); });
    BOOST_TEST(empty.find("line 1, column 2: empty cell") != std::string::npos, "got '" << empty << "'");
}

BOOST_AUTO_TEST_CASE(refuses_non_finite_cells_unless_allowed) {
    const std::string msg = thrown_message<attn::InputError>([] { csv::parse_matrix("1,nan\n", "n.csv"); });
    BOOST_TEST(msg.find("n.csv: line 1, column 2: NaN") == 0, "got '" << msg << "'");
    const std::string over = thrown_message<attn::InputError>([] { csv::parse_matrix("1e999\n", "o.csv"); });
    BOOST_TEST(!over.empty(), "1e999 overflows to infinity and must be refused");
    csv::ReadOptions mask;
    mask.allow_minus_inf = true;
    const arma::mat M = csv::parse_matrix("0,-inf\n", "m.csv", mask);
    BOOST_TEST((std::isinf(M(0, 1)) && M(0, 1) < 0));
    BOOST_TEST(!thrown_message<attn::InputError>([&] { csv::parse_matrix("0,inf\n", "m.csv", mask); }).empty(),
               "+inf is never a valid mask entry");
}

BOOST_AUTO_TEST_CASE(refuses_empty_and_missing_files) {
    BOOST_TEST(thrown_message<attn::InputError>([] { csv::parse_matrix("\n# only a comment\n", "e.csv"); })
                   .find("e.csv: no numbers") == 0);
    const std::string msg = thrown_message<attn::InputError>([] { csv::read_matrix("/nonexistent/dir/q.csv"); });
    BOOST_TEST(msg.find("/nonexistent/dir/q.csv: cannot open") == 0, "got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(written_files_read_back_bit_for_bit) {
    arma::arma_rng::set_seed(3);
    const arma::mat M = arma::randn(4, 3) * 1e3;
    const auto dir = std::filesystem::temp_directory_path() / ("attend_csv_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "m.csv").string();
    csv::write_matrix(path, M);
    BOOST_TEST(!std::filesystem::exists(path + ".tmp"), "the temporary file must be renamed away");
    BOOST_TEST(matrices_close(csv::read_matrix(path), M, 0.0, "read back"));
    std::filesystem::remove_all(dir);
}
