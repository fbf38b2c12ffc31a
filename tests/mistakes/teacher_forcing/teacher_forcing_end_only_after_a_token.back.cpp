// Wrong on purpose (suite only): the mistake teacher_forcing_end_only_after_a_token in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input = {begin};
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    for (const arma::uword& t : target) {
        tf.expected.push_back(t);
        if (&t == &target.back()) tf.expected.push_back(end);  // the mistake: end for an empty target too
    }
    return tf;
}
}  // namespace attn
