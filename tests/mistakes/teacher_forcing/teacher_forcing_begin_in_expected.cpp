// Wrong on purpose (suite only): the expected tokens are the decoder input followed by end.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    for (const arma::uword y : target) tf.decoder_input.push_back(y);
    tf.expected = tf.decoder_input;  // the mistake: begin is not something to predict
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
