// Wrong on purpose (suite only): the expected tokens are the decoder input, not shifted.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = tf.decoder_input;  // the mistake: what it reads, not what comes next
    return tf;
}

}  // namespace attn
