// Exercise title_question (chapter 01): what "Attention Is All You Need" claims.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

// Embeddings, feed-forward layers and normalisation are all still there.
bool transformer_is_attention_only() { return false; }

// The claim is about what can go: the recurrent chain (and convolutions).
TitleRemoves what_the_title_removes() { return TitleRemoves::recurrence_and_convolution; }

// The loop was the only thing that knew which word came first; attention alone
// treats the input as an unordered set of rows (chapter 02 shows it).
bool word_order_must_be_added() { return true; }

}  // namespace attn
