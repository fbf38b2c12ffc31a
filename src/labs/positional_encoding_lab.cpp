#include "labs/positional_encoding_lab.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "contracts/07_cross_attention.hpp"
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"

namespace attn::positional_encoding_lab {

namespace {

// The frequency shared by columns 2i and 2i + 1: 1 / 10000^(2i / d_model).
double frequency(arma::uword pair, arma::uword d_model) {
    return std::pow(10000.0, -2.0 * static_cast<double>(pair) / static_cast<double>(d_model));
}

void require_offset_below_length(const char* function, const arma::mat& PE, arma::uword k) {
    if (k >= PE.n_rows)
        throw InputError(std::string(function) + ": the offset " + std::to_string(k) + " needs more than the " +
                         std::to_string(PE.n_rows) + " positions of PE");
}

}  // namespace

arma::rowvec wavelengths(arma::uword d_model) {
    if (d_model == 0) throw InputError("wavelengths: d_model must be at least 1");
    const arma::uword pairs = (d_model + 1) / 2;
    arma::rowvec w(pairs);
    // a pair turns by `frequency` radians per position, so once per 2 pi / frequency positions
    for (arma::uword i = 0; i < pairs; ++i) w(i) = 2.0 * arma::datum::pi / frequency(i, d_model);
    return w;
}

double worst_pair_norm_error(const arma::mat& PE) {
    double worst = 0;
    for (arma::uword p = 0; p < PE.n_rows; ++p)
        for (arma::uword c = 0; c + 1 < PE.n_cols; c += 2)  // a lone last sine column has no partner
            worst = std::max(worst, std::abs(PE(p, c) * PE(p, c) + PE(p, c + 1) * PE(p, c + 1) - 1.0));
    return worst;
}

Reordering reorder_words(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v,
                         const arma::uvec& order, bool with_positions) {
    const bool every_row_once = order.n_elem == X.n_rows && (order.n_elem == 0 || order.max() < X.n_rows) &&
                                arma::uvec(arma::unique(order)).n_elem == order.n_elem;
    require_shape(every_row_once, "reorder_words", "the order must list every row of X once", {"X", X});
    const arma::mat moved = X.rows(order);  // (L, d_model): the same words in other slots
    // The codes stay with the slots: slot k gets PE.row(k) whichever word sits there.
    const arma::mat PE = positional_encoding(X.n_rows, X.n_cols);  // (L, d_model)
    const arma::mat in = with_positions ? add_positions(X, PE) : X;
    const arma::mat in_moved = with_positions ? add_positions(moved, PE) : moved;
    Reordering r;
    r.Z = self_attention(in, W_q, W_k, W_v).output;                 // (L, d_v)
    r.Z_reordered = self_attention(in_moved, W_q, W_k, W_v).output;  // (L, d_v)
    // Row k of Z_reordered belongs to word order(k), whose first output was Z.row(order(k)).
    r.worst = X.n_rows == 0 ? 0.0 : arma::abs(r.Z_reordered - r.Z.rows(order)).max();
    return r;
}

double offset_spread(const arma::mat& PE, arma::uword k) {
    require_offset_below_length("offset_spread", PE, k);
    double lo = INFINITY, hi = -INFINITY;
    for (arma::uword p = 0; p + k < PE.n_rows; ++p) {
        const double s = position_similarity(PE, p)(p + k);  // PE(p) . PE(p + k)
        lo = std::min(lo, s);
        hi = std::max(hi, s);
    }
    return hi - lo;
}

arma::mat offset_map(arma::uword d_model, arma::uword k) {
    if (d_model == 0 || d_model % 2 != 0)
        throw InputError("offset_map: d_model must be even and at least 2 (every sine needs its cosine); got " +
                         std::to_string(d_model));
    arma::mat R(d_model, d_model, arma::fill::zeros);  // (d_model, d_model)
    for (arma::uword i = 0; i < d_model / 2; ++i) {
        // [sin a, cos a] * R_i = [sin(a + t), cos(a + t)] with t = k * frequency:
        // sin(a + t) = sin a cos t + cos a sin t,  cos(a + t) = cos a cos t - sin a sin t
        const double t = static_cast<double>(k) * frequency(i, d_model);
        const arma::uword s = 2 * i, c = 2 * i + 1;
        R(s, s) = std::cos(t);
        R(c, s) = std::sin(t);
        R(s, c) = -std::sin(t);
        R(c, c) = std::cos(t);
    }
    return R;
}

double offset_map_error(const arma::mat& PE, arma::uword k) {
    require_offset_below_length("offset_map_error", PE, k);
    const arma::mat R = offset_map(PE.n_cols, k);                      // (d_model, d_model)
    const arma::mat moved = PE.rows(0, PE.n_rows - 1 - k) * R;          // (L - k, d_model)
    return arma::abs(moved - PE.rows(k, PE.n_rows - 1)).max();
}

Closest closest_positions(const arma::mat& PE) {
    if (PE.n_rows < 2) throw InputError("closest_positions: PE needs at least 2 positions");
    // pass 1: every distance, and the smallest
    const arma::uword L = PE.n_rows;
    arma::mat D(L, L, arma::fill::zeros);  // upper triangle: distance of rows p < q
    double smallest = INFINITY;
    for (arma::uword p = 0; p < L; ++p)
        for (arma::uword q = p + 1; q < L; ++q) {
            D(p, q) = arma::norm(PE.row(p) - PE.row(q));
            smallest = std::min(smallest, D(p, q));
        }
    // pass 2: every pair at that distance, up to rounding. Without the tolerance a
    // tie is "won" by whichever pair rounding favoured (642 and 643 of 1000 codes).
    const double tolerance = 1e-9 * std::max(1.0, smallest);
    Closest c;
    c.distance = smallest;
    for (arma::uword p = 0; p < L; ++p)
        for (arma::uword q = p + 1; q < L; ++q)
            if (D(p, q) - smallest <= tolerance) c.tied.emplace_back(p, q);
    c.p = c.tied.front().first;
    c.q = c.tied.front().second;
    return c;
}

bool Closest::all_neighbours(arma::uword L) const {
    if (L < 2 || tied.size() != L - 1) return false;
    for (arma::uword k = 0; k < tied.size(); ++k)
        if (tied[k].first != k || tied[k].second != k + 1) return false;
    return true;
}

std::string describe_closest(const Closest& c, arma::uword L) {
    const std::string apart = format_number(c.distance) + " apart";
    if (!c.is_tie()) return std::to_string(c.p) + " and " + std::to_string(c.q) + ", " + apart;
    if (c.all_neighbours(L))
        return "a tie: all " + std::to_string(c.tied.size()) + " pairs of neighbours (p, p + 1) are " + apart +
               ", and no two positions are closer";
    return "a tie: " + std::to_string(c.tied.size()) + " pairs are " + apart + ", the first (" + std::to_string(c.p) +
           ", " + std::to_string(c.q) + ")";
}

plot::Figure encoding_figure(const arma::mat& PE) {
    plot::Heatmap h;
    h.title = "Sinusoidal position codes: positions down, dimensions across";
    h.values = PE;
    h.xlabel = "dimension (column of PE)";
    h.ylabel = "position";
    h.zmin = -1;  // sines and cosines
    h.zmax = 1;
    h.decimals = -1;  // far too many cells for numbers
    plot::Figure f(h);
    // Square cells: the picture about as wide as the table is.
    f.width = 240 + 14 * static_cast<int>(PE.n_cols);
    f.height = 200 + 14 * static_cast<int>(PE.n_rows);
    return f;
}

plot::Figure similarity_figure(arma::uword length, const std::vector<arma::uword>& widths) {
    plot::LineChart c;
    c.title = "How alike two position codes are, by their distance";
    c.xlabel = "distance k between the two positions";
    c.ylabel = "PE(0) . PE(k) / (d_model / 2)";
    c.extra = {"set xrange [0:" + std::to_string(length == 0 ? 1 : length - 1) + "]"};
    for (arma::uword d : widths) {
        const arma::mat PE = positional_encoding(length, d);  // (length, d)
        const arma::rowvec s = position_similarity(PE, 0);   // (1, length)
        plot::Series line;
        line.title = "d_model = " + std::to_string(d);
        line.style = "lines";
        for (arma::uword k = 0; k < length; ++k) {
            line.x.push_back(static_cast<double>(k));
            line.y.push_back(s(k) / (static_cast<double>(d) / 2.0));
        }
        c.series.push_back(line);
    }
    return plot::Figure(c);
}

}  // namespace attn::positional_encoding_lab
