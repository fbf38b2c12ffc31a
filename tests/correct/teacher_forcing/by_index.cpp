// Right, written another way (suite only): both vectors sized n + 1 and filled position by position.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    const std::size_t n = target.size();
    TeacherForcing tf;
    tf.decoder_input.resize(n + 1);
    tf.expected.resize(n + 1);
    for (std::size_t i = 0; i <= n; ++i) {
        tf.decoder_input[i] = i == 0 ? begin : target[i - 1];  // position i reads the token before it
        tf.expected[i] = i == n ? end : target[i];               // and must say the one it is at
    }
    return tf;
}

}  // namespace attn
