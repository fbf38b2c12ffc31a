// attention_families.hpp: attention computed by loops, the right way and the
// natural wrong ways, and the families of wrong answers built from it, for the
// tests of chapters 06 and 07 (scaled_dot_product_attention, self_attention,
// cross_attention, masked_attention). See attn_test::Family in test_helpers.hpp.
#pragma once

#include <armadillo>
#include <cmath>
#include <string>

#include "mistakes.hpp"
#include "test_helpers.hpp"

namespace attn_test {

// --- attention computed the right way and the natural wrong ways, by loops -----
// How a masked attention may go wrong: the divisor (Q scaled by `factor`: scaling Q
// by c turns the divisor sqrt(d_k) into sqrt(d_k) / c), the way the additive mask
// is applied, a softmax without the guard for a row of nothing but -infinity, and a
// softmax down the columns.
enum class MaskUse {
    added,             // right: scores + mask, then softmax
    after_softmax,     // softmax of the plain scores, hidden weights set to 0 afterwards
    added_to_weights,  // softmax of the plain scores, then + mask
    zero_score,        // hidden scores set to 0
    multiplied,        // scores % mask: 0 -> 0, -inf -> -inf (or +inf, or NaN)
    transposed,        // scores + mask^T
    plus_large,        // scores + (-1e9 where hidden)
    set_large,         // hidden scores set to -1e9
};
struct Way {
    double factor = 1.0;
    MaskUse mask = MaskUse::added;
    bool guard = true;
    bool column_softmax = false;
    bool weights_transposed = false;  // A^T V (L_Q = L_K only)
};

inline arma::mat attention_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask,
                          const Way& way = {}) {
    const double scale = way.factor / std::sqrt(static_cast<double>(K.n_cols));
    arma::mat S(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double d = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) d += Q(i, c) * K(j, c);
            const double s = d * scale;
            const double m = mask(i, j);
            const bool hidden = std::isinf(m);
            switch (way.mask) {
                case MaskUse::added: S(i, j) = s + m; break;
                case MaskUse::after_softmax:
                case MaskUse::added_to_weights: S(i, j) = s; break;
                case MaskUse::zero_score: S(i, j) = hidden ? 0.0 : s; break;
                case MaskUse::multiplied: S(i, j) = s * m; break;
                case MaskUse::transposed: S(i, j) = s + mask(j, i); break;
                case MaskUse::plus_large: S(i, j) = s + (hidden ? -1e9 : 0.0); break;
                case MaskUse::set_large: S(i, j) = hidden ? -1e9 : s; break;
            }
        }
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    const arma::uword outer = way.column_softmax ? S.n_cols : S.n_rows, inner = way.column_softmax ? S.n_rows : S.n_cols;
    for (arma::uword o = 0; o < outer; ++o) {
        auto at = [&](arma::uword n) -> double& { return way.column_softmax ? S(n, o) : S(o, n); };
        auto out = [&](arma::uword n) -> double& { return way.column_softmax ? A(n, o) : A(o, n); };
        double m = -INFINITY, total = 0;
        for (arma::uword n = 0; n < inner; ++n) m = std::max(m, at(n));
        if (way.guard && std::isinf(m) && m < 0) continue;  // nothing visible: zeros
        for (arma::uword n = 0; n < inner; ++n) total += (out(n) = std::exp(at(n) - m));
        for (arma::uword n = 0; n < inner; ++n) out(n) /= total;
    }
    for (arma::uword k = 0; k < A.n_elem; ++k) {
        if (way.mask == MaskUse::after_softmax && std::isinf(mask(k))) A(k) = 0.0;
        if (way.mask == MaskUse::added_to_weights) A(k) += mask(k);
    }
    return attn_test::product_by_loops(way.weights_transposed ? arma::mat(A.t()) : A, V);
}

// The divisor slips of an attention layer, as variants of a family (d_model: the
// width of the layer's input X, or 0 when there is none).
inline void add_divisor_slips(Family& f, const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                       const arma::mat& mask, double d_model = 0) {
    namespace m = attn_test::mistakes;
    const double d_k = static_cast<double>(K.n_cols), d_v = static_cast<double>(V.n_cols),
                 L_K = static_cast<double>(K.n_rows);
    auto with = [&](double factor) { return attention_loops(Q, K, V, mask, Way{factor}); };
    // a size equal to d_k gives the right divisor: that slip cannot show on this input
    f.add(m::no_scaling, with(std::sqrt(d_k)), "no division")
        .add(m::scale_by_d_k, with(1.0 / std::sqrt(d_k)), "divided by d_k")
        .add(m::scale_multiplied, with(d_k), "multiplied by sqrt(d_k)");
    if (d_v != d_k) f.add(m::scale_by_sqrt_d_v, with(std::sqrt(d_k / d_v)), "divided by sqrt(d_v)");
    if (L_K != d_k) f.add(m::scale_by_key_count, with(std::sqrt(d_k / L_K)), "divided by sqrt(L_K)");
    if (d_model > 0 && d_model != d_k) f.add(m::scale_by_sqrt_d_model, with(std::sqrt(d_k / d_model)), "divided by sqrt(d_model)");
}

// masked_attention's family on Q, K, V and an additive mask. Variants that cannot
// show on an input are left out by its shape: the transposed mask needs L_Q = L_K,
// a large finite value and a missing guard only differ on a row with every key
// hidden, and a multiplied mask only gives finite numbers when every score is > 0.
inline Family masked_attention_family(const std::string& input, const arma::mat& Q, const arma::mat& K,
                                          const arma::mat& V, const arma::mat& mask) {
    namespace m = attn_test::mistakes;
    Family f(input, attention_loops(Q, K, V, mask));
    add_divisor_slips(f, Q, K, V, mask);
    auto with = [&](MaskUse u) { return attention_loops(Q, K, V, mask, Way{1.0, u}); };
    f.add(m::mask_after_softmax, with(MaskUse::after_softmax), "hidden weights set to 0 after softmax")
        .add(m::mask_added_to_weights, with(MaskUse::added_to_weights), "softmax(S) + mask")
        .add(m::mask_with_zero, with(MaskUse::zero_score), "hidden scores set to 0")
        .add(m::mask_ignored, attention_loops(Q, K, V, arma::mat(arma::size(mask), arma::fill::zeros)), "the mask not used")
        .add(m::softmax_over_columns, attention_loops(Q, K, V, mask, Way{1.0, MaskUse::added, true, true}),
             "softmax down the columns");
    bool positive = true, row_all_hidden = false;
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        bool all = true;
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double d = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) d += Q(i, c) * K(j, c);
            positive = positive && d > 0;
            all = all && std::isinf(mask(i, j));
        }
        row_all_hidden = row_all_hidden || all;
    }
    if (positive) f.add(m::mask_multiplied, with(MaskUse::multiplied), "scores % mask");
    if (Q.n_rows == K.n_rows) f.add(m::mask_transposed, with(MaskUse::transposed), "scores + mask^T");
    if (row_all_hidden) {
        f.add(m::mask_large_finite_value, with(MaskUse::plus_large), "scores + (-1e9 where hidden)", 1e-5)
            .add(m::mask_large_finite_value, with(MaskUse::set_large), "hidden scores set to -1e9", 1e-5)
            .add(m::masked_row_gives_nan, attention_loops(Q, K, V, mask, Way{1.0, MaskUse::added, false}),
                 "no guard for a row of -inf");
    }
    return f;
}

}  // namespace attn_test
