// Exercise teacher_forcing (chapter 12): the decoder's input and what it must predict.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.reserve(target.size() + 1);
    tf.decoder_input.push_back(begin);  // shifted right: position i reads y_1 .. y_i
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = target;  // ... and must say y_{i+1}
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
