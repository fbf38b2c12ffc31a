// Wrong on purpose (suite only): the mistake parts_check_skips_the_last in concat_heads.
// The rows' check stops one part short, so the last part's height is never compared.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    arma::uword width = parts.back().n_cols;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        // the heads are rows of the same tokens: a part with other rows belongs to another sequence
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads",
                       "every head must have the same number of rows (L)", {"part 0", parts[0]}, {name.c_str(), parts[i]});
        width += parts[i].n_cols;
    }
    arma::mat out(parts[0].n_rows, width, arma::fill::none);  // (L, sum of widths), every column written below
    arma::uword c = 0;
    for (const arma::mat& p : parts) {
        // (a part with no entries, 0 rows or 0 columns, has nothing to copy: Armadillo's
        // view of no entries is best not written at all)
        if (p.n_elem > 0) out.cols(c, c + p.n_cols - 1) = p;
        c += p.n_cols;
    }
    return out;
}

}  // namespace attn
