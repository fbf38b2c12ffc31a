// Wrong on purpose (suite only): the mistake teacher_forcing_special_ids_removed in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    for (const arma::uword t : target) {
        if (t == end) continue;  // the mistake: an end id inside the target is skipped
        tf.decoder_input.push_back(t);
        tf.expected.push_back(t);
    }
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
