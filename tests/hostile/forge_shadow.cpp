// A hostile rnn_step for tests/hostile/attacks.sh: a right answer that also gives a
// strong definition of an inline function the checks of chapter 01 compile in
// (attn::plot::Figure's destructor, of which the test module has a weak copy): at link
// time the strong one replaces theirs. (A learner of chapter 06 could do the same to
// attn::Shape::operator==, which its checks compare shapes with.) Refused by name.
#include <armadillo>

namespace attn {
namespace plot {
struct Figure {
    ~Figure();
};
Figure::~Figure() {}
}  // namespace plot

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    return arma::tanh(h_prev * W.t() + x_t * U.t());
}
}  // namespace attn
