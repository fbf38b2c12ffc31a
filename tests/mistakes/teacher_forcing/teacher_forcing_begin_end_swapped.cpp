// Wrong on purpose (suite only): the end token goes in front of the input and begin after the expected tokens.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(end);  // the mistake: begin and end swapped
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = target;
    tf.expected.push_back(begin);
    return tf;
}

}  // namespace attn
