// Wrong on purpose (suite only): the title read as dropping every layer but attention.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

bool transformer_is_attention_only() {
    return false;
}

TitleRemoves what_the_title_removes() {
    return TitleRemoves::everything_but_attention;  // the mistake: only the recurrent chain goes
}

bool word_order_must_be_added() {
    return true;
}

}  // namespace attn
