// Wrong on purpose (suite only): the mistake teacher_forcing_skips_ids_already_there in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    if (target.empty() || target.front() != begin) tf.decoder_input.push_back(begin);  // the mistake
    for (const arma::uword t : target) tf.decoder_input.push_back(t);
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
