// Wrong on purpose (suite only): {begin, y...} sliced into all-but-last and all-but-first, with no end token.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    (void)end;
    std::vector<arma::uword> sequence{begin};  // the mistake: end is never added before slicing
    sequence.insert(sequence.end(), target.begin(), target.end());
    TeacherForcing tf;
    tf.decoder_input.assign(sequence.begin(), sequence.end() - 1);  // all but the last
    tf.expected.assign(sequence.begin() + 1, sequence.end());       // all but the first
    return tf;
}

}  // namespace attn
