// Exercise teacher_forcing (chapter 12): what the decoder reads while it learns, and what it must predict.
//
// What it must do, shapes and errors: src/contracts/12_encoder_decoder.hpp, above teacher_forcing().
//
// Check your work:  ./course check teacher_forcing   Stuck?  ./course hint teacher_forcing
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

TeacherForcing teacher_forcing([[maybe_unused]] const std::vector<arma::uword>& target, [[maybe_unused]] arma::uword begin,
                               [[maybe_unused]] arma::uword end) {
    // TODO(ch12): your code here.
    throw NotImplemented("teacher_forcing", __FILE__);
}

}  // namespace attn
