// Wrong on purpose (suite only): the mistake teacher_forcing_special_ids_removed in teacher_forcing.
#include <algorithm>

#include "contracts/12_encoder_decoder.hpp"
namespace attn {
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    std::vector<arma::uword> y = target;
    // the mistake: begin and end ids taken out of the target before the shift
    y.erase(std::remove_if(y.begin(), y.end(), [&](arma::uword t) { return t == begin || t == end; }), y.end());
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    tf.decoder_input.insert(tf.decoder_input.end(), y.begin(), y.end());
    tf.expected = y;
    tf.expected.push_back(end);
    return tf;
}
}  // namespace attn
