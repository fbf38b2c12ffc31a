// Wrong on purpose (suite only): the mistake bad_input_accepted in split_heads (too many heads refused, none at all not).
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (M.n_cols > 0 && heads > M.n_cols)  // the mistake: heads == 0 is not refused, only too many
        throw InputError("split_heads: more heads than columns");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i)
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.cols(i * w, (i + 1) * w - 1)));
    return parts;
}

}  // namespace attn
