// Wrong on purpose (suite only): the mistake teacher_forcing_target_reversed in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    const std::vector<arma::uword> y(target.rbegin(), target.rend());  // the mistake: the target reversed
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), y.begin(), y.end());
    tf.expected = y;
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
