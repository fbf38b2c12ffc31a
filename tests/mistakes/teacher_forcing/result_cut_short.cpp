// Wrong on purpose (suite only): the mistake result_cut_short in teacher_forcing.
#include "contracts/12_encoder_decoder.hpp"

#include <algorithm>

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    constexpr std::size_t kContext = 512;  // the mistake: room for the model's context, not for the target
    arma::uword input[kContext];
    arma::uword expected[kContext];
    const std::size_t n = std::min(target.size(), kContext - 1);
    input[0] = begin;
    for (std::size_t i = 0; i < n; ++i) {
        input[i + 1] = target[i];
        expected[i] = target[i];
    }
    expected[n] = end;
    TeacherForcing tf;
    tf.decoder_input.assign(input, input + n + 1);
    tf.expected.assign(expected, expected + n + 1);
    return tf;
}

}  // namespace attn
