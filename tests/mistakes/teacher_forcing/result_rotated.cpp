// Wrong on purpose (suite only): the end token put at the front of what the decoder must say.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = target;
    tf.expected.insert(tf.expected.begin(), end);  // the mistake: push_back(end)
    return tf;
}

}  // namespace attn
