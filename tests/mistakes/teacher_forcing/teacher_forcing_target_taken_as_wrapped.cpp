// Wrong on purpose (suite only): a target that starts with begin's id or ends with end's id is taken as already wrapped.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    // the mistake: {begin, target, end} built without the ids the target already has at its ends, then sliced
    std::vector<arma::uword> whole;
    if (target.empty() || target.front() != begin) whole.push_back(begin);
    whole.insert(whole.end(), target.begin(), target.end());
    if (target.empty() || target.back() != end) whole.push_back(end);
    TeacherForcing tf;
    tf.decoder_input.assign(whole.begin(), whole.end() - 1);  // all but the last
    tf.expected.assign(whole.begin() + 1, whole.end());      // all but the first
    return tf;
}

}  // namespace attn
