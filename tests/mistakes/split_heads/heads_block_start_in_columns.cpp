// Wrong on purpose (suite only): the mistake heads_block_start_in_columns in split_heads.
#include <algorithm>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: the number of heads must be at least 1");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads, L = M.n_rows;
    std::vector<arma::mat> out;
    for (arma::uword i = 0; i < heads; ++i) {
        arma::mat part(L, w);
        const double* first = M.memptr() + i * w;  // the mistake: i * w * L entries in
        std::copy(first, first + std::min<arma::uword>(L * w, M.n_elem - i * w), part.memptr());
        out.push_back(part);
    }
    return out;
}

}  // namespace attn
