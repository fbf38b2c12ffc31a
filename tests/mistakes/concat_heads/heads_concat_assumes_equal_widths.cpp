// Wrong on purpose (suite only): every part is taken to be as wide as part 0.
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
    const arma::uword w = parts[0].n_cols;
    arma::mat out(parts[0].n_rows, parts.size() * w);
    for (std::size_t i = 0; i < parts.size(); ++i) out.cols(i * w, (i + 1) * w - 1) = parts[i];  // the mistake: one w for all
    return out;
}

}  // namespace attn
