// Wrong on purpose (suite only): the mistake teacher_forcing_shifted_wrong_way in teacher_forcing (expected turned one place to the right).
#include <algorithm>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = tf.decoder_input;
    std::rotate(tf.expected.rbegin(), tf.expected.rbegin() + 1, tf.expected.rend());  // the mistake: rbegin() turns it right
    tf.expected.back() = end;
    return tf;
}

}  // namespace attn
