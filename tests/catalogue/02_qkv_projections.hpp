// 02_qkv_projections.hpp: the mistakes first met in chapter 02 (qkv_projections), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(projection_w_times_x, "project",
             "the product was W X; tokens are the rows of X, so each row x_i is multiplied by W "
             "on its right, which is X W (chapter 02)");
ATTN_MISTAKE(projection_transposed_weights, "project self_attention cross_attention",
             "W was transposed (X W^T); use W as it is stored, d_model rows in and d_out columns "
             "out, so the projection is X W (chapter 02)");
ATTN_MISTAKE(qkv_weights_mixed_up, "project_qkv",
             "a projection used another role's weight matrix; Q, K and V each have their own: X "
             "W_q, X W_k and X W_v (chapter 02)");
ATTN_MISTAKE(projection_output_transposed, "project",
             "the projection came out transposed, d_out x L (W^T X^T, column-vector thinking); "
             "tokens are rows, so it is X * W, L x d_out, one row per token (chapter 02)");

}  // namespace attn_test::mistakes
