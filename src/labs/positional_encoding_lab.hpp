// positional_encoding_lab.hpp: chapter 08's experiments around the position codes.
//
// Rows are tokens (positions), columns are features (legend in
// contracts/08_positional_encoding.hpp). Everything here calls the chapter's
// exercise functions (positional_encoding, add_positions, position_similarity)
// and chapter 07's self_attention, so with --mine it runs on the learner's code.
#pragma once

#include <armadillo>
#include <string>
#include <utility>
#include <vector>

#include "contracts/08_positional_encoding.hpp"
#include "core/plot.hpp"

namespace attn::positional_encoding_lab {

// How many positions pair i of a d_model-wide code takes to turn once:
// 2 pi * 10000^(2i / d_model), for i = 0 .. ceil(d_model / 2) - 1 (an odd
// d_model's last, lone sine column counts as a pair). Throws InputError for d_model 0.
arma::rowvec wavelengths(arma::uword d_model);

// The largest |PE(p, 2i)^2 + PE(p, 2i+1)^2 - 1| over every position and every
// complete sine/cosine pair: 0 up to rounding when each pair lies on the unit circle.
double worst_pair_norm_error(const arma::mat& PE);

// Chapter 02's reordering experiment on self_attention (chapter 07): attention
// on the sentence X and on its words in another order (new row k = old row
// order(k)). With positions, each version gets add_positions(., PE) first: the
// codes belong to the slots 0, 1, 2, ..., not to the words, so a word that
// moves gets the code of its new slot.
struct Reordering {
    arma::mat Z;            // L x d_v: output on X (plus positions)
    arma::mat Z_reordered;  // L x d_v: output on X.rows(order) (plus positions)
    // max |Z_reordered - Z.rows(order)|: 0 when reordering the words only
    // reorders their outputs, as in chapter 02.
    double worst = 0;
};
Reordering reorder_words(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v,
                         const arma::uvec& order, bool with_positions);

// The spread of PE(p) . PE(p + k) over every start p with p + k < L (largest
// minus smallest): 0 up to rounding when the dot product depends on the offset
// k alone. Uses position_similarity. Throws InputError when k >= L.
double offset_spread(const arma::mat& PE, arma::uword k);

// The matrix that moves a code k positions on: PE.row(p + k) = PE.row(p) * R
// for every p. Block diagonal, one 2x2 rotation per pair i (angle k times the
// pair's frequency), so it is built from k and d_model alone, never from p.
// Shapes:  d_model x d_model. Throws InputError for an odd or zero d_model
// (a lone sine column has no cosine to turn with).
arma::mat offset_map(arma::uword d_model, arma::uword k);

// The largest |PE.row(p) * offset_map(d_model, k) - PE.row(p + k)| over every p
// with p + k < L. Throws InputError when k >= L.
double offset_map_error(const arma::mat& PE, arma::uword k);

// The two rows of PE that are closest (Euclidean distance), p < q, and every
// other pair just as close. Distances that agree to 1e-9 of their size count as
// one distance (a tie): rounding alone makes them differ in the last digits, as
// it does for the sinusoidal codes, where every pair of neighbours (p, p + 1) is
// the same distance apart (it depends on the offset alone).
struct Closest {
    arma::uword p = 0, q = 0;  // the first closest pair, in the order (p, then q)
    double distance = 0;
    std::vector<std::pair<arma::uword, arma::uword>> tied;  // every pair this close, (p, q) first
    bool is_tie() const { return tied.size() > 1; }
    // Whether the tied pairs are exactly the L - 1 neighbours (0, 1), (1, 2), ..., (L-2, L-1).
    bool all_neighbours(arma::uword L) const;
};
// Throws InputError when PE has fewer than 2 rows.
Closest closest_positions(const arma::mat& PE);

// The closest pair in words, a tie said as a tie:
//   "642 and 643, 1.01 apart"
//   "a tie: all 999 pairs of neighbours (p, p + 1) are 1.01 apart, and no two positions are closer"
//   "a tie: 3 pairs are 0.50 apart, the first (1, 3)"
std::string describe_closest(const Closest& c, arma::uword L);

// Heatmap of a position table: positions down, dimensions across, colours over [-1, 1].
plot::Figure encoding_figure(const arma::mat& PE);

// PE(0) . PE(k) / (d_model / 2) against the offset k = 0 .. length - 1, one
// line per width in `widths` (even widths: the division makes every line start at 1).
plot::Figure similarity_figure(arma::uword length, const std::vector<arma::uword>& widths);

}  // namespace attn::positional_encoding_lab
