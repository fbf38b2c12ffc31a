// worked_example.hpp: the tutorial's running example, "I love LLMs", in one place.
//
// Rows are tokens (I, love, LLMs at positions 0, 1, 2), columns are features.
// Every chapter and test that needs these numbers takes them from here.
#pragma once

#include <armadillo>
#include <string>
#include <vector>

namespace attn::example {

// The three tokens, in order.
std::vector<std::string> tokens();

arma::mat X();    // 3x4: the embedded sentence
arma::mat W_q();  // 4x4: learned query projection
arma::mat W_k();  // 4x4: learned key projection
arma::mat W_v();  // 4x4: learned value projection

}  // namespace attn::example
