// Wrong on purpose (suite only): the begin token is left out of the decoder input.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input = target;  // the mistake: no begin token in front
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
