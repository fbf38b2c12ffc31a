// Wrong on purpose (suite only): a Transformer taken to be attention layers and nothing else.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

bool transformer_is_attention_only() {
    return true;  // the mistake: embeddings, feed-forward layers and normalisation stay
}

TitleRemoves what_the_title_removes() {
    return TitleRemoves::recurrence_and_convolution;
}

bool word_order_must_be_added() {
    return true;
}

}  // namespace attn
