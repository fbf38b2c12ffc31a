// Library tests: errors, printing, plotting, the worked example.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(library)

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/errors.hpp"
#include "core/mask.hpp"
#include "core/plot.hpp"
#include "core/print.hpp"
#include "core/worked_example.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(errors)

BOOST_AUTO_TEST_CASE(shape_error_names_function_rule_and_both_shapes) {
    const arma::mat Q(7, 64), K(12, 32);
    const std::string msg = thrown_message<attn::ShapeError>([&] {
        attn::require_shapes(Q.n_cols == K.n_cols, "scaled_dot_product_attention",
                             "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    });
    BOOST_TEST(msg ==
               "scaled_dot_product_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32");
}

BOOST_AUTO_TEST_CASE(a_shape_is_written_rows_x_cols) {
    BOOST_TEST(attn::to_string(attn::Shape{7, 64}) == "7x64");
    BOOST_TEST(attn::shape_of(arma::mat(12, 32)) == "12x32");
    BOOST_TEST(attn::shape_of(arma::rowvec(5)) == "1x5");
    BOOST_TEST((attn::Shape{3, 4} == attn::Shape{3, 4} && attn::Shape{3, 4} != attn::Shape{4, 3}));
}

BOOST_AUTO_TEST_CASE(shape_error_is_an_invalid_argument) {
    BOOST_CHECK_THROW(attn::require_shape(false, "f", "rule", {"A", 1, 2}), std::invalid_argument);
    BOOST_CHECK_NO_THROW(attn::require_shape(true, "f", "rule", {"A", 1, 2}));
}

BOOST_AUTO_TEST_CASE(non_finite_input_names_matrix_and_cell) {
    arma::mat M(3, 4, arma::fill::zeros);
    M(2, 1) = NAN;
    const std::string msg = thrown_message<attn::InputError>([&] { attn::require_finite("softmax_rows", "S", M); });
    BOOST_TEST(msg.find("softmax_rows: S has NaN at row 2, column 1") == 0, msg);
    M(2, 1) = -INFINITY;
    BOOST_CHECK_NO_THROW(attn::require_finite("f", "S", M, /*allow_minus_inf=*/true));
    BOOST_CHECK_THROW(attn::require_finite("f", "S", M), attn::InputError);
}

BOOST_AUTO_TEST_CASE(empty_input_is_rejected_in_words) {
    const std::string msg = thrown_message<attn::InputError>([] { attn::require_nonempty("f", "Q", arma::mat(0, 4)); });
    BOOST_TEST(msg == "f: Q is empty (0x4); it needs at least one row and one column");
}

BOOST_AUTO_TEST_CASE(not_implemented_shows_the_learners_path) {
    const attn::NotImplemented e("rnn_step", "/home/me/course/exercises/01_rnn_loop/rnn_step.cpp");
    BOOST_TEST(std::string(e.what()) == "not implemented yet: rnn_step (exercises/01_rnn_loop/rnn_step.cpp)");
    BOOST_TEST(e.function() == "rnn_step");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(printing)

BOOST_AUTO_TEST_CASE(numbers_round_to_two_decimals_without_negative_zero) {
    BOOST_TEST(attn::format_number(0.5761168847658291) == "0.58");
    BOOST_TEST(attn::format_number(-0.001) == "0.00");
    BOOST_TEST(attn::format_number(-0.5) == "-0.50");
    BOOST_TEST(attn::format_number(1.0 / 3, 4) == "0.3333");
    BOOST_TEST(attn::format_number(-INFINITY) == "-inf");
    BOOST_TEST(attn::format_row({0.0900, 0.2447, 0.6652}) == "[0.09, 0.24, 0.67]");
}

BOOST_AUTO_TEST_CASE(matrix_prints_label_shape_and_token_rows) {
    std::ostringstream out;
    attn::print_matrix(out, "A", arma::mat{{0.576, 0.212}, {0.14, 0.63}}, {2, {"I", "love"}, {"k0", "k1"}});
    BOOST_TEST(out.str() ==
               "A (2x2)\n"
               "          k0   k1\n"
               "  I     0.58 0.21\n"
               "  love  0.14 0.63\n");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(masks)

BOOST_AUTO_TEST_CASE(additive_mask_is_minus_infinity_exactly_where_nothing_is_allowed) {
    const arma::umat allowed = {{1, 0, 1}, {0, 0, 0}};
    const arma::mat mask = attn::additive_mask(allowed);
    BOOST_TEST((mask.n_rows == 2u && mask.n_cols == 3u), "the mask has the pattern's shape; got " << attn::shape_of(mask));
    for (arma::uword i = 0; i < allowed.n_rows; ++i)
        for (arma::uword j = 0; j < allowed.n_cols; ++j)
            BOOST_TEST((allowed(i, j) != 0 ? mask(i, j) == 0.0 : mask(i, j) == -INFINITY),
                       "entry (" << i << ", " << j << ") of the pattern is " << allowed(i, j) << ", the mask holds " << mask(i, j));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(plotting)

BOOST_AUTO_TEST_CASE(line_chart_script_carries_the_data) {
    attn::plot::LineChart c;
    c.title = "t";
    c.series.push_back({"loop", {1, 2}, {1, 2}});
    c.log_x = true;
    const std::string s = attn::plot::script(attn::plot::Figure(c));
    BOOST_TEST(s.find("$p0s0 << EOD\n1 1\n2 2\nEOD\n") != std::string::npos, s);
    BOOST_TEST(s.find("set logscale x") != std::string::npos);
    BOOST_TEST(s.find("title \"loop\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(heatmap_puts_row_zero_on_top_with_numbers_in_cells) {
    attn::plot::Heatmap h;
    h.title = "A";
    h.values = arma::mat{{0.5, 0.5}, {0.25, 0.75}};
    h.row_labels = {"I", "love"};
    const std::string s = attn::plot::script(attn::plot::Figure(h));
    BOOST_TEST(s.find("A (2x2)") != std::string::npos, "the shape belongs in the title");
    BOOST_TEST(s.find("set yrange [1.5:-0.5]") != std::string::npos, "row 0 drawn on top");
    BOOST_TEST(s.find("set cbrange [0:1]") != std::string::npos, "weights on a fixed colour range");
    BOOST_TEST(s.find("1 1 0.75\n") != std::string::npos, "cell (row 1, col 1) as x y value");
    BOOST_TEST(s.find("with labels") != std::string::npos, "numbers printed in the cells");
}

BOOST_AUTO_TEST_CASE(titles_are_quoted_for_gnuplot) {
    BOOST_TEST(attn::plot::quoted("j'aime \"les\" LLMs") == "\"j'aime \\\"les\\\" LLMs\"");
}

BOOST_AUTO_TEST_CASE(save_writes_a_png) {
    const fs::path dir = fs::temp_directory_path() / ("attn_plot_test_" + std::to_string(::getpid()));
    attn::plot::LineChart c;
    c.series.push_back({"y = x", {0, 1}, {0, 1}});
    attn::plot::Plotter p(dir.string());
    // ./course test installs gnuplot, so the suite always has it; without it, say so
    // rather than pass (the no-gnuplot path is chNN.runs_without_gnuplot's)
    BOOST_REQUIRE_MESSAGE(attn::plot::Plotter::gnuplot_available(),
                          "gnuplot is not installed, so this test cannot draw (apt-get install gnuplot-nox)");
    const std::string path = p.save("line", attn::plot::Figure(c));
    BOOST_TEST(path == (dir / "line.png").string());
    std::ifstream f(path, std::ios::binary);
    char magic[4] = {};
    f.read(magic, 4);
    BOOST_TEST(std::string(magic + 1, 3) == "PNG", "the file must be a PNG");
    fs::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(unwritable_directory_turns_plotting_off_without_throwing) {
    if (::geteuid() == 0) {
        // root can write anywhere; a path under a regular file can never be a directory
        const fs::path file = fs::temp_directory_path() / ("attn_plot_file_" + std::to_string(::getpid()));
        std::ofstream(file) << "x";
        attn::plot::Plotter p((file / "plots").string());
        BOOST_TEST(!p.enabled());
        BOOST_TEST(p.save("x", attn::plot::Figure(attn::plot::LineChart{})).empty());
        fs::remove(file);
    } else {
        attn::plot::Plotter p("/proc/attn-cannot-write-here");
        BOOST_TEST(!p.enabled());
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(worked_example)

BOOST_AUTO_TEST_CASE(has_the_tutorials_shapes) {
    BOOST_TEST(attn::example::X().n_rows == 3u);
    BOOST_TEST(attn::example::X().n_cols == 4u);
    for (const arma::mat& W : {attn::example::W_q(), attn::example::W_k(), attn::example::W_v()}) {
        BOOST_TEST(W.n_rows == 4u);
        BOOST_TEST(W.n_cols == 4u);
    }
    BOOST_TEST(attn::example::tokens().at(2) == "LLMs");
}

BOOST_AUTO_TEST_SUITE_END()
