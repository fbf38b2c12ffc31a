// Wrong on purpose (suite only): the mistake heads_count_used_as_width in split_heads.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    std::vector<arma::mat> parts;
    for (arma::uword start = 0; start + heads <= M.n_cols; start += heads) {  // the mistake: blocks of `heads` columns
        arma::mat P(M.n_rows, heads);
        for (arma::uword r = 0; r < M.n_rows; ++r)
            for (arma::uword c = 0; c < heads; ++c) P(r, c) = M(r, start + c);
        parts.push_back(P);
    }
    return parts;
}

}  // namespace attn
