// Wrong on purpose (suite only): the mistake teacher_forcing_reads_an_empty_target in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    for (std::size_t i = 0; i <= target.size() - 1; ++i) {  // the mistake: i < target.size()
        tf.decoder_input.push_back(target[i]);
        tf.expected.push_back(target[i]);
    }
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
