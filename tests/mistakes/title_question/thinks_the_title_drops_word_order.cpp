// Wrong on purpose (suite only): the title read as saying word order no longer matters.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

bool transformer_is_attention_only() {
    return false;
}

TitleRemoves what_the_title_removes() {
    return TitleRemoves::word_order;  // the mistake: order still matters; it must be supplied
}

bool word_order_must_be_added() {
    return true;
}

}  // namespace attn
