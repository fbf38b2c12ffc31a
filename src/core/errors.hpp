// errors.hpp: the three ways the course says "no", and the one shape-check helper.
//
// Rows are tokens, columns are features, everywhere in this course.
// A shape is printed the way Armadillo prints it: ROWSxCOLS, e.g. 7x64.
#pragma once

#include <armadillo>
#include <stdexcept>
#include <string>

#include "core/shape.hpp"

namespace attn {

// A shape rule was broken. Worded like Armadillo's own errors:
//   scaled_dot_product_attention: Q and K must have the same width (d_q = d_k); got Q 7x64 and K 12x32
class ShapeError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// An input that no shape rule catches: NaN, infinity, an empty matrix.
class InputError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Thrown by every exercise stub. The checker and the chapter programs turn it into
//   not implemented yet: rnn_forward (exercises/01_rnn_loop/rnn_forward.cpp)
class NotImplemented : public std::logic_error {
public:
    // `file` is usually __FILE__; everything before "exercises/" is dropped so the
    // message shows the path the learner knows, whatever the build directory.
    NotImplemented(const std::string& function, const std::string& file);
    const std::string& function() const { return function_; }
    const std::string& file() const { return file_; }

private:
    std::string function_;
    std::string file_;
};

// A matrix together with the name the learner knows it by (Q, K, V, X, W_q ...).
struct Named {
    const char* name;
    Shape shape;
    Named(const char* n, const arma::mat& M) : name(n), shape{M.n_rows, M.n_cols} {}
    Named(const char* n, const arma::rowvec& v) : name(n), shape{v.n_rows, v.n_cols} {}
    Named(const char* n, arma::uword r, arma::uword c) : name(n), shape{r, c} {}
};

// The one shape check. When `ok` is false, throws
//   ShapeError("<function>: <rule>; got <a> RxC and <b> RxC").
void require_shapes(bool ok, const char* function, const char* rule, const Named& a, const Named& b);

// Same, for a rule about one matrix: "<function>: <rule>; got <a> RxC".
void require_shape(bool ok, const char* function, const char* rule, const Named& a);

// Throws InputError naming the matrix and the first bad cell:
//   "softmax_rows: S has NaN at row 2, column 0 (0-based)". Infinity is allowed
//   only where `allow_minus_inf` (masks are written as -inf).
void require_finite(const char* function, const char* name, const arma::mat& M,
                    bool allow_minus_inf = false);

// Throws InputError when M has no rows or no columns.
void require_nonempty(const char* function, const char* name, const arma::mat& M);

}  // namespace attn
