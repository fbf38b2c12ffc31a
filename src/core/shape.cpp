#include "core/shape.hpp"

namespace attn {

std::string to_string(Shape s) { return std::to_string(s.rows) + "x" + std::to_string(s.cols); }

std::string shape_of(const arma::mat& M) { return to_string(Shape{M.n_rows, M.n_cols}); }

}  // namespace attn
