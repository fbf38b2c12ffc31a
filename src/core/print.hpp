// print.hpp: matrices printed the way the tutorial prints them.
//
// Rows are tokens, columns are features. Numbers are rounded to 2 decimals
// unless asked otherwise, so a row of weights may add up to 0.99 on screen.
#pragma once

#include <armadillo>
#include <iosfwd>
#include <string>
#include <vector>

namespace attn {

struct PrintOptions {
    int decimals = 2;                      // the tutorial rounds to 2
    std::vector<std::string> row_labels;   // tokens, if the rows have names
    std::vector<std::string> col_labels;   // keys, if the columns have names
};

// Prints
//   A (3x3)
//          I      love   LLMs
//   I      0.58   0.21   0.21
//   ...
// -0.00 is printed as 0.00: a rounding artefact is not a sign.
void print_matrix(std::ostream& out, const std::string& label, const arma::mat& M,
                  const PrintOptions& options = {});

// "[0.09, 0.24, 0.67]": one row vector, comma separated.
std::string format_row(const arma::rowvec& v, int decimals = 2);

// One number with a fixed number of decimals, with -0.00 shown as 0.00;
// from 1e15 on in scientific notation (1.00e+300).
std::string format_number(double x, int decimals = 2);

// "--- 3. Divide by sqrt(d_k) ---": the numbered headings of a chapter program.
void print_step(std::ostream& out, int number, const std::string& title);

}  // namespace attn
