#include "labs/scaling_lab.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"
#include "contracts/03_softmax.hpp"

namespace attn::scaling_lab {

namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Entries::Entries(std::uint64_t seed, double sigma) : half_width_(sigma * std::sqrt(3.0)) {
    // splitmix64 spreads any seed (even 0) over the whole state, as the
    // xoshiro authors recommend.
    for (auto& s : s_) s = splitmix64(seed);
}

double Entries::next() {
    // xoshiro256+: the top 53 bits are of full quality, which is all a double takes.
    const std::uint64_t result = s_[0] + s_[3];
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    const double u = static_cast<double>(result >> 11) * 0x1.0p-53;  // [0, 1)
    // uniform on [-a, a] has variance a^2 / 3, so a = sigma sqrt(3) gives sigma^2
    return (2.0 * u - 1.0) * half_width_;
}

void Entries::fill(arma::mat& M) {
    double* p = M.memptr();
    for (arma::uword i = 0; i < M.n_elem; ++i) p[i] = next();
}

std::vector<arma::uword> default_dims() {
    std::vector<arma::uword> d;
    for (arma::uword n = 1; n <= 1024; n *= 2) d.push_back(n);
    return d;
}

VariancePoint measure_variance(arma::uword d_k, arma::uword pairs, std::uint64_t seed, double sigma) {
    require_shape(d_k > 0 && pairs >= 2, "measure_variance", "needs d_k >= 1 and at least 2 pairs",
                  {"pairs x d_k", pairs, d_k});
    Entries rng(seed ^ (d_k * 0x100000001b3ULL), sigma);
    arma::vec dots(pairs);
    // Blocks of ~2 million entries per matrix (16 MB): d_k = 1024 with 100,000
    // pairs would otherwise need 1.6 GB at once.
    const arma::uword block = std::max<arma::uword>(1, std::min<arma::uword>(pairs, (arma::uword{1} << 21) / d_k));
    arma::mat Q, K;
    for (arma::uword start = 0; start < pairs; start += block) {
        const arma::uword n = std::min(block, pairs - start);
        Q.set_size(n, d_k);  // (n, d_k)
        K.set_size(n, d_k);  // (n, d_k)
        rng.fill(Q);
        rng.fill(K);
        dots.subvec(start, start + n - 1) = paired_dot_products(Q, K);  // (n)
    }
    VariancePoint p;
    p.d_k = d_k;
    p.pairs = pairs;
    p.raw = sample_variance(dots);
    const double c = scale_factor(d_k);
    p.scaled = sample_variance(dots * c);
    // Var(s^2) ~ (m4 - s^4) / n: the spread of a variance estimate depends on the
    // fourth moment of what is sampled, here taken from the sample itself.
    const double m = arma::mean(dots);
    const double m4 = arma::mean(arma::pow(dots - m, 4));
    const double n = static_cast<double>(pairs);
    p.raw_se = std::sqrt(std::max(0.0, m4 - p.raw * p.raw) / n);
    p.scaled_se = p.raw_se * c * c;
    return p;
}

double entropy(const arma::rowvec& p) {
    double h = 0;
    for (double x : p)
        if (x > 0) h -= x * std::log(x);
    return h;
}

double jacobian_norm(const arma::rowvec& p) {
    // softmax's Jacobian is diag(p) - p^T p; its squared Frobenius norm expands to
    // sum p^2 - 2 sum p^3 + (sum p^2)^2, with no L x L matrix built.
    const double s2 = arma::accu(arma::square(p)), s3 = arma::accu(arma::pow(p, 3));
    return std::sqrt(std::max(0.0, s2 - 2 * s3 + s2 * s2));
}

namespace {

// Scores of `queries` queries against `keys` keys each, row i = query i:
// column j holds q_i . k_ij, computed with the learner's paired_dot_products.
arma::mat random_scores(arma::uword d_k, arma::uword keys, arma::uword queries, Entries& rng) {
    arma::mat Q(queries, d_k), K(queries, d_k);
    rng.fill(Q);
    arma::mat S(queries, keys);  // (queries, keys)
    for (arma::uword j = 0; j < keys; ++j) {
        rng.fill(K);  // key j of every query: fresh keys for each query
        S.col(j) = paired_dot_products(Q, K);
    }
    return S;
}

struct Summary {
    double max = 0, entropy = 0, grad = 0;
};

Summary summarise(const arma::mat& A) {
    Summary s;
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        const arma::rowvec p = A.row(i);
        double largest = 0;  // weights are >= 0
        for (arma::uword j = 0; j < A.n_cols; ++j) largest = std::max(largest, A(i, j));
        s.max += largest;
        s.entropy += entropy(p);
        s.grad += jacobian_norm(p);
    }
    const double n = static_cast<double>(A.n_rows);
    s.max /= n;
    s.entropy /= n;
    s.grad /= n;
    return s;
}

}  // namespace

