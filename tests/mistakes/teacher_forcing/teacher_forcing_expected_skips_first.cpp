// Wrong on purpose (suite only): the expected tokens are the target shifted left once more.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    // "predict the next token": the target shifted left by one, then end
    for (std::size_t i = 1; i < target.size(); ++i) tf.expected.push_back(target[i]);  // the mistake: y_1 is skipped
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
