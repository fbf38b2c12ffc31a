// Wrong on purpose (suite only): expected written at decoder_input's positions in one loop.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    const std::size_t n = target.size();
    TeacherForcing tf;
    tf.decoder_input.resize(n + 1);
    tf.expected.resize(n + 1);
    tf.decoder_input[0] = begin;
    for (std::size_t i = 0; i < n; ++i) {
        tf.decoder_input[i + 1] = target[i];
        tf.expected[i + 1] = target[i];  // the mistake: expected[i]
    }
    tf.expected[n] = end;
    return tf;
}

}  // namespace attn
