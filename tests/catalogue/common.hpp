// common.hpp: the mistakes every chapter shares: how bad input is refused.
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(shape_check_missing, "rnn_step project masked_softmax",
             "shapes that break a rule were not refused with attn::ShapeError: Armadillo's own "
             "std::logic_error escaped (such as 'matrix multiplication: incompatible matrix "
             "dimensions'). Check the shapes first, with require_shapes (src/core/errors.hpp), so "
             "the error names the function, the rule and both shapes (chapters 01-07)");
ATTN_MISTAKE(input_check_missing, "masked_softmax softmax_rows scale_scores",
             "bad input (NaN, +infinity or a size of 0) was not refused by this function itself: "
             "nothing was thrown, or a function called later refused it under its own name. Check "
             "it where it comes in, with require_finite or by throwing attn::InputError naming "
             "this function (chapters 01-07)");
ATTN_MISTAKE(shape_check_left_to_armadillo, "add_positions",
             "an attn error was expected for input that breaks the contract, but Armadillo's own "
             "error escaped (a std::logic_error about incompatible dimensions, or an index out of "
             "bounds): check the input first, before any product, sum or slice, and throw the "
             "course's error naming the rule and both shapes (require_shapes for shapes, "
             "attn::InputError for the rest) (chapter 06's rule, in every chapter)");
ATTN_MISTAKE(shape_rule_not_checked, "split_heads",
             "a shape that breaks the function's rule was accepted without a ShapeError: the code "
             "ran on and returned something (Armadillo does not notice every bad shape, for "
             "example a width that does not divide evenly, since integer division just rounds "
             "down); check the rule first with require_shapes (chapter 06's rule, in every "
             "chapter)");
ATTN_MISTAKE(bad_input_accepted, "learning_rate numeric_gradient",
             "an input the contract refuses was accepted without an attn::InputError (a step t "
             "below 1, a step size h that is not positive and finite, a position past the end, "
             "...): check it first and throw attn::InputError saying what is wrong, so that a "
             "caller's mistake cannot turn into silent nonsense (every chapter)");

}  // namespace attn_test::mistakes
