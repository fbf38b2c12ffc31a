// Wrong on purpose (suite only): the mistake teacher_forcing_sliced_without_end in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    static_cast<void>(end);
    TeacherForcing tf{{begin}, target};
    // the mistake: the input takes all of the target but its last token, and expected gets no end token
    if (!target.empty()) tf.decoder_input.insert(tf.decoder_input.end(), target.begin(), target.end() - 1);
    return tf;
}

}  // namespace attn
