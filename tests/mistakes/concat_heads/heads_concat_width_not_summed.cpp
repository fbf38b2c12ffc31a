// Wrong on purpose (suite only): the mistake heads_concat_width_not_summed in concat_heads.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    arma::uword width = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads", "every head must have the same number of rows (L)",
                       {"part 0", parts[0]}, {name.c_str(), parts[i]});
        width = parts[i].n_cols;  // the mistake: = where += belongs
    }
    arma::mat out(parts[0].n_rows, width, arma::fill::zeros);
    arma::uword c = 0;
    for (const arma::mat& p : parts) {
        if (p.n_cols > 0) out.cols(c, c + p.n_cols - 1) = p;
        c += p.n_cols;
    }
    return out;
}

}  // namespace attn
