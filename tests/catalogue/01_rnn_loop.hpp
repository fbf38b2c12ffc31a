// 01_rnn_loop.hpp: the mistakes first met in chapter 01 (rnn_loop), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(rnn_forgets_previous_state, "rnn_forward",
             "each h_t was computed from x_t alone, without W h_{t-1}: the loop's memory is the h "
             "of the step before (chapter 01, step 1)");
ATTN_MISTAKE(rnn_stale_state, "rnn_forward",
             "every step was given h_start instead of the h the previous step returned: update h "
             "inside the loop (chapter 01, step 1)");
ATTN_MISTAKE(rnn_weights_swapped, "rnn_step",
             "W and U were swapped: W (d_h x d_h) carries the memory and multiplies h_{t-1}; U "
             "(d_h x d_in) brings in the new input and multiplies x_t (chapter 01, step 1)");
ATTN_MISTAKE(rnn_weight_not_transposed, "rnn_step",
             "the state was multiplied by W itself (h_prev * W): in row form the step is h_t = "
             "tanh(h_{t-1} W^T + x_t U^T), so it is h_prev * W.t() (chapter 01, step 1)");
ATTN_MISTAKE(rnn_no_tanh, "rnn_step",
             "tanh was left out: the step returns tanh of W h_{t-1} + U x_t, which keeps every "
             "entry of h between -1 and 1 (chapter 01, step 1)");
ATTN_MISTAKE(rnn_path_runs_backwards, "rnn_questions",
             "the loop's path length was taken as a distance |i - j|: the loop only runs forwards "
             "(h_j is made from h_{j-1}), so a later position never reaches an earlier one; "
             "answer kNeverReaches there (chapter 01, step 4)");
ATTN_MISTAKE(rnn_input_weight_not_transposed, "rnn_step",
             "the input was multiplied by U itself (x_t * U): in row form the step is h_t = "
             "tanh(h_{t-1} W^T + x_t U^T), so it is x_t * U.t() (chapter 01, step 1)");
ATTN_MISTAKE(rnn_rows_off_by_one, "rnn_forward",
             "the rows of H are off by one: row t must hold h_t, the state right after reading "
             "x_t, so row 0 is rnn_step(h_start, x_0), not h_start; record h after each step, and "
             "start the loop at t = 0 (chapter 01)");

}  // namespace attn_test::mistakes
