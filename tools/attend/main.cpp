// attend: scaled dot-product attention on your own numbers.
//
//   attend Q.csv K.csv V.csv [--mask causal|MASK.csv] [--out DIR] [--no-plot]
//   attend --example [--out DIR] [--no-plot]
//
// Prints the scores, the weights and the output with their shapes, rounded to
// 2 decimals like the tutorial; writes DIR/weights.csv and DIR/output.csv at
// full precision and DIR/weights.png (a heatmap, when gnuplot is installed).
// Any problem with the input ends the run with one line on stderr and exit 2.
//
// Rows are tokens, columns are features:
//   Q L_Q x d_k,  K L_K x d_k,  V L_K x d_v,  mask L_Q x L_K  ->  output L_Q x d_v
// The attention itself is the course's reference solution (chapters 06 and 07).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "attend.hpp"
#include "core/csv.hpp"
#include "core/errors.hpp"
#include "core/plot.hpp"
#include "core/worked_example.hpp"

namespace {

namespace tool = attn::attend_tool;

const char* kUsage =
    "usage: attend Q.csv K.csv V.csv [--mask causal|MASK.csv] [--out DIR] [--no-plot]\n"
    "       attend --example [--out DIR] [--no-plot]\n"
    "  CSV: one matrix row per line, comma-separated numbers; '#' starts a comment line.\n"
    "  Q is L_Q x d_k, K is L_K x d_k, V is L_K x d_v; a mask is L_Q x L_K with 0 or -inf.\n"
    "  --out DIR   where weights.csv, output.csv and weights.png go (default: attend-out)\n";

struct UsageError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

struct Options {
    bool example = false;
    std::vector<std::string> files;  // Q, K, V
    std::string mask;                // "", "causal" or a file
    std::string out = "attend-out";
    bool plot = true;
};

Options parse(int argc, char** argv) {
    Options o;
    bool mask_given = false, out_given = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](bool& given) {
            if (i + 1 >= argc) throw UsageError(a + " needs a value");
            given = true;  // a later one wins
            return std::string(argv[++i]);
        };
        if (a == "--example") o.example = true;
        else if (a == "--mask") o.mask = value(mask_given);
        else if (a == "--out") o.out = value(out_given);
        else if (a == "--no-plot") o.plot = false;
        else if (a == "--help" || a == "-h") throw UsageError("");
        // Anything that starts with '-' is meant as an option ("-x", "--bogus"),
        // never a file (write ./-x.csv for a file of that name).
        else if (a.size() > 1 && a[0] == '-') throw UsageError("unknown option '" + a + "'");
        else o.files.push_back(a);
    }
    if (mask_given && o.mask.empty())
        throw UsageError("--mask needs 'causal' or a CSV file; it was given an empty value");
    if (out_given && o.out.empty()) throw UsageError("--out needs a folder; it was given an empty value");
    if (o.example && !o.files.empty()) throw UsageError("--example takes no CSV files");
    if (!o.example && o.files.size() != 3)
        throw UsageError("expected three CSV files (Q, K, V), got " + std::to_string(o.files.size()));
    return o;
}

// Q, K and V of the tutorial's "I love LLMs": projections of X.
void load_example(arma::mat& Q, arma::mat& K, arma::mat& V, std::vector<std::string>& tokens) {
    namespace ex = attn::example;
    Q = ex::X() * ex::W_q();  // (3, 4)
    K = ex::X() * ex::W_k();  // (3, 4)
    V = ex::X() * ex::W_v();  // (3, 4)
    tokens = ex::tokens();
}

int run(const Options& o) {
    arma::mat Q, K, V;
    std::vector<std::string> tokens;  // labels, for the example only
    if (o.example) {
        load_example(Q, K, V, tokens);
        std::cout << "The worked example \"I love LLMs\": Q = X W_q, K = X W_k, V = X W_v\n";
    } else {
        Q = tool::read_input("Q", o.files[0], false);
        K = tool::read_input("K", o.files[1], false);
        V = tool::read_input("V", o.files[2], false);
    }
    arma::mat mask_file;
    tool::MaskKind kind = tool::MaskKind::none;
    if (o.mask == "causal") {
        kind = tool::MaskKind::causal;
    } else if (!o.mask.empty()) {
        kind = tool::MaskKind::matrix;
        mask_file = tool::read_input("mask", o.mask, true);
    }
    const tool::Run r = tool::compute(Q, K, V, kind, mask_file);
    tool::print(std::cout, Q, K, V, r, tokens);
    const arma::mat& A = r.A;
    const arma::mat& Z = r.Z;

    std::error_code ec;
    std::filesystem::create_directories(o.out, ec);
    if (ec) throw std::runtime_error("cannot create " + o.out + ": " + ec.message());
    attn::csv::write_matrix(o.out + "/weights.csv", A);
    attn::csv::write_matrix(o.out + "/output.csv", Z);
    std::cout << "\nwrote " << o.out << "/weights.csv and " << o.out << "/output.csv (full precision)\n";
    if (o.plot) {
        attn::plot::Heatmap h;
        h.title = "Attention weights";
        h.values = A;
        // gnuplot takes minutes over millions of cells (2000x2000: 2.5 min), and
        // no screen shows them apart: the top-left corner, as on the terminal.
        constexpr arma::uword kDrawn = 256;
        const bool corner = !A.is_empty() && (A.n_rows > kDrawn || A.n_cols > kDrawn);
        if (corner) {
            h.values = A.submat(0, 0, std::min(A.n_rows, kDrawn) - 1, std::min(A.n_cols, kDrawn) - 1);
            h.title = "Attention weights: the first " + std::to_string(h.values.n_rows) + " queries and " +
                      std::to_string(h.values.n_cols) + " keys of " + attn::shape_of(A);
        }
        h.row_labels = tokens;
        h.col_labels = tokens;
        if (A.n_rows > 12 || A.n_cols > 12) h.decimals = -1;  // numbers would not fit in the cells
        attn::plot::Figure f(h);
        const std::string png = attn::plot::Plotter(o.out).save("weights", f);
        if (!png.empty())
            std::cout << "wrote " << png << (corner ? " (the top-left corner of the weights)" : "") << "\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(parse(argc, argv));
    } catch (const UsageError& e) {
        if (*e.what()) std::cerr << "attend: " << e.what() << "\n";
        std::cerr << kUsage;
        return *e.what() ? 2 : 0;
    } catch (const attn::ShapeError& e) {
        // The rule checks already say "attend: <rule>; got Q 3x4 and K 3x3".
        const std::string msg = e.what();
        std::cerr << (msg.rfind("attend: ", 0) == 0 ? "" : "attend: ") << msg << "\n";
        return 2;
    } catch (const attn::InputError& e) {
        std::cerr << "attend: bad input: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "attend: error: " << e.what() << "\n";
        return 1;
    }
}
