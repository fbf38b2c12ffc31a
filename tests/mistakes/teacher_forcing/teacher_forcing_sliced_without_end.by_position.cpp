// Wrong on purpose (suite only): the mistake teacher_forcing_sliced_without_end in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    (void)end;
    TeacherForcing tf;
    // the mistake: one position per target token, position i reading the token before it; the last
    // position, which reads y_n and must say end, is missing
    for (std::size_t i = 0; i < target.size(); ++i) {
        tf.decoder_input.push_back(i == 0 ? begin : target[i - 1]);
        tf.expected.push_back(target[i]);
    }
    return tf;
}

}  // namespace attn
