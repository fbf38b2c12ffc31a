// Right, written another way (suite only): the whole sequence begin, y, end, then all but its last and all but its first.
#include "contracts/12_encoder_decoder.hpp"

namespace attn {

TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end) {
    std::vector<arma::uword> sequence;
    sequence.push_back(begin);
    sequence.insert(sequence.end(), target.begin(), target.end());
    sequence.push_back(end);
    return {std::vector<arma::uword>(sequence.begin(), sequence.end() - 1),
            std::vector<arma::uword>(sequence.begin() + 1, sequence.end())};
}

}  // namespace attn
