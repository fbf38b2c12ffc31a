#include "attn/errors.hpp"

#include <cmath>
#include <sstream>

namespace attn {

namespace {
std::string learner_path(const std::string& file) {
    // Build systems pass absolute paths; the learner thinks in repository paths.
    for (const char* anchor : {"exercises/", "solutions/"}) {
        const auto at = file.rfind(anchor);
        if (at != std::string::npos) return file.substr(at);
    }
    return file;
}
}  // namespace

NotImplemented::NotImplemented(const std::string& function, const std::string& file)
    : std::logic_error("not implemented yet: " + function + " (" + learner_path(file) + ")"),
      function_(function),
      file_(learner_path(file)) {}

std::string shape_of(arma::uword rows, arma::uword cols) {
    return std::to_string(rows) + "x" + std::to_string(cols);
}

std::string shape_of(const arma::mat& M) { return shape_of(M.n_rows, M.n_cols); }

void require_shapes(bool ok, const char* function, const char* rule, const Named& a, const Named& b) {
    if (ok) return;
    std::ostringstream msg;
    msg << function << ": " << rule << "; got " << a.name << ' ' << shape_of(a.rows, a.cols) << " and "
        << b.name << ' ' << shape_of(b.rows, b.cols);
    throw ShapeError(msg.str());
}

void require_shape(bool ok, const char* function, const char* rule, const Named& a) {
    if (ok) return;
    std::ostringstream msg;
    msg << function << ": " << rule << "; got " << a.name << ' ' << shape_of(a.rows, a.cols);
    throw ShapeError(msg.str());
}

void require_finite(const char* function, const char* name, const arma::mat& M, bool allow_minus_inf) {
    // Column-major walk would report cells in an order learners do not expect;
    // go row by row, the way the matrices are printed.
    for (arma::uword r = 0; r < M.n_rows; ++r) {
        for (arma::uword c = 0; c < M.n_cols; ++c) {
            const double x = M(r, c);
            if (std::isfinite(x)) continue;
            if (allow_minus_inf && std::isinf(x) && x < 0) continue;
            const char* what = std::isnan(x) ? "NaN" : (x > 0 ? "+infinity" : "-infinity");
            std::ostringstream msg;
            msg << function << ": " << name << " has " << what << " at row " << r << ", column " << c
                << " (0-based); every entry must be a finite number";
            throw InputError(msg.str());
        }
    }
}

void require_nonempty(const char* function, const char* name, const arma::mat& M) {
    if (M.n_rows > 0 && M.n_cols > 0) return;
    throw InputError(std::string(function) + ": " + name + " is empty (" + shape_of(M) +
                     "); it needs at least one row and one column");
}

}  // namespace attn
