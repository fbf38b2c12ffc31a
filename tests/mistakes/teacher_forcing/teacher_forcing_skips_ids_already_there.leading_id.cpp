// Wrong on purpose (suite only): a leading begin id taken as the begin token, not as a word of the target.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    // the mistake: a target that starts with begin's id is taken as already begun
    const bool begun = !target.empty() && target.front() == begin;
    const std::vector<arma::uword> words(target.begin() + (begun ? 1 : 0), target.end());
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), words.begin(), words.end());
    tf.expected = words;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
