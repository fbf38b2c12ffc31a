// Wrong on purpose (suite only): the decoder input is the whole sequence, begin to end.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    std::vector<arma::uword> sequence{begin};
    sequence.insert(sequence.end(), target.begin(), target.end());
    sequence.push_back(end);
    TeacherForcing tf;
    tf.decoder_input = sequence;  // the mistake: the end token is read too
    tf.expected = target;
    tf.expected.push_back(end);
    return tf;
}

}  // namespace attn
