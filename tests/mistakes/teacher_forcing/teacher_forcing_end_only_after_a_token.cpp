// Wrong on purpose (suite only): the mistake teacher_forcing_end_only_after_a_token in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    for (std::size_t i = 0; i < target.size(); ++i) {
        tf.decoder_input.push_back(target[i]);
        tf.expected.push_back(target[i]);
        if (i + 1 == target.size()) tf.expected.push_back(end);  // the mistake: after the loop
    }
    return tf;
}
}  // namespace attn
