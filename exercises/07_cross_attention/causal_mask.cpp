// Exercise causal_mask (chapter 07): the decoder's mask.
//
// Return an L x L matrix with 0 where query i may look at key j (j <= i) and
// -infinity where key j is in query i's future (j > i). Row i is query i.
// -infinity in C++: -std::numeric_limits<double>::infinity() (or -arma::datum::inf).
//
// Check your work:  ./course check causal_mask   Stuck?  ./course hint causal_mask
#include <limits>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat causal_mask([[maybe_unused]] arma::uword L) {
    // TODO(ch07): zeros everywhere, then -infinity strictly above the diagonal.
    throw NotImplemented("causal_mask", __FILE__);
}

}  // namespace attn
