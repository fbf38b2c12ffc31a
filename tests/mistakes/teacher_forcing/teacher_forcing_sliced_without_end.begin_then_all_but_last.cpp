// Wrong on purpose (suite only): the mistake teacher_forcing_sliced_without_end in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    TeacherForcing tf;
    tf.decoder_input.push_back(begin);
    // the mistake: the decoder input stops before y_n, and expected is the target without end
    for (std::size_t i = 0; i + 1 < target.size(); ++i) tf.decoder_input.push_back(target[i]);
    tf.expected = target;
    (void)end;
    return tf;
}

}  // namespace attn
