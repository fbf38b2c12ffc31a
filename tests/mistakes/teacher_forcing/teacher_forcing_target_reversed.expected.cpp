// Wrong on purpose (suite only): the mistake teacher_forcing_target_reversed in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    for (std::size_t i = 0; i < target.size(); ++i) {
        tf.decoder_input.push_back(target[i]);
        tf.expected.push_back(target[target.size() - 1 - i]);  // the mistake: read from the back
    }
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
