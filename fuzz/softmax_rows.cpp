// Fuzz target: arbitrary doubles -> attn::softmax_rows (see fuzz_targets.hpp).
#include "contracts/03_softmax.hpp"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "core/errors.hpp"
#include "fuzz_targets.hpp"

namespace attn_fuzz {

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw PropertyViolated("softmax_rows: " + what);
}

// The values most likely to break a softmax, picked by one byte.
const double kSpecial[16] = {std::numeric_limits<double>::quiet_NaN(),
                             INFINITY,
                             -INFINITY,
                             1e308,
                             -1e308,
                             DBL_MAX,
                             -DBL_MAX,
                             0.0,
                             -0.0,
                             DBL_MIN,
                             std::numeric_limits<double>::denorm_min(),
                             1e300,
                             -1e300,
                             709.79,  // exp overflows just above
                             -745.2,  // exp underflows to 0 just below
                             1.0};

arma::mat decode(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return arma::mat();
    const arma::uword rows = data[0] % 7, cols = data[1] % 7;
    arma::mat S(rows, cols, arma::fill::zeros);
    std::size_t at = 2;
    // row by row, the order in which the course reports cells
    for (arma::uword r = 0; r < rows; ++r)
        for (arma::uword c = 0; c < cols && at < size; ++c) {
            const std::uint8_t sel = data[at++];
            if (sel < 16) {
                S(r, c) = kSpecial[sel];
            } else if (size - at >= 8) {
                double x;
                std::memcpy(&x, data + at, 8);
                at += 8;
                S(r, c) = x;
            } else {
                S(r, c) = static_cast<double>(sel) - 136.0;  // -120 .. 119
            }
        }
    return S;
}

}  // namespace

int softmax_rows(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const arma::mat S = decode(data, size);

    // Where the course says the input is bad: the first NaN or +inf, row by row.
    bool bad = false;
    arma::uword bad_r = 0, bad_c = 0;
    for (arma::uword r = 0; r < S.n_rows && !bad; ++r)
        for (arma::uword c = 0; c < S.n_cols && !bad; ++c)
            if (std::isnan(S(r, c)) || S(r, c) == INFINITY) bad = true, bad_r = r, bad_c = c;

    arma::mat A;
    try {
        A = attn::softmax_rows(S);
    } catch (const attn::InputError& e) {
        const std::string msg = e.what();
        require(msg.find('\n') == std::string::npos, "an error of more than one line: " + msg);
        if (bad) {
            std::ostringstream cell;
            cell << "S has " << (std::isnan(S(bad_r, bad_c)) ? "NaN" : "+infinity") << " at row " << bad_r
                 << ", column " << bad_c;
            require(msg.find(cell.str()) != std::string::npos, "the error does not name the first bad cell (" +
                                                                   cell.str() + "): " + msg);
        } else {
            // the one other refusal: rows with no keys to share a weight over
            require(S.n_cols == 0 && S.n_rows > 0, "refused an input without NaN or +inf: " + msg);
            require(msg.find("empty") != std::string::npos, "an empty S refused without saying so: " + msg);
        }
        return 0;
    }
    require(!bad, "accepted NaN or +infinity without an error");
    require(A.n_rows == S.n_rows && A.n_cols == S.n_cols, "the weights do not have the shape of the scores");
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double total = 0;
        bool all_masked = true;
        for (arma::uword j = 0; j < S.n_cols; ++j) {
            const double a = A(i, j);
            require(std::isfinite(a) && a >= 0.0 && a <= 1.0, "a weight outside [0, 1]");
            if (S(i, j) == -INFINITY)
                require(a == 0.0, "a key at -infinity got a weight other than exactly 0");
            else
                all_masked = false;
            total += a;
            // softmax never reorders: a larger score never gets a smaller weight
            for (arma::uword k = 0; k < j; ++k)
                require(!(S(i, j) > S(i, k) && a < A(i, k)) && !(S(i, k) > S(i, j) && A(i, k) < a),
                        "a larger score got a smaller weight");
        }
        if (all_masked)
            require(total == 0.0, "a row with every key at -infinity got weights");
        else
            require(std::abs(total - 1.0) <= 1e-12 * static_cast<double>(S.n_cols + 1), "a row does not sum to 1");
    }
    return 0;
}

}  // namespace attn_fuzz
