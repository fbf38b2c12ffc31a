// shape.hpp: a matrix shape without the matrix, and the one way the course writes it.
//
// Rows are tokens, columns are features, everywhere in this course.
// A shape is written the way Armadillo writes it in its own errors: ROWSxCOLS, e.g. 7x64.
#pragma once

#include <armadillo>
#include <string>

namespace attn {

// A matrix shape without the matrix: rows x cols. The shape questions of
// chapters 02 and 06 answer with it; the shape checks and every printed shape
// go through it.
struct Shape {
    arma::uword rows = 0;
    arma::uword cols = 0;
    bool operator==(const Shape& o) const { return rows == o.rows && cols == o.cols; }
    bool operator!=(const Shape& o) const { return !(*this == o); }
};

// "7x64": the only place a shape is turned into text.
std::string to_string(Shape s);

// The shape of M, written by to_string: shape_of(Q) is "7x64" for a 7x64 Q.
std::string shape_of(const arma::mat& M);

}  // namespace attn
