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

#include "attn/attention.hpp"
#include "attn/csv.hpp"
#include "attn/errors.hpp"
#include "attn/plot.hpp"
#include "attn/print.hpp"
#include "attn/shape_rules.hpp"
#include "attn/softmax.hpp"
#include "attn/worked_example.hpp"

namespace {

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
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() {
            if (i + 1 >= argc) throw UsageError(a + " needs a value");
            return std::string(argv[++i]);
        };
        if (a == "--example") o.example = true;
        else if (a == "--mask") o.mask = value();
        else if (a == "--out") o.out = value();
        else if (a == "--no-plot") o.plot = false;
        else if (a == "--help" || a == "-h") throw UsageError("");
        else if (a.size() > 1 && a[0] == '-' && a[1] == '-') throw UsageError("unknown option '" + a + "'");
        else o.files.push_back(a);
    }
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

arma::mat load(const std::string& name, const std::string& path, bool is_mask) {
    attn::csv::ReadOptions ro;
    ro.allow_minus_inf = is_mask;
    try {
        return attn::csv::read_matrix(path, ro);
    } catch (const attn::InputError& e) {
        throw attn::InputError(name + ": " + e.what());
    }
}

int run(const Options& o) {
    arma::mat Q, K, V;
    std::vector<std::string> tokens;  // labels, for the example only
    if (o.example) {
        load_example(Q, K, V, tokens);
        std::cout << "The worked example \"I love LLMs\": Q = X W_q, K = X W_k, V = X W_v\n";
    } else {
        Q = load("Q", o.files[0], false);
        K = load("K", o.files[1], false);
        V = load("V", o.files[2], false);
    }
    // The two forced rules, in the course's words (chapter 06), before any product.
    attn::check_attention_shapes("attend", Q, K, V);

    arma::mat mask;  // empty: no mask
    if (o.mask == "causal") {
        attn::require_shapes(Q.n_rows == K.n_rows, "attend", "a causal mask needs as many queries as keys (L_Q = L_K)",
                             {"Q", Q}, {"K", K});
        mask = attn::causal_mask(Q.n_rows);
    } else if (!o.mask.empty()) {
        mask = load("mask", o.mask, true);
        attn::require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, "attend", attn::kRuleMaskShape,
                             {"mask", mask}, {"scores", Q.n_rows, K.n_rows});
    }

    const attn::PrintOptions po{2, tokens, tokens};
    // Small inputs are shown in full; large ones by their shapes only.
    const bool small = std::max({Q.n_rows, Q.n_cols, K.n_rows, V.n_cols}) <= 12;
    if (small) {
        attn::print_matrix(std::cout, "Q", Q, {2, tokens, {}});
        attn::print_matrix(std::cout, "K", K, {2, tokens, {}});
        attn::print_matrix(std::cout, "V", V, {2, tokens, {}});
    } else {
        std::cout << "Q " << attn::shape_of(Q) << ", K " << attn::shape_of(K) << ", V " << attn::shape_of(V) << "\n";
    }

    // What happens inside the call, shown step by step; the output itself comes
    // from the course's attention function, and the two must agree.
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));  // (L_Q, L_K)
    if (!mask.is_empty()) S += mask;
    const arma::mat A = attn::softmax_rows(S);                           // (L_Q, L_K)
    const arma::mat Z = mask.is_empty() ? attn::scaled_dot_product_attention(Q, K, V)
                                        : attn::masked_attention(Q, K, V, mask);  // (L_Q, d_v)
    if (arma::abs(Z - A * V).max() > 1e-9) throw std::logic_error("the output does not equal weights times V");

    std::cout << "\n";
    if (!mask.is_empty()) attn::print_matrix(std::cout, "mask", mask, {0, tokens, tokens});
    attn::print_matrix(std::cout, mask.is_empty() ? "scores Q K^T / sqrt(d_k)" : "scores Q K^T / sqrt(d_k) + mask", S,
                       po);
    attn::print_matrix(std::cout, "weights A = softmax of each row of the scores", A, po);
    attn::print_matrix(std::cout, "output Z = A V", Z, {2, tokens, {}});

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
        h.row_labels = tokens;
        h.col_labels = tokens;
        if (A.n_rows > 12 || A.n_cols > 12) h.decimals = -1;  // numbers would not fit in the cells
        attn::plot::Figure f(h);
        const std::string png = attn::plot::Plotter(o.out).save("weights", f);
        if (!png.empty()) std::cout << "wrote " << png << "\n";
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
