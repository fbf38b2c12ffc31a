// Right, written another way (suite only): the answers found by trying a small projection.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

namespace {
const arma::mat kX = {{1, 2, 3}, {0, 1, 0}, {1, 2, 3}};
const arma::mat kW = {{1, 0}, {2, 1}, {0, 3}};
}  // namespace

bool identical_rows_stay_identical() {
    const arma::mat P = kX * kW;
    return arma::approx_equal(P.row(0), P.row(2), "absdiff", 0.0);
}

bool projection_knows_positions() {
    // the same row at another place gets the same projection
    const arma::mat moved = arma::flipud(kX);
    return !arma::approx_equal(arma::mat(moved * kW).row(1), arma::mat(kX * kW).row(1), "absdiff", 0.0);
}

bool reordering_changes_a_words_output() { return projection_knows_positions(); }

}  // namespace attn
