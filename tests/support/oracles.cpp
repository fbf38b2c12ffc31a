// oracles.cpp: the loops of oracles.hpp.
#include "support/oracles.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn_test {

arma::mat product_by_loops(const arma::mat& A, const arma::mat& B) {
    arma::mat C(A.n_rows, B.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < B.n_cols; ++j)
            for (arma::uword k = 0; k < A.n_cols; ++k) C(i, j) += A(i, k) * B(k, j);
    return C;
}

arma::mat softmax_by_loops(const arma::mat& H, const SoftmaxWay& way) {
    if (way.twice) {
        SoftmaxWay once = way;
        once.twice = false;
        return softmax_by_loops(softmax_by_loops(H, once), once);
    }
    if (way.down_columns) {
        SoftmaxWay along = way;
        along.down_columns = false;
        return arma::mat(softmax_by_loops(arma::mat(H.t()), along).t());
    }
    if (!way.exponential) {  // the scores themselves over their row's total
        arma::mat A(arma::size(H));
        for (arma::uword i = 0; i < H.n_rows; ++i) {
            double t = 0;
            for (arma::uword j = 0; j < H.n_cols; ++j) t += H(i, j);
            for (arma::uword j = 0; j < H.n_cols; ++j) A(i, j) = H(i, j) / t;
        }
        return A;
    }
    double global = -INFINITY;
    for (arma::uword k = 0; k < H.n_elem; ++k) global = std::max(global, H(k));
    arma::mat E(H.n_rows, H.n_cols, arma::fill::zeros);
    std::vector<bool> skipped(H.n_rows, false);
    for (arma::uword i = 0; i < H.n_rows; ++i) {
        double m = -INFINITY, mean = 0, least = INFINITY;
        for (arma::uword j = 0; j < H.n_cols; ++j)
            m = std::max(m, H(i, j)), mean += H(i, j) / H.n_cols, least = std::min(least, H(i, j));
        if (way.guard && std::isinf(m) && m < 0) {  // nothing visible: zeros
            skipped[i] = true;
            continue;
        }
        for (arma::uword j = 0; j < H.n_cols; ++j) {
            double c = m;
            if (way.shift == Shift::none) c = 0;
            if (way.shift == Shift::global_max) c = global;
            if (way.shift == Shift::row_mean) c = mean;
            if (way.shift == Shift::row_min) c = least;
            if (way.shift == Shift::row_first) c = H(i, 0);
            if (way.shift == Shift::first_row_max) c = H.n_rows ? H.row(0).max() : 0.0;
            if (way.shift == Shift::column_max) {
                c = -INFINITY;
                for (arma::uword r = 0; r < H.n_rows; ++r) c = std::max(c, H(r, j));
            }
            E(i, j) = std::exp(H(i, j) - c);
        }
    }
    arma::mat A(H.n_rows, H.n_cols, arma::fill::zeros);
    double everything = 0;
    for (arma::uword k = 0; k < E.n_elem; ++k) everything += E(k);
    double so_far = 0;  // Norm::running_total: every row's total up to this one
    for (arma::uword i = 0; i < H.n_rows; ++i) {
        if (skipped[i]) {
            if (way.even_empty_rows) A.row(i).fill(1.0 / static_cast<double>(H.n_cols));
            continue;
        }
        double row_total = 0, row_largest = 0, row_squares = 0;
        for (arma::uword j = 0; j < H.n_cols; ++j)
            row_total += E(i, j), row_largest = std::max(row_largest, E(i, j)), row_squares += E(i, j) * E(i, j);
        for (arma::uword j = 0; j < H.n_cols; ++j) {
            double column_total = 0, column_squares = 0;
            for (arma::uword r = 0; r < H.n_rows; ++r) column_total += E(r, j), column_squares += E(r, j) * E(r, j);
            double by = row_total;
            if (way.norm == Norm::column_sum) by = column_total;
            if (way.norm == Norm::total) by = everything;
            if (way.norm == Norm::row_max) by = row_largest;
            if (way.norm == Norm::row_length) by = std::sqrt(row_squares);
            if (way.norm == Norm::column_length) by = std::sqrt(column_squares);
            if (way.norm == Norm::running_total) by = so_far + row_total;
            // a length of 0 (a key hidden from every query) gives zeros under the rule, 0 / 0 without it
            const bool empty = ((way.norm == Norm::row_length || way.norm == Norm::column_length) ||
                                (way.zero_total_rows && way.norm == Norm::row_sum)) &&
                               by == 0;
            A(i, j) = way.guard && empty ? 0.0 : E(i, j) / by;
        }
        so_far += row_total;
    }
    return A;
}

