// Wrong on purpose (suite only): the begin token is pushed after the target is copied in.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input = target;
    tf.decoder_input.push_back(begin);  // the mistake: begin belongs in front
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
