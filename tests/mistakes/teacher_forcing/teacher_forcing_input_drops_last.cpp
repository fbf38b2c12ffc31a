// Wrong on purpose (suite only): the decoder input keeps the target's length, so y_n falls off.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    // shifted right by one: position i reads the token before it
    for (std::size_t i = 0; i < target.size(); ++i)  // the mistake: n positions, not n + 1
        tf.decoder_input.push_back(i == 0 ? begin : target[i - 1]);
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