arma::mat scores_by_loops(const arma::mat& Q, const arma::mat& K, ScoresFrom from) {
    switch (from) {
        case ScoresFrom::q_k: break;
        case ScoresFrom::k_q: return scores_by_loops(K, Q);
        case ScoresFrom::q_q: return scores_by_loops(Q, Q);
        case ScoresFrom::q_times_k: return product_by_loops(Q, K);
        case ScoresFrom::qt_times_k: return product_by_loops(arma::mat(Q.t()), K);
    }
    arma::mat S(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double d = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) d += Q(i, c) * K(j, c);
            S(i, j) = d;
        }
    return S;
}

WeightsByLoops weights_by_loops(const arma::mat& S, const arma::mat& given, const AttentionWay& way) {
    const arma::mat mask = given.n_elem ? given : arma::mat(S.n_rows, S.n_cols, arma::fill::zeros);
    WeightsByLoops r;
    arma::mat& T = r.scores;
    T.set_size(S.n_rows, S.n_cols);
    for (arma::uword i = 0; i < S.n_rows; ++i)
        for (arma::uword j = 0; j < S.n_cols; ++j) {
            const double s = S(i, j);
            const double m = way.mask == MaskUse::transposed ? 0.0 : mask(i, j);
            const bool hidden = std::isinf(m);
            switch (way.mask) {
                case MaskUse::added:
                case MaskUse::shift_before_mask: T(i, j) = s + m; break;
                case MaskUse::after_softmax:
                case MaskUse::added_to_weights:
                case MaskUse::ignored: T(i, j) = s; break;
                case MaskUse::zero_score: T(i, j) = hidden ? 0.0 : s; break;
                case MaskUse::multiplied: T(i, j) = s * m; break;
                case MaskUse::subtracted: T(i, j) = s - m; break;
                case MaskUse::transposed: T(i, j) = s + mask(j, i); break;
                case MaskUse::plus_large: T(i, j) = s + (hidden ? -1e9 : 0.0); break;
                case MaskUse::set_large: T(i, j) = hidden ? -1e9 : s; break;
                case MaskUse::keep_pattern: T(i, j) = m == 0.0 ? -arma::datum::inf : s; break;
            }
        }
    r.weights = way.no_softmax ? T : softmax_by_loops(T, way.softmax);
    if (way.mask == MaskUse::shift_before_mask)  // exp(S + mask - max(S)) over its row's total
        for (arma::uword i = 0; i < S.n_rows; ++i) {
            double top = -INFINITY, total = 0;
            bool visible = false;
            for (arma::uword j = 0; j < S.n_cols; ++j) top = std::max(top, S(i, j)), visible = visible || !std::isinf(T(i, j));
            if (!visible) continue;  // nothing visible: the zeros of the rule for such a row
            for (arma::uword j = 0; j < S.n_cols; ++j) total += r.weights(i, j) = std::exp(T(i, j) - top);
            for (arma::uword j = 0; j < S.n_cols; ++j) r.weights(i, j) /= total;
        }
    for (arma::uword k = 0; k < r.weights.n_elem; ++k) {
        if (way.mask == MaskUse::after_softmax && std::isinf(mask(k))) r.weights(k) = 0.0;
        if (way.mask == MaskUse::added_to_weights) r.weights(k) += mask(k);
    }
    return r;
}

arma::mat output_by_loops(const arma::mat& A, const arma::mat& V, const AttentionWay& way) {
    if (way.weights_as_output) return A;
    return product_by_loops(way.transpose_weights ? arma::mat(A.t()) : A, way.transpose_values ? arma::mat(V.t()) : V);
}

