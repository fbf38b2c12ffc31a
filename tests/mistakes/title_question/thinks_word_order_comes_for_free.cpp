// Wrong on purpose (suite only): word order taken to need no help once the loop is gone.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

bool transformer_is_attention_only() {
    return false;
}

TitleRemoves what_the_title_removes() {
    return TitleRemoves::recurrence_and_convolution;
}

bool word_order_must_be_added() {
    return false;  // the mistake: attention alone cannot tell a sentence from its shuffle
}

}  // namespace attn
