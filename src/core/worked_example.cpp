#include "core/worked_example.hpp"

namespace attn::example {

std::vector<std::string> tokens() { return {"I", "love", "LLMs"}; }

// Small whole numbers, so every step can be followed by hand.
arma::mat X() {
    return {{0, 0, 1, 1},
            {0, 1, 0, 1},
            {1, 0, 0, 1}};
}

arma::mat W_q() {
    return {{0, -1, 1, 1},
            {0, 1, 0, 0},
            {1, 0, 0, -1},
            {1, 1, 0, 1}};
}

arma::mat W_k() {
    return {{0, -1, 0, 1},
            {-1, 1, 0, 0},
            {1, -1, 1, -1},
            {1, 1, 0, 1}};
}

arma::mat W_v() {
    return {{0, 0, 1, 0},
            {1, 0, 0, 1},
            {0, 1, 0, 0},
            {1, 0, 0, 0}};
}

}  // namespace attn::example
