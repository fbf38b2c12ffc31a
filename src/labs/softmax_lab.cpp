#include "labs/softmax_lab.hpp"

#include <cmath>
#include <string>

#include "core/print.hpp"
#include "contracts/03_softmax.hpp"

namespace attn::softmax_lab {

arma::rowvec naive_softmax(const arma::rowvec& s) {
    const arma::rowvec e = arma::exp(s);  // overflows to inf once an entry passes ~709.78
    return e / arma::accu(e);             // inf / inf is NaN
}

arma::frowvec naive_softmax(const arma::frowvec& s) {
    const arma::frowvec e = arma::exp(s);  // float overflows much earlier, past ~88.72
    return e / arma::accu(e);
}

namespace {

template <class Row>
int first_breaking_score() {
    // Scan whole numbers upward; the row is [1, 2, 3] shifted so its largest entry is x.
    for (int x = 1; x < 100000; ++x) {
        Row s(3);
        s(0) = static_cast<typename Row::elem_type>(x - 2);
        s(1) = static_cast<typename Row::elem_type>(x - 1);
        s(2) = static_cast<typename Row::elem_type>(x);
        if (!naive_softmax(s).is_finite()) return x;
    }
    return -1;
}

}  // namespace

int naive_breaking_score_double() { return first_breaking_score<arma::rowvec>(); }
int naive_breaking_score_float() { return first_breaking_score<arma::frowvec>(); }

arma::mat softmax_jacobian(const arma::rowvec& a) {
    arma::mat J(a.n_elem, a.n_elem);  // (L_K, L_K)
    // Column j of J is J e_j; J is symmetric, so rows and columns agree.
    for (arma::uword j = 0; j < a.n_elem; ++j) {
        arma::rowvec e(a.n_elem, arma::fill::zeros);
        e(j) = 1.0;
        J.col(j) = softmax_jvp(a, e).t();
    }
    return J;
}

double jacobian_size(const arma::rowvec& a) { return arma::norm(softmax_jacobian(a), "fro"); }

std::vector<double> default_stretches() {
    std::vector<double> c;
    const int n = 41;
    for (int k = 0; k < n; ++k) c.push_back(0.1 * std::pow(320.0, static_cast<double>(k) / (n - 1)));
    c.back() = 32.0;  // exactly, not 31.99999...
    return c;
}

std::vector<SaturationPoint> saturation_curve(const arma::rowvec& s, const std::vector<double>& stretches) {
    std::vector<SaturationPoint> pts;
    for (double c : stretches) {
        const arma::rowvec a = softmax_rows(c * s);  // (1, L_K)
        pts.push_back({c, a.max(), jacobian_size(a)});
    }
    return pts;
}

plot::Figure saturation_bars(const arma::rowvec& s, double factor) {
    plot::BarChart c;
    c.title = "Stretching the scores by " + format_number(factor, 0) + " pushes softmax toward one-hot";
    c.ylabel = "weight";
    for (arma::uword j = 0; j < s.n_elem; ++j) c.categories.push_back("key " + std::to_string(j));
    const arma::rowvec a = softmax_rows(s), b = softmax_rows(factor * s);
    plot::BarGroup g1{"softmax(" + format_row(s, 0) + ")", {a.begin(), a.end()}};
    plot::BarGroup g2{"softmax(" + format_row(factor * s, 0) + ")", {b.begin(), b.end()}};
    c.groups = {g1, g2};
    c.value_decimals = 4;
    c.extra = {"set yrange [0:1.1]"};
    return plot::Figure(c);
}

plot::Figure saturation_curve_figure(const std::vector<SaturationPoint>& points) {
    plot::LineChart c;
    c.title = "softmax(c * [1, 2, 3]): the largest weight nears 1 while the gradient vanishes";
    c.xlabel = "stretch factor c";
    c.ylabel = "value";
    c.log_x = true;
    plot::Series top{"largest weight", {}, {}, "linespoints pt 7 ps 0.5"};
    plot::Series grad{"gradient size ||J||_F (Frobenius norm of the Jacobian)", {}, {}, "linespoints pt 5 ps 0.5"};
    for (const auto& p : points) {
        top.x.push_back(p.stretch);
        top.y.push_back(p.largest_weight);
        grad.x.push_back(p.stretch);
        grad.y.push_back(p.gradient_size);
    }
    c.series = {top, grad};
    c.extra = {"set yrange [0:1.05]", "set xrange [0.1:32]", "set key right center"};
    return plot::Figure(c);
}

}  // namespace attn::softmax_lab
