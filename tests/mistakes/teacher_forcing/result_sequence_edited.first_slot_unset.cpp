// Wrong on purpose (suite only): the mistake result_sequence_edited in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    (void)begin;
    TeacherForcing tf;
    tf.decoder_input.assign(target.size() + 1, 0);
    for (std::size_t i = 0; i < target.size(); ++i) tf.decoder_input[i + 1] = target[i];  // the mistake: slot 0 never set
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
