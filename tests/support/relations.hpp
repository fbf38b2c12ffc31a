// relations.hpp: what a wrong result has to do with the right one, for any exercise.
//
// Given the learner's result R and the right one Y (one part of a result, with its
// axes), the relations below are tried, each written once: R = Y^T (transposed),
// R = -Y, R = 0, R = c Y with c named when it is one of the quantities in play (or
// their square roots, squares, inverses and ratios: sqrt(d_k), d_k, 1 / sqrt(d_k),
// d_k / d_model, ...), each row of R a multiple of Y's (normalised by the wrong
// amount), R shifted by one row or column, R = Y minus or plus a term the contract can
// compute (a missing term, named), R = Y plus the same row or column everywhere, Y's
// rows in another order, R a running sum of Y (an accumulator never set back to 0),
// each row of R the softmax of Y's (a softmax too many), R = f(Y) for a reciprocal,
// square, square root, absolute value, exp or log, whole numbers where Y has fractions,
// and inf or NaN where Y is finite; where the shapes differ, Y transposed, Y's numbers
// in another shape, or only some of Y's rows or columns; and for an empty Y, R empty in
// another shape, or not empty. The names are the catalogue's result_* mistakes
// (tests/catalogue/common.hpp); the sentence says what was found, in the part's own words.
#pragma once

#include <string>
#include <vector>

#include "support/diagnosis.hpp"

namespace attn_test {

// Every relation that holds between got and want (same part), each once.
std::vector<Finding> relations_between(const Part& got, const Part& want, const std::vector<Quantity>& quantities,
                                       const std::vector<Term>& terms, double tol);

// The findings for a whole result: one per wrong part when each wrong part has exactly
// one relation (their keys and sentences joined), else none. Where the call threw on
// valid input, what threw: `function` (the exercise) itself, a function it called, or
// Armadillo.
std::vector<Finding> relations_between(const Result& got, const Result& want, const std::vector<Quantity>& quantities,
                                       const std::vector<Term>& terms, double tol,
                                       const std::string& function = "");

// What threw on input the contract accepts (got threw, the right result did not): the
// learner's own check refusing it (its message starts with `function`), a function the
// code called, or Armadillo (operands that do not fit, an index past the end).
std::vector<Finding> threw_on_valid_input(const Result& got, const std::string& function);

// An index past the end on input with a size of 0: rewrites that finding (and only that one)
// with its likeliest cause first, a bound n - 1 with an unsigned n of 0.
void reword_past_the_end_of_nothing(Finding& f);
// Whether a description of an input gives a size of 0 ("X 0x5", "scores 3x0").
bool names_a_size_of_zero(const std::string& input);

// A shape rule of a function's contract: the size of `matrix` and the one of `other` it
// is compared with, in words ("W_o's rows against W_v's columns, h * d_v, the width of
// concat"). A ShapeError of the function's own on input the contract accepts whose message
// names `matrix` first ("got W_o 4x6 and W_q 6x6") is then named as a check of other sizes
// than the contract's, with the contract's rule for that matrix and what the check
// compared it with. Registered once per function, at namespace scope of its test:
// const bool rules = contract_rules("f", {...}); returns true. Each rule also holds with
// its two matrices the other way round, unless the table states that order itself.
struct ContractRule {
    std::string matrix;
    std::string other;
    std::string words;
};
bool contract_rules(const std::string& function, const std::vector<ContractRule>& rules);
// Chapter 06's rules, which every attention exercise keeps: d_q = d_k and L_K = L_V, and
// with_mask: a mask of L_Q x L_K.
std::vector<ContractRule> attention_rules(bool with_mask);

// The name of the factor c among the quantities ("sqrt(d_k)", "1 / d_k", "d_k / d_model"),
// or "" when none, or more than one, has its value; names_of_factor: all that have it.
std::string name_of_factor(double c, const std::vector<Quantity>& quantities);
std::vector<std::string> names_of_factor(double c, const std::vector<Quantity>& quantities);
// The sentence of a scaled result: part is c times the right value, c named q (inv: 1 / c's name).
std::string scaled_sentence(const std::string& part, double c, const std::string& q, const std::string& inv);
// The name of 1 / (the factor named q), among the names the inverse of c has.
std::string inverse_name(const std::string& q, double c, const std::vector<Quantity>& quantities);

}  // namespace attn_test
