// Wrong on purpose (suite only): an empty target gives two empty vectors.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    if (target.empty()) return tf;  // the mistake: nothing to translate still means {begin} and {end}
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
