// Wrong on purpose (suite only): part i's column c written at i + c * h (dealt), a column past the end skipped.
#include <string>
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: no parts");
    arma::uword width = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        std::string nm = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads", "every head must have the same number of rows (L)", {"part 0", parts[0]}, {nm.c_str(), parts[i]});
        width += parts[i].n_cols;
    }
    const arma::uword h = parts.size();
    arma::mat out(parts[0].n_rows, width, arma::fill::zeros);
    for (arma::uword i = 0; i < h; ++i)
        for (arma::uword r = 0; r < parts[i].n_rows; ++r)
            for (arma::uword c = 0; c < parts[i].n_cols; ++c) {
                arma::uword col = i + c * h;  // the mistake
                if (col < width) out(r, col) = parts[i](r, c);
            }
    return out;
}

}  // namespace attn
