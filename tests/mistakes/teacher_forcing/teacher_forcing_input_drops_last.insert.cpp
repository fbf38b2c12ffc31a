// Wrong on purpose (suite only): the mistake teacher_forcing_input_drops_last in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    if (!target.empty()) tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end() - 1);  // the mistake
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
