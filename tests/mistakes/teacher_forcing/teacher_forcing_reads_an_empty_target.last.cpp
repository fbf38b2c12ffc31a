// Wrong on purpose (suite only): the mistake teacher_forcing_reads_an_empty_target in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    const std::size_t last = target.size() - 1;  // the mistake: wraps round for an empty target
    tf.decoder_input.push_back(begin);
    for (std::size_t i = 0; i <= last; ++i) tf.decoder_input.push_back(target.data()[i]);
    tf.expected.assign(tf.decoder_input.begin() + 1, tf.decoder_input.end());
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
