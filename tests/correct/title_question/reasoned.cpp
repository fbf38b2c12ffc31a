// Right, written another way (suite only): the answers derived from what a Transformer keeps.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

namespace {
constexpr bool kKeepsFeedForward = true;  // every block still has its feed-forward layer
constexpr bool kHasLoop = false;          // the recurrent chain is gone
}  // namespace

bool transformer_is_attention_only() { return !kKeepsFeedForward; }

TitleRemoves what_the_title_removes() {
    return kKeepsFeedForward ? TitleRemoves::recurrence_and_convolution : TitleRemoves::everything_but_attention;
}

bool word_order_must_be_added() { return !kHasLoop; }

}  // namespace attn
