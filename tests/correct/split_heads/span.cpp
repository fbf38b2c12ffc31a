// Right, written another way (suite only): each head taken with a span of its columns.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: need at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts(heads);
    arma::uword first = 0;
    for (auto& part : parts) {
        // (a head of no columns has no span: L x 0)
        part = w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M(arma::span::all, arma::span(first, first + w - 1)));
        first += w;
    }
    return parts;
}

}  // namespace attn
