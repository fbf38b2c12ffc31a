// Wrong on purpose (suite only): the mistake span_end_inclusive in split_heads (an arma::span one column too long, cut at the last column).
#include <algorithm>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i) {
        if (w == 0) {
            parts.emplace_back(M.n_rows, 0);
            continue;
        }
        const arma::uword first = i * w, end = std::min(first + w, M.n_cols - 1);  // the mistake: first + w - 1
        parts.push_back(M.submat(arma::span::all, arma::span(first, end)));
    }
    return parts;
}

}  // namespace attn
