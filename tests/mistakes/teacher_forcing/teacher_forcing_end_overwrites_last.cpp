// Wrong on purpose (suite only): the mistake teacher_forcing_end_overwrites_last in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end());
    tf.expected = target;
    if (tf.expected.empty()) tf.expected.push_back(end);
    else tf.expected.back() = end;  // the mistake: end written over y_n
    return tf;
}

}  // namespace attn