AttentionByLoops attention_by_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask,
                                    const AttentionWay& way) {
    const double divisor = way.divisor > 0 ? way.divisor : std::sqrt(static_cast<double>(K.n_cols));
    arma::mat S = scores_by_loops(Q, K, way.scores);
    if (!way.divided_after_softmax)
        for (arma::uword k = 0; k < S.n_elem; ++k) S(k) /= divisor;
    WeightsByLoops w = weights_by_loops(S, mask, way);
    if (way.divided_after_softmax)
        for (arma::uword k = 0; k < w.weights.n_elem; ++k) w.weights(k) /= divisor;
    AttentionByLoops r;
    r.output = output_by_loops(w.weights, V, way);
    r.scores = std::move(w.scores);
    r.weights = std::move(w.weights);
    return r;
}

std::string refused_output(const arma::mat& A, const arma::mat& V, const AttentionWay& way) {
    if (way.weights_as_output || V.n_elem == 0) return "";
    const arma::uword inner = way.transpose_weights ? A.n_rows : A.n_cols;
    const arma::uword rows_of_v = way.transpose_values ? V.n_cols : V.n_rows;
    return inner == rows_of_v ? "" : "matrix multiplication";
}

std::string refused_step(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask,
                         const AttentionWay& way) {
    // the product of the scores, and the shape it gives
    arma::uword rows = Q.n_rows, cols = K.n_rows;
    bool fits = Q.n_cols == K.n_cols;
    switch (way.scores) {
        case ScoresFrom::q_k: break;
        case ScoresFrom::k_q: rows = K.n_rows, cols = Q.n_rows; break;
        case ScoresFrom::q_q: fits = true, cols = Q.n_rows; break;
        case ScoresFrom::q_times_k: fits = Q.n_cols == K.n_rows, cols = K.n_cols; break;
        case ScoresFrom::qt_times_k: fits = Q.n_rows == K.n_rows, rows = Q.n_cols, cols = K.n_cols; break;
    }
    if (!fits) return "matrix multiplication";
    // the mask, added to scores of that shape (transposed, it must fit them as its transpose)
    if (mask.n_elem) {
        const bool flipped = way.mask == MaskUse::transposed;
        if ((flipped ? mask.n_cols : mask.n_rows) != rows || (flipped ? mask.n_rows : mask.n_cols) != cols)
            return "addition";
    }
    return refused_output(arma::mat(rows, cols), V, way);
}

ProjectionsByLoops projections_by_loops(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                        const arma::mat& W_k, const arma::mat& W_v, const ProjectionWay& way) {
    const arma::mat& queries = way.sources_swapped ? X_kv : X_q;
    const arma::mat& keys = way.sources_swapped ? X_q : X_kv;
    const auto by = [&](Weight w) -> const arma::mat& { return w == Weight::q ? W_q : w == Weight::k ? W_k : W_v; };
    return {product_by_loops(queries, by(way.q)), product_by_loops(keys, by(way.k)), product_by_loops(keys, by(way.v))};
}

arma::mat causal_mask_by_loops(arma::uword L) {
    arma::mat M(L, L);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j) M(i, j) = j > i ? -INFINITY : 0.0;
    return M;
}

NormByLoops layer_norm_by_loops(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps,
                                NormSlip slip) {
    const arma::uword T = X.n_rows, d = X.n_cols;
    NormByLoops n{arma::mat(T, d), arma::mat(T, d), arma::colvec(T)};
    if (slip == NormSlip::over_columns) {  // each column over the tokens
        const NormByLoops t = layer_norm_by_loops(arma::mat(X.t()), arma::ones<arma::rowvec>(T),
                                                  arma::zeros<arma::rowvec>(T), eps);
        n.xhat = t.xhat.t();
        for (arma::uword r = 0; r < T; ++r)
            for (arma::uword c = 0; c < d; ++c) n.y(r, c) = gain(c) * n.xhat(r, c) + bias(c);
        n.inv_std.fill(arma::datum::nan);  // one per column, not per row: nothing to compare
        return n;
    }
    for (arma::uword r = 0; r < T; ++r) {
        double mean = 0, ss = 0;
        for (arma::uword c = 0; c < d; ++c) mean += X(r, c);
        mean /= static_cast<double>(d);
        for (arma::uword c = 0; c < d; ++c) ss += (X(r, c) - mean) * (X(r, c) - mean);
        // population variance (divided by d); the sample variance divides by d - 1
        const double var = ss / static_cast<double>(slip == NormSlip::sample_variance ? d - 1 : d);
        double denom = slip == NormSlip::eps_outside_sqrt ? std::sqrt(var) + eps : std::sqrt(var + eps);
        if (slip == NormSlip::no_eps) denom = std::sqrt(var);
        if (slip == NormSlip::no_eps_guarded || slip == NormSlip::no_eps_guarded_at_0)
            denom = var > (slip == NormSlip::no_eps_guarded ? eps : 0.0) ? std::sqrt(var) : INFINITY;  // inv_std 0
        if (slip == NormSlip::eps_floor) denom = std::sqrt(std::max(var, eps));
        if (slip == NormSlip::no_sqrt) denom = var + eps;
        n.inv_std(r) = 1.0 / denom;
        for (arma::uword c = 0; c < d; ++c) {
            const double xhat = (X(r, c) - mean) / denom;
            n.xhat(r, c) = xhat;
            const double g = slip == NormSlip::no_gain_bias || slip == NormSlip::no_gain ? 1.0 : gain(c);
            const double b = slip == NormSlip::no_gain_bias || slip == NormSlip::no_bias ? 0.0 : bias(c);
            n.y(r, c) = slip == NormSlip::gain_bias_swapped ? bias(c) * xhat + gain(c) : g * xhat + b;
        }
    }
    return n;
}

