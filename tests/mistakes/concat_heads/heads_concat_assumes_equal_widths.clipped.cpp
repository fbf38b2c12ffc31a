// Wrong on purpose (suite only): the mistake heads_concat_assumes_equal_widths in concat_heads (out h * w0 wide, each part clipped to w0 columns).
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
    const arma::uword w = parts[0].n_cols, h = parts.size();
    arma::mat out(parts[0].n_rows, h * w, arma::fill::zeros);  // the mistake: every part as wide as part 0
    for (arma::uword i = 0; i < h; ++i)
        for (arma::uword r = 0; r < out.n_rows; ++r)
            for (arma::uword c = 0; c < w && c < parts[i].n_cols; ++c) out(r, i * w + c) = parts[i](r, c);
    return out;
}

}  // namespace attn
