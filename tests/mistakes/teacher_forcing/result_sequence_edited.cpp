// Wrong on purpose (suite only): the mistake result_sequence_edited in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    // the mistake: made with their sizes (zeros), then appended to
    tf.decoder_input = std::vector<arma::uword>(target.size() + 1);
    tf.expected = std::vector<arma::uword>(target.size() + 1);
    tf.decoder_input.push_back(begin);
    for (const arma::uword t : target) tf.decoder_input.push_back(t), tf.expected.push_back(t);
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
