// Fuzz target: CSV text -> ./course attend (see fuzz_targets.hpp).
#include <cmath>
#include <sstream>

#include "attend.hpp"
#include "core/errors.hpp"
#include "fuzz_targets.hpp"

namespace attn_fuzz {

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw PropertyViolated("attend_csv: " + what);
}

// An error the learner sees is one non-empty line.
void require_clear(const std::exception& e) {
    const std::string msg = e.what();
    require(!msg.empty(), "an error with no message");
    require(msg.find('\n') == std::string::npos, "an error of more than one line: " + msg);
}

}  // namespace

int attend_csv(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string part[4];
    int parts = 0;
    for (char ch : text) {
        if (ch == '|') {
            if (++parts == 4) return 0;  // five parts or more: not an input of the tool
        } else {
            part[parts] += ch;
        }
    }
    if (parts < 2) return 0;  // the tool always has Q, K and V
    namespace tool = attn::attend_tool;
    arma::mat Q, K, V, mask;
    tool::MaskKind kind = tool::MaskKind::none;
    tool::Run run;
    try {
        Q = tool::parse_input("Q", part[0], "Q.csv", false);
        K = tool::parse_input("K", part[1], "K.csv", false);
        V = tool::parse_input("V", part[2], "V.csv", false);
        if (parts == 3 && part[3] == "causal") {
            kind = tool::MaskKind::causal;
        } else if (parts == 3) {
            kind = tool::MaskKind::matrix;
            mask = tool::parse_input("mask", part[3], "mask.csv", true);
        }
        run = tool::compute(Q, K, V, kind, mask);
    } catch (const attn::ShapeError& e) {
        require_clear(e);
        require(std::string(e.what()).find("; got ") != std::string::npos, "a shape error without both shapes");
        return 0;
    } catch (const attn::InputError& e) {
        require_clear(e);
        return 0;
    }

    // What the tool promises for an input it accepts.
    const arma::uword L_Q = Q.n_rows, L_K = K.n_rows;
    require(run.A.n_rows == L_Q && run.A.n_cols == L_K, "weights are not L_Q x L_K");
    require(run.Z.n_rows == L_Q && run.Z.n_cols == V.n_cols, "output is not L_Q x d_v");
    require(run.Z.is_finite(), "accepted input gave a non-finite output");
    for (arma::uword i = 0; i < L_Q; ++i) {
        double total = 0;
        bool all_masked = true;
        for (arma::uword j = 0; j < L_K; ++j) {
            const double a = run.A(i, j);
            const bool masked = !run.mask.is_empty() && std::isinf(run.mask(i, j));
            all_masked = all_masked && masked;
            require(std::isfinite(a) && a >= 0.0 && a <= 1.0, "a weight outside [0, 1]");
            require(!masked || a == 0.0, "a masked key got a weight other than exactly 0");
            total += a;
        }
        if (all_masked)
            require(total == 0.0, "a fully masked query got weights");
        else
            require(std::abs(total - 1.0) <= 1e-12 * static_cast<double>(L_K + 1), "a query's weights do not sum to 1");
    }
    // Printing must cope with every accepted number (1e308 included).
    std::ostringstream out;
    tool::print(out, Q, K, V, run);
    require(!out.str().empty(), "nothing printed");
    return 0;
}

}  // namespace attn_fuzz
