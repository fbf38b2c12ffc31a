// 12_encoder_decoder.hpp: the mistakes first met in chapter 12 (encoder_decoder), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(greedy_keeps_begin_token, "greedy_decode",
             "the answer starts with the begin token; it only starts the decoder, so drop it from "
             "what you return (chapter 12)");
ATTN_MISTAKE(greedy_keeps_end_token, "greedy_decode",
             "the answer ends with the end token; it only says 'stop', so stop before appending "
             "it (chapter 12)");
ATTN_MISTAKE(greedy_runs_past_end_token, "greedy_decode",
             "decoding went on after the end token until max_len; stop as soon as the best token "
             "is `end` (chapter 12)");
ATTN_MISTAKE(greedy_stops_one_early, "greedy_decode",
             "decoding stopped one token short of max_len: the prefix also holds the begin token, "
             "so the loop goes on while prefix.size() - 1 < max_len, max_len tokens of answer "
             "(chapter 12)");
ATTN_MISTAKE(greedy_one_token_too_many, "greedy_decode",
             "decoding produced max_len + 1 tokens: max_len is the most the answer may hold, "
             "begin token not counted (chapter 12)");
ATTN_MISTAKE(greedy_prefix_not_extended, "greedy_decode",
             "next_scores was shown {begin} on every call: append each chosen token to the "
             "prefix, so the next call sees everything produced so far (chapter 12)");
ATTN_MISTAKE(teacher_forcing_shifted_wrong_way, "teacher_forcing",
             "the shift went the wrong way: the decoder read the target followed by the end token "
             "and was asked for the begin token first; it reads begin, y_1 .. y_n and must say "
             "y_1 .. y_n, end (chapter 12)");
ATTN_MISTAKE(teacher_forcing_begin_missing, "teacher_forcing",
             "the decoder input has no begin token: it must start with begin, so that position 0 "
             "has something to read before it says y_1; push_back(begin) before the target "
             "(chapter 12)");
ATTN_MISTAKE(teacher_forcing_end_missing, "teacher_forcing",
             "the expected tokens have no end token: the last position must learn to say end, or "
             "the trained model never stops; push_back(end) after the target (chapter 12)");
ATTN_MISTAKE(teacher_forcing_not_shifted, "teacher_forcing",
             "the expected tokens are the decoder input itself: position i would only copy what "
             "it reads; it must say the NEXT token, so expected is the input shifted left by one, "
             "with end at the end (chapter 12)");
ATTN_MISTAKE(beam_sums_raw_scores, "beam_search",
             "the beam added up raw scores: next_scores gives logits, and logits of different "
             "prefixes are not on one scale; add log softmax(scores)[token], s_j - log sum exp(s) "
             "(chapter 12)");
ATTN_MISTAKE(beam_keeps_finished_hypotheses, "beam_search",
             "a prefix that chose the end token stayed in the beam and went on growing; an "
             "extension by end is finished: set it aside as a candidate answer and keep only "
             "unfinished prefixes in the beam (chapter 12)");
ATTN_MISTAKE(beam_stops_at_first_finished, "beam_search",
             "the search stopped at the first prefix that finished; a live prefix that still "
             "scores better may end better later: stop only when no live prefix beats the best "
             "finished one (chapter 12)");

}  // namespace attn_test::mistakes
