// Wrong on purpose (suite only): the input and the expected tokens swapped roles (shifted the wrong way).
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input = target;  // the mistake: the target, then end, as input ...
    tf.decoder_input.push_back(end);
    tf.expected.push_back(begin);  // ... and begin, then the target, as what to say
    tf.expected.insert(tf.expected.end(), target.begin(), target.end());
    return tf;
}

}  // namespace attn
