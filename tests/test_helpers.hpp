// test_helpers.hpp: small helpers the modules of the library and the tools share
// (the chapters' modules use tests/support/ directly). Matrices are compared with
// matrices_close (tests/support/compare.hpp), which says where they differ.
#pragma once

#include <armadillo>
#include <string>

#include "check_progress.hpp"
#include "support/compare.hpp"
#include "support/oracles.hpp"

namespace attn_test {

// Random Q (L_Q x d_k), K (L_K x d_k) and V (L_K x d_v) from a fixed seed.
struct RandomQKV {
    arma::mat Q, K, V;
    RandomQKV(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v, int seed = 11) {
        arma::arma_rng::set_seed(seed);
        Q = arma::randn(L_Q, d_k);
        K = arma::randn(L_K, d_k);
        V = arma::randn(L_K, d_v);
    }
};

// The text of what `fn` throws as T, or "" when it throws nothing.
template <class T, class F>
std::string thrown_message(F&& fn) {
    try {
        fn();
    } catch (const T& e) {
        return e.what();
    }
    return "";
}

}  // namespace attn_test
