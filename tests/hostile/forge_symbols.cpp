// A hostile rnn_step for tests/hostile/attacks.sh: a wrong answer that defines a
// function of Boost.Test itself, so that every check would be counted as passed.
// The checker refuses it by name before it runs (coursectl, refused_symbols).
#include <armadillo>
#include <boost/test/results_collector.hpp>

#include "contracts/01_rnn_loop.hpp"

namespace boost {
namespace unit_test {
bool test_results::passed() const { return true; }
}  // namespace unit_test
}  // namespace boost

namespace attn {
arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec&, const arma::mat&, const arma::mat&) {
    return arma::rowvec(h_prev.n_elem, arma::fill::zeros);
}
}  // namespace attn
