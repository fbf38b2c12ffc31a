// Wrong on purpose (suite only): only the first and the last part are compared, so a middle part of another length reaches the copy, where Armadillo refuses it.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    const std::string last = "part " + std::to_string(parts.size() - 1);
    require_shapes(parts.back().n_rows == parts[0].n_rows, "concat_heads",  // the mistake: the parts between never compared
                   "every head must have the same number of rows (L)", {"part 0", parts[0]}, {last.c_str(), parts.back()});
    arma::uword width = 0;
    for (const arma::mat& p : parts) width += p.n_cols;
    arma::mat out(parts[0].n_rows, width, arma::fill::none);
    arma::uword c = 0;
    for (const arma::mat& p : parts) {
        if (p.n_elem > 0) out.cols(c, c + p.n_cols - 1) = p;
        c += p.n_cols;
    }
    return out;
}

}  // namespace attn