SoftmaxPoint softmax_over_keys(arma::uword d_k, arma::uword keys, arma::uword queries, std::uint64_t seed) {
    Entries rng(seed ^ (d_k * 0x9e3779b97f4a7c15ULL));
    const arma::mat S = random_scores(d_k, keys, queries, rng);  // (queries, keys)
    const Summary raw = summarise(softmax_rows(S));
    const Summary scaled = summarise(softmax_rows(S * scale_factor(d_k)));
    SoftmaxPoint p;
    p.d_k = d_k;
    p.max_raw = raw.max;
    p.max_scaled = scaled.max;
    p.entropy_raw = raw.entropy;
    p.entropy_scaled = scaled.entropy;
    p.grad_raw = raw.grad;
    p.grad_scaled = scaled.grad;
    return p;
}

DivisorMistake divisor_mistake(arma::uword d_model, arma::uword heads, arma::uword keys, arma::uword queries,
                               std::uint64_t seed) {
    require_shape(heads > 0 && d_model % heads == 0, "divisor_mistake", "heads must divide d_model",
                  {"d_model x heads", d_model, heads});
    DivisorMistake m;
    m.d_model = d_model;
    m.heads = heads;
    m.d_k = d_model / heads;
    Entries rng(seed);
    const arma::mat S = random_scores(m.d_k, keys, queries, rng);  // (queries, keys): one head's scores
    m.right_divisor = 1.0 / scale_factor(m.d_k);
    m.wrong_divisor = 1.0 / scale_factor(d_model);
    const arma::mat right = S / m.right_divisor, wrong = S / m.wrong_divisor;
    const arma::mat A_right = softmax_rows(right), A_wrong = softmax_rows(wrong);
    const Summary r = summarise(A_right), w = summarise(A_wrong);
    m.max_right = r.max;
    m.max_wrong = w.max;
    m.entropy_right = r.entropy;
    m.entropy_wrong = w.entropy;
    m.var_right = arma::var(arma::vectorise(right));
    m.var_wrong = arma::var(arma::vectorise(wrong));
    m.example_right = A_right.row(0);
    m.example_wrong = A_wrong.row(0);
    return m;
}

plot::Figure variance_figure(const std::vector<VariancePoint>& points) {
    plot::LineChart c;
    c.title = "Variance of q . k against d_k (entries: mean 0, variance 1)";
    c.xlabel = "d_k";
    c.ylabel = "variance (log scale)";
    c.log_x = c.log_y = true;
    plot::Series line{"y = d_k (the calculation)", {}, {}, "lines dt 2"};
    plot::Series raw{"measured Var(q . k)", {}, {}, "points pt 7 ps 1.3"};
    plot::Series scaled{"measured Var(q . k / sqrt(d_k))", {}, {}, "linespoints pt 5 ps 1.1"};
    for (const auto& p : points) {
        const double d = static_cast<double>(p.d_k);
        line.x.push_back(d);
        line.y.push_back(d);
        raw.x.push_back(d);
        raw.y.push_back(p.raw);
        scaled.x.push_back(d);
        scaled.y.push_back(p.scaled);
    }
    c.series = {line, raw, scaled};
    c.extra = {"set yrange [0.3:3000]"};
    return plot::Figure(c);
}

plot::Figure largest_weight_figure(const std::vector<SoftmaxPoint>& points, arma::uword keys) {
    plot::LineChart c;
    c.title = "Largest softmax weight over " + std::to_string(keys) + " keys, mean over queries";
    c.xlabel = "d_k";
    c.ylabel = "mean largest weight";
    c.log_x = true;
    plot::Series raw{"unscaled scores q . k", {}, {}, "linespoints pt 7"};
    plot::Series scaled{"scaled scores q . k / sqrt(d_k)", {}, {}, "linespoints pt 5"};
    plot::Series uniform{"even split 1/" + std::to_string(keys), {}, {}, "lines dt 2"};
    for (const auto& p : points) {
        const double d = static_cast<double>(p.d_k);
        raw.x.push_back(d);
        raw.y.push_back(p.max_raw);
        scaled.x.push_back(d);
        scaled.y.push_back(p.max_scaled);
        uniform.x.push_back(d);
        uniform.y.push_back(1.0 / static_cast<double>(keys));
    }
    c.series = {raw, scaled, uniform};
    c.extra = {"set yrange [0:1.05]"};
    return plot::Figure(c);
}

}  // namespace attn::scaling_lab