NormGradsByLoops layer_norm_backward_by_loops(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                              const arma::rowvec& gain, NormBackSlip slip) {
    const arma::uword T = dY.n_rows, d = dY.n_cols;
    NormGradsByLoops g{arma::mat(T, d), arma::rowvec(d, arma::fill::zeros), arma::rowvec(d, arma::fill::zeros)};
    for (arma::uword r = 0; r < T; ++r)
        for (arma::uword c = 0; c < d; ++c) g.dgain(c) += dY(r, c) * xhat(r, c), g.dbias(c) += dY(r, c);
    for (arma::uword r = 0; r < T; ++r) {
        // forward was y = gain % xhat + bias, xhat = (x - mean) inv_std: so
        // dx = inv_std (dxhat - mean(dxhat) - xhat mean(dxhat % xhat)), dxhat = dY % gain
        std::vector<double> dxhat(d);
        double mean_d = 0, mean_dx = 0;
        for (arma::uword c = 0; c < d; ++c) {
            dxhat[c] = slip == NormBackSlip::no_gain ? dY(r, c) : dY(r, c) * gain(c);
            mean_d += dxhat[c];
            mean_dx += dxhat[c] * xhat(r, c);
        }
        if (slip != NormBackSlip::sums_not_means) {
            mean_d /= static_cast<double>(d);
            mean_dx /= static_cast<double>(d);
        }
        if (slip == NormBackSlip::no_mean_term) mean_d = 0;
        if (slip == NormBackSlip::no_variance_term) mean_dx = 0;
        const double scale = slip == NormBackSlip::no_inv_std ? 1.0 : inv_std(r);
        for (arma::uword c = 0; c < d; ++c) g.dX(r, c) = scale * (dxhat[c] - mean_d - xhat(r, c) * mean_dx);
    }
    if (slip == NormBackSlip::means_over_columns) {  // the two means down each column, over the tokens
        for (arma::uword c = 0; c < d; ++c) {
            double mean_d = 0, mean_dx = 0;
            for (arma::uword r = 0; r < T; ++r) mean_d += dY(r, c) * gain(c), mean_dx += dY(r, c) * gain(c) * xhat(r, c);
            mean_d /= static_cast<double>(T);
            mean_dx /= static_cast<double>(T);
            for (arma::uword r = 0; r < T; ++r)
                g.dX(r, c) = inv_std(r) * (dY(r, c) * gain(c) - mean_d - xhat(r, c) * mean_dx);
        }
    }
    return g;
}

arma::mat central_differences(const std::function<double(const arma::mat&)>& f, arma::mat X, double h) {
    arma::mat g(X.n_rows, X.n_cols);
    for (arma::uword i = 0; i < X.n_elem; ++i) {
        const double keep = X(i);
        X(i) = keep + h;
        const double up = f(X);
        X(i) = keep - h;
        const double down = f(X);
        X(i) = keep;
        g(i) = (up - down) / (2 * h);
    }
    return g;
}

}  // namespace attn_test
