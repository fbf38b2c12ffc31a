#include "attend.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "contracts/04_attention_by_hand.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/csv.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn::attend_tool {

namespace {

csv::ReadOptions options_for(bool is_mask) {
    csv::ReadOptions ro;
    ro.allow_minus_inf = is_mask;  // -inf is how a mask says "never"
    return ro;
}

// The first cell of M that is not a finite number, row by row; false when none.
bool first_non_finite(const arma::mat& M, arma::uword& row, arma::uword& col) {
    for (row = 0; row < M.n_rows; ++row)
        for (col = 0; col < M.n_cols; ++col)
            if (!std::isfinite(M(row, col))) return true;
    return false;
}

[[noreturn]] void overflow(const std::string& what, arma::uword r, arma::uword c, const std::string& why) {
    std::ostringstream msg;
    msg << what << " overflow at row " << r << ", column " << c << " (0-based): " << why;
    throw InputError(msg.str());
}

}  // namespace

arma::mat parse_input(const std::string& name, const std::string& text, const std::string& source, bool is_mask) {
    try {
        return csv::parse_matrix(text, source, options_for(is_mask));
    } catch (const InputError& e) {
        throw InputError(name + ": " + e.what());
    }
}

arma::mat read_input(const std::string& name, const std::string& path, bool is_mask) {
    try {
        return csv::read_matrix(path, options_for(is_mask));
    } catch (const InputError& e) {
        throw InputError(name + ": " + e.what());
    }
}

Run compute(const arma::mat& Q, const arma::mat& K, const arma::mat& V, MaskKind kind, const arma::mat& mask) {
    // The two forced rules, in the course's words (chapter 06), before any product.
    check_attention_shapes("attend", Q, K, V);
    require_nonempty("attend", "K", K);  // a query needs at least one key to look at
    // The scores, the weights and the mask are L_Q x L_K each: past 4096 x 4096
    // (128 MiB a matrix) memory runs out long before anything could be looked at.
    if (static_cast<double>(Q.n_rows) * static_cast<double>(K.n_rows) > static_cast<double>(kMaxQueryKeyPairs))
        throw InputError("the scores would be " + to_string(Shape{Q.n_rows, K.n_rows}) +
                         "; attend is for small matrices (at most " + std::to_string(kMaxQueryKeyPairs) +
                         " query-key pairs, such as 4096x4096)");

    Run run;
    if (kind == MaskKind::causal) {
        require_shapes(Q.n_rows == K.n_rows, "attend", "a causal mask needs as many queries as keys (L_Q = L_K)",
                       {"Q", Q}, {"K", K});
        run.mask = causal_mask(Q.n_rows);
    } else if (kind == MaskKind::matrix) {
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, "attend", kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
        run.mask = mask;
    }

    // The scaled scores, for printing and to catch an overflow before the call
    // does; the weights and the output come from the course's attention function.
    run.S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K), chapter 04's two steps
    arma::uword r = 0, c = 0;
    // Finite inputs can still multiply past the largest double (about 1.8e308):
    // softmax would then see inf or NaN that the learner never wrote.
    if (first_non_finite(run.S, r, c))
        overflow("the scores Q K^T / sqrt(d_k)", r, c,
                 "query " + std::to_string(r) + " and key " + std::to_string(c) +
                     " have entries so large that their dot product passes the largest double; scale Q and K down");
    if (!run.mask.is_empty()) run.S += run.mask;  // -inf where a query may not look
    const AttentionResult result =
        run.mask.is_empty() ? scaled_dot_product_attention(Q, K, V) : masked_attention(Q, K, V, run.mask);
    run.A = result.weights;  // (L_Q, L_K)
    run.Z = result.output;   // (L_Q, d_v)
    // Each output entry is a weighted average of a column of V, so only values
    // within rounding of the largest double can overflow here.
    if (first_non_finite(run.Z, r, c))
        overflow("the output A V", r, c, "column " + std::to_string(c) +
                                             " of V holds values too close to the largest double; scale V down");
    return run;
}

void print(std::ostream& out, const arma::mat& Q, const arma::mat& K, const arma::mat& V, const Run& run,
           const std::vector<std::string>& tokens) {
    const PrintOptions po{2, tokens, tokens};
    // Small inputs are shown in full; large ones by their shapes only.
    const bool small = std::max({Q.n_rows, Q.n_cols, K.n_rows, V.n_cols}) <= kShownInFull;
    if (small) {
        print_matrix(out, "Q", Q, {2, tokens, {}});
        print_matrix(out, "K", K, {2, tokens, {}});
        print_matrix(out, "V", V, {2, tokens, {}});
    } else {
        out << "Q " << shape_of(Q) << ", K " << shape_of(K) << ", V " << shape_of(V) << "\n";
    }
    out << "\n";
    if (!run.mask.is_empty()) print_shown(out, "mask", run.mask, {0, tokens, tokens});
    print_shown(out, run.mask.is_empty() ? "scores Q K^T / sqrt(d_k)" : "scores Q K^T / sqrt(d_k) + mask", run.S, po);
    print_shown(out, "weights A = softmax of each row of the scores", run.A, po);
    print_shown(out, "output Z = A V", run.Z, {2, tokens, {}});
}

void print_shown(std::ostream& out, const std::string& label, const arma::mat& M, const PrintOptions& options) {
    if ((M.n_rows <= kShownInFull && M.n_cols <= kShownInFull) || M.is_empty()) {
        print_matrix(out, label, M, options);
        return;
    }
    // A 2000x2000 matrix would be 4 million numbers on the terminal: its shape
    // and top-left corner instead (the output files hold every number).
    const arma::uword rows = std::min<arma::uword>(M.n_rows, kCorner), cols = std::min<arma::uword>(M.n_cols, kCorner);
    const arma::mat corner = M.submat(0, 0, rows - 1, cols - 1);  // (rows, cols)
    std::ostringstream shown;
    print_matrix(shown, "", corner, options);
    const std::string text = shown.str();
    out << label << " (" << shape_of(M) << "), too large to show: its first " << rows << " rows and " << cols
        << " columns\n"
        << text.substr(text.find('\n') + 1);  // without print_matrix's own heading
}

}  // namespace attn::attend_tool
