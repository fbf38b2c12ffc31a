// Wrong on purpose (suite only): each part goes to out.cols(c, c + w - 1), which for a part of no columns asks for column c - 1 (0 - 1 at the start).
// Exercise concat_heads (chapter 09): the heads put back side by side.
#include <string>
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads", "every head must have the same number of rows (L)", {"part 0", parts[0]}, {name.c_str(), parts[i]});
    }
    arma::uword width = 0;
    for (const auto& p : parts) width += p.n_cols;
    arma::mat out(parts[0].n_rows, width);
    arma::uword c = 0;
    for (const auto& p : parts) { out.cols(c, c + p.n_cols - 1) = p; c += p.n_cols; }  // the mistake
    return out;
}

}  // namespace attn
