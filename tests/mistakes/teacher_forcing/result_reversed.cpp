// Wrong on purpose (suite only): each target token inserted just after begin, so the decoder
// reads the target backwards.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    for (const arma::uword y : target) tf.decoder_input.insert(tf.decoder_input.begin() + 1, y);  // the mistake
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
