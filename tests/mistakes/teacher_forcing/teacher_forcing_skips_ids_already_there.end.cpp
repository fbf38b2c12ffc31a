// Wrong on purpose (suite only): the mistake teacher_forcing_skips_ids_already_there in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input = {begin};
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = target;
    if (tf.expected.empty() || tf.expected.back() != end) tf.expected.push_back(end);  // the mistake: always
    return tf;
}
}  // namespace attn
