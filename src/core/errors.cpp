#include "core/errors.hpp"

#include "core/wire.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
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
    : std::logic_error(wire::not_implemented(function, learner_path(file))),
      function_(function),
      file_(learner_path(file)) {}


void require_shapes(bool ok, const char* function, const char* rule, const Named& a, const Named& b) {
    if (ok) return;
    std::ostringstream msg;
    msg << function << ": " << rule << "; got " << a.name << ' ' << to_string(a.shape) << " and "
        << b.name << ' ' << to_string(b.shape);
    throw ShapeError(msg.str());
}

void require_shape(bool ok, const char* function, const char* rule, const Named& a) {
    if (ok) return;
    std::ostringstream msg;
    msg << function << ": " << rule << "; got " << a.name << ' ' << to_string(a.shape);
    throw ShapeError(msg.str());
}

void require_finite(const char* function, const char* name, const arma::mat& M, bool allow_minus_inf) {
    // First the quick question, in memory order: is anything wrong at all?
    // (Every attention call asks it of its inputs, so it is written to be
    // fast.) 0 * v is 0 for a finite v and NaN for NaN and either infinity, and
    // a NaN stays in a sum: four independent sums let the compiler use vectors.
    const double* x = M.memptr();
    const arma::uword n = M.n_elem;
    if (!allow_minus_inf) {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        arma::uword i = 0;
        for (; i + 4 <= n; i += 4) {
            s0 += 0.0 * x[i];
            s1 += 0.0 * x[i + 1];
            s2 += 0.0 * x[i + 2];
            s3 += 0.0 * x[i + 3];
        }
        for (; i < n; ++i) s0 += 0.0 * x[i];
        if (s0 + s1 + s2 + s3 == 0.0) return;
    } else {
        // A mask may hold -infinity: skip it, on the bits (one pattern).
        constexpr std::uint64_t kExponent = 0x7FF0000000000000ULL, kMinusInfinity = 0xFFF0000000000000ULL;
        std::uint64_t bad = 0;
        for (arma::uword i = 0; i < n; ++i) {
            std::uint64_t bits;
            std::memcpy(&bits, x + i, sizeof bits);
            bad |= static_cast<std::uint64_t>((bits & kExponent) == kExponent) &
                   static_cast<std::uint64_t>(bits != kMinusInfinity);
        }
        if (bad == 0) return;
    }
    // Then where: a column-major walk would report cells in an order learners
    // do not expect; go row by row, the way the matrices are printed.
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
