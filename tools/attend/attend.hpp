// attend.hpp: the work behind `./course attend`, without the command line.
//
// main.cpp reads the arguments and writes the files; everything between the
// CSV text and the printed matrices is here, so that the fuzz target
// (fuzz/attend_csv.cpp) and the tests run exactly what the tool runs.
//
// Rows are tokens, columns are features:
//   Q L_Q x d_k,  K L_K x d_k,  V L_K x d_v,  mask L_Q x L_K  ->  output L_Q x d_v
#pragma once

#include <armadillo>
#include <ostream>
#include <string>
#include <vector>

#include "core/print.hpp"

namespace attn::attend_tool {

// One input matrix from CSV text (or a file). `name` is what the learner calls
// it (Q, K, V, mask) and starts every error: "K: k.csv: line 2, column 3: ...".
// Only a mask may hold -inf; nothing may hold NaN or +inf.
// Throws:  InputError (see attn::csv::parse_matrix).
arma::mat parse_input(const std::string& name, const std::string& text, const std::string& source, bool is_mask);
arma::mat read_input(const std::string& name, const std::string& path, bool is_mask);

// How the queries are kept from some keys.
enum class MaskKind { none, causal, matrix };

// Every intermediate of one run, as the tool prints it.
struct Run {
    arma::mat mask;  // L_Q x L_K, or empty when there is none
    arma::mat S;     // L_Q x L_K  scores Q K^T / sqrt(d_k) (+ mask)
    arma::mat A;     // L_Q x L_K  weights, softmax of each row of S
    arma::mat Z;     // L_Q x d_v  output A V
};

// The most queries x keys compute() takes: 4096 x 4096.
constexpr arma::uword kMaxQueryKeyPairs = 4096u * 4096u;

// Checks the shapes (the two forced rules, then the mask's), computes the steps
// and the output through the course's reference attention, and checks that the
// two agree. `mask` is used only with MaskKind::matrix.
// Throws:  ShapeError naming the rule and both shapes ("attend: ...");
//          InputError when L_Q x L_K is above kMaxQueryKeyPairs;
//          InputError when the scores or the output overflow a double
//          (entries of Q and K near 1e154, or of V near 1e308), naming the cell.
Run compute(const arma::mat& Q, const arma::mat& K, const arma::mat& V, MaskKind kind, const arma::mat& mask = {});

// The inputs in full when they are small (by their shapes otherwise), then the
// mask, the scores, the weights and the output, rounded to 2 decimals. A
// matrix larger than kShownInFull in either direction is shown by its shape
// and its top-left kCorner x kCorner corner.
void print(std::ostream& out, const arma::mat& Q, const arma::mat& K, const arma::mat& V, const Run& run,
           const std::vector<std::string>& tokens = {});

constexpr arma::uword kShownInFull = 12;
constexpr arma::uword kCorner = 6;

// One matrix as print shows it: in full, or its shape and corner.
void print_shown(std::ostream& out, const std::string& label, const arma::mat& M, const PrintOptions& options = {});

}  // namespace attn::attend_tool
