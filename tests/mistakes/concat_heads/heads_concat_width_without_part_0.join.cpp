// Wrong on purpose (suite only): the mistake heads_concat_width_without_part_0 in concat_heads.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads",
                       "every head must have the same number of rows (L)", {"part 0", parts[0]}, {name.c_str(), parts[i]});
    }
    arma::uword width = 0;
    for (std::size_t i = 1; i < parts.size(); ++i) width += parts[i].n_cols;  // the mistake: from 1
    arma::mat all = parts[0];
    for (std::size_t i = 1; i < parts.size(); ++i) all = arma::join_rows(all, parts[i]);
    arma::mat out = width == 0 ? arma::mat(parts[0].n_rows, 0) : arma::mat(all.cols(0, width - 1));
    return out;
}

}  // namespace attn
