// Wrong on purpose (suite only): the mistake heads_concat_assumes_equal_widths in concat_heads (out made h * w0 wide, part i written at i * w0 with its own width).
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: no parts were given");
    const arma::uword L = parts[0].n_rows;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == L, "concat_heads", "all parts must hold the same tokens (rows)",
                       {"part 0", parts[0]}, {name.c_str(), parts[i]});
    }
    const arma::uword w = parts[0].n_cols;
    arma::mat out(L, parts.size() * w);  // the mistake: as if every part were w wide
    for (std::size_t i = 0; i < parts.size(); ++i) out.submat(0, i * w, arma::size(parts[i])) = parts[i];
    return out;
}

}  // namespace attn
