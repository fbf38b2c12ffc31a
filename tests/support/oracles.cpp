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
    if (way.down_columns) {
        SoftmaxWay along = way;
        along.down_columns = false;
        return arma::mat(softmax_by_loops(arma::mat(H.t()), along).t());
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
    for (arma::uword i = 0; i < H.n_rows; ++i) {
        if (skipped[i]) continue;
        double row_total = 0, row_largest = 0;
        for (arma::uword j = 0; j < H.n_cols; ++j) row_total += E(i, j), row_largest = std::max(row_largest, E(i, j));
        for (arma::uword j = 0; j < H.n_cols; ++j) {
            double column_total = 0;
            for (arma::uword r = 0; r < H.n_rows; ++r) column_total += E(r, j);
            const double by = way.norm == Norm::row_sum      ? row_total
                              : way.norm == Norm::column_sum ? column_total
                              : way.norm == Norm::total      ? everything
                                                             : row_largest;
            A(i, j) = E(i, j) / by;
        }
    }
    return A;
}

AttentionByLoops attention_by_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& given,
                                    const AttentionWay& way) {
    const arma::mat mask = given.n_elem ? given : arma::mat(Q.n_rows, K.n_rows, arma::fill::zeros);
    const double divisor = way.divisor > 0 ? way.divisor : std::sqrt(static_cast<double>(K.n_cols));
    AttentionByLoops r;
    arma::mat& S = r.scores;
    S.set_size(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double d = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) d += Q(i, c) * K(j, c);
            const double s = d / divisor;
            const double m = mask(i, j);
            const bool hidden = std::isinf(m);
            switch (way.mask) {
                case MaskUse::added: S(i, j) = s + m; break;
                case MaskUse::after_softmax:
                case MaskUse::added_to_weights:
                case MaskUse::ignored: S(i, j) = s; break;
                case MaskUse::zero_score: S(i, j) = hidden ? 0.0 : s; break;
                case MaskUse::multiplied: S(i, j) = s * m; break;
                case MaskUse::transposed: S(i, j) = s + mask(j, i); break;
                case MaskUse::plus_large: S(i, j) = s + (hidden ? -1e9 : 0.0); break;
                case MaskUse::set_large: S(i, j) = hidden ? -1e9 : s; break;
            }
        }
    r.weights = softmax_by_loops(S, way.softmax);
    for (arma::uword k = 0; k < r.weights.n_elem; ++k) {
        if (way.mask == MaskUse::after_softmax && std::isinf(mask(k))) r.weights(k) = 0.0;
        if (way.mask == MaskUse::added_to_weights) r.weights(k) += mask(k);
    }
    r.output = product_by_loops(way.weights_transposed ? arma::mat(r.weights.t()) : r.weights, V);
    return r;
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
