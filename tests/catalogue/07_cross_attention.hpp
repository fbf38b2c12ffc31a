// 07_cross_attention.hpp: the mistakes first met in chapter 07 (cross_attention), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(scale_by_sqrt_d_model, "cross_attention self_attention",
             "the scores were divided by sqrt(d_model), the width of X; the divisor is sqrt(d_k), "
             "the width of one key after W_k, and the two differ as soon as the projection "
             "narrows X (chapter 05)");
ATTN_MISTAKE(causal_mask_hides_diagonal, "causal_mask",
             "the diagonal was masked too; token i may always look at itself, so only keys j > i "
             "get -infinity (chapter 07)");
ATTN_MISTAKE(causal_mask_shows_next, "causal_mask",
             "the key right after each query (j = i + 1) was left visible; every j > i lies in "
             "the future and gets -infinity (chapter 07)");
ATTN_MISTAKE(causal_mask_wrong_triangle, "causal_mask",
             "the wrong triangle was hidden: -infinity went below the diagonal (j < i, the past) "
             "instead of above it (j > i, the future); row i must see keys 0 .. i (chapter 07)");
ATTN_MISTAKE(projection_role_swapped, "self_attention multi_head_attention",
             "a projection used another role's weight matrix (queries from W_k, or keys from "
             "W_q): each role has its own, Q = X W_q, K = X W_k and V = X W_v, and that is what "
             "lets a word ask for something other than what it offers (chapters 02 and 07)");
ATTN_MISTAKE(scores_from_unprojected_x, "self_attention",
             "the scores were X X^T, the raw rows compared with each other; a score is q_i . k_j, "
             "with Q = X W_q and K = X W_k, two different projections (chapters 02 and 07)");
ATTN_MISTAKE(cross_attention_roles_swapped, "cross_attention decoder_block multi_head_attention",
             "the queries came from the encoder and the keys and values from the decoder; the "
             "decoder asks (Q = X_dec W_q) and the encoder answers (K and V from H_enc), one "
             "output row per decoder token (chapter 07)");
ATTN_MISTAKE(mask_zero_one_pattern, "causal_mask",
             "the mask held 1 and 0 (allowed and forbidden) instead of 0 and -infinity: a mask is "
             "added to the scores, so a key that may be seen gets 0 and a forbidden one -infinity "
             "(chapter 07)");

}  // namespace attn_test::mistakes
