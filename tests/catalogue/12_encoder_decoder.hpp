// 12_encoder_decoder.hpp: the mistakes first met in chapter 12 (encoder_decoder), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

// --- teacher_forcing
ATTN_MISTAKE(teacher_forcing_shifted_wrong_way, "teacher_forcing",
             "the shift went the wrong way (the target followed by the end token as the decoder's "
             "input, or expected made by turning decoder_input one place to the right, as "
             "std::rotate on reverse iterators does): the decoder reads begin, y_1 .. y_n and must "
             "say y_1 .. y_n, end, each position asked for the token the next one reads (chapter 12)");
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
ATTN_MISTAKE(teacher_forcing_end_in_input, "teacher_forcing",
             "the decoder input also holds the end token: it reads begin, y_1 .. y_n only (n + 1 "
             "tokens, as many as expected); end is what the last position must SAY, so it belongs "
             "at the end of expected alone (chapter 12)");
ATTN_MISTAKE(teacher_forcing_begin_in_expected, "teacher_forcing",
             "the expected tokens start with the begin token: begin is only ever read, never "
             "predicted; expected is y_1 .. y_n, end (n + 1 tokens), the decoder input without "
             "its first token and with end after it (chapter 12)");
ATTN_MISTAKE(teacher_forcing_begin_end_swapped, "teacher_forcing",
             "begin and end were mixed up: {}; the decoder input must start with the begin token "
             "and the expected tokens finish with the end token; check which argument is which "
             "(target, begin, end) (chapter 12)");
ATTN_MISTAKE(teacher_forcing_sliced_without_end, "teacher_forcing",
             "the decoder input lost y_n and the expected tokens lost the end token, as when "
             "{begin, y_1 .. y_n} is sliced (all but its last, all but its first) before end is "
             "added, or when the input takes the target without its last token and expected is "
             "the target alone: the decoder input is begin and the WHOLE target, expected the "
             "whole target and then end, n + 1 tokens each; to slice, slice {begin, y_1 .. y_n, "
             "end} (chapter 12)");
ATTN_MISTAKE(teacher_forcing_expected_skips_first, "teacher_forcing",
             "the expected tokens skip y_1, shifted once too often: putting begin in front of the "
             "decoder input already makes the shift, so position 0 (which reads begin) must say "
             "y_1; expected is the whole target, then end (chapter 12)");
ATTN_MISTAKE(teacher_forcing_input_drops_last, "teacher_forcing",
             "the decoder input lost y_n: it is begin followed by the WHOLE target, n + 1 tokens, "
             "as many as the expected tokens, so that position n reads y_n and says end (chapter "
             "12)");
ATTN_MISTAKE(teacher_forcing_empty_target_left_empty, "teacher_forcing",
             "an empty target gave empty vectors: with nothing to translate the decoder still "
             "reads {begin} and must learn to say {end} at once, so handle it like any other "
             "target (chapter 12)");
ATTN_MISTAKE(teacher_forcing_begin_appended, "teacher_forcing",
             "the begin token was put at the END of the decoder input (push_back after copying "
             "the target); it comes first: push it before the target, or insert it at "
             "decoder_input.begin() (chapter 12)");

ATTN_MISTAKE(teacher_forcing_end_only_after_a_token, "teacher_forcing",
             "the end token was pushed inside the loop over the target, after its last token (if "
             "i + 1 == n): an empty target has no last token, so its expected tokens came back "
             "empty instead of holding the end token alone; push end once, after the loop (chapter 12)");
ATTN_MISTAKE(teacher_forcing_skips_ids_already_there, "teacher_forcing",
             "begin was not put before a target that already starts with begin's id, or end not "
             "after one that already ends with end's id: the target is copied as it is, and begin "
             "and end are ALWAYS added, n + 1 tokens each, whatever ids it holds (chapter 12)");
ATTN_MISTAKE(teacher_forcing_target_taken_as_wrapped, "teacher_forcing",
             "a target that already starts with begin's id, or ends with end's id, was taken as a "
             "sequence already wrapped in them: {begin, target, end} was built without the id it "
             "already has at that end and then sliced, so the target's own first token was never "
             "expected or its own last token never read (n tokens each, or n - 1 with both ids); "
             "the target is copied as it is, whatever ids it holds: decoder_input = {begin, y_1 .. "
             "y_n}, expected = {y_1 .. y_n, end}, n + 1 tokens each (chapter 12)");
ATTN_MISTAKE(teacher_forcing_special_ids_removed, "teacher_forcing",
             "the begin or end ids found inside the target were taken out of it before the shift: "
             "the target is copied as it is, whatever ids it holds; only the one begin put before "
             "it and the one end put after it are added (chapter 12)");
ATTN_MISTAKE(teacher_forcing_target_reversed, "teacher_forcing",
             "the target came out reversed (y_n .. y_1) in expected, or in both outputs: the "
             "decoder reads and says the target in its own order, decoder_input = {begin, y_1 .. "
             "y_n} and expected = {y_1 .. y_n, end}; copy it front to back (chapter 12)");
ATTN_MISTAKE(teacher_forcing_end_overwrites_last, "teacher_forcing",
             "the end token was written over the target's last token (expected = target, then "
             "expected.back() = end), so y_n was lost from the expected tokens: end comes AFTER "
             "the whole target, expected = y_1 .. y_n, end, n + 1 tokens; push_back(end) (chapter "
             "12)");
ATTN_MISTAKE(teacher_forcing_expected_at_input_positions, "teacher_forcing",
             "the expected tokens were written at the decoder input's positions (expected[i + 1] "
             "= y_i, beside decoder_input[i + 1] = y_i), so expected[0] kept the 0 it was sized "
             "with and end then overwrote y_n: position i says the token after the one it reads, "
             "expected[i] = y_i, then end at position n (chapter 12)");
ATTN_MISTAKE(teacher_forcing_reads_an_empty_target, "teacher_forcing",
             "an empty target crashed the function: it read target[0] (or target.back()) of a "
             "vector with no elements, as a loop `i <= target.size() - 1` does, since size() - 1 "
             "wraps round to the largest size_t when size() is 0; loop while i < target.size(), "
             "which runs no time for an empty target (chapter 12)");

// --- decoding: greedy_decode, and the slips beam_search shares with it
ATTN_MISTAKE(greedy_keeps_begin_token, "greedy_decode beam_search",
             "the answer starts with the begin token; it only starts the decoder, so drop it from "
             "what you return ({prefix.begin() + 1, prefix.end()}) (chapter 12)");
ATTN_MISTAKE(greedy_keeps_end_token, "greedy_decode beam_search",
             "the answer ends with the end token; it only says 'stop': leave it out of the answer "
             "(do not push_back the end token) (chapter 12)");
ATTN_MISTAKE(greedy_runs_past_end_token, "greedy_decode",
             "decoding went on after the end token until max_len; stop as soon as the best token "
             "is `end` (chapter 12)");
ATTN_MISTAKE(greedy_stops_one_early, "greedy_decode beam_search",
             "decoding stopped one token short of max_len: the prefix also holds the begin token, "
             "so the answer is full when prefix.size() - 1 == max_len, not prefix.size() == "
             "max_len (chapter 12)");
ATTN_MISTAKE(greedy_one_token_too_many, "greedy_decode beam_search",
             "decoding produced max_len + 1 tokens: max_len is the most the answer may hold, "
             "begin token not counted, so stop (or call a prefix finished) as soon as "
             "prefix.size() - 1 == max_len (chapter 12)");
ATTN_MISTAKE(greedy_prefix_not_extended, "greedy_decode",
             "next_scores was only ever asked about {begin} (shown {begin} on every call, or "
             "called once before the loop): call it inside the loop, on a prefix that grows by "
             "each chosen token, so that each call sees everything produced so far (chapter 12)");
ATTN_MISTAKE(greedy_ignores_max_len, "greedy_decode beam_search",
             "decoding went on past max_len tokens and stopped only at the end token (a model "
             "that never says end would loop forever); a prefix is also finished when max_len "
             "tokens have been produced, prefix.size() - 1 == max_len (chapter 12)");
ATTN_MISTAKE(greedy_takes_lowest_score, "greedy_decode",
             "decoding took the LOWEST score at each step (index_min, or a comparison the wrong "
             "way round); the next token is the one with the highest score, s.index_max() "
             "(chapter 12)");
ATTN_MISTAKE(greedy_tie_to_larger_token, "greedy_decode",
             "when two tokens tied for the best score, a LARGER token id was taken (a running "
             "maximum updated on >=, a search from the last token down, or the first entry of "
             "arma::sort_index(s, \"descend\"), whose sort does not keep tied entries in order once "
             "a row has more than 16 of them): the contract gives a tie to the smaller id, as "
             "s.index_max() does; use it, or update a running best only on a strictly greater "
             "score, scanning from token 0 up (chapter 12)");
ATTN_MISTAKE(greedy_score_taken_as_token, "greedy_decode",
             "the largest score itself was used as the next token (s.max() is the value, not "
             "where it is); the token is the position of the largest score, s.index_max() "
             "(chapter 12)");
ATTN_MISTAKE(decode_best_score_starts_at_zero, "greedy_decode",
             "the running maximum started at 0, so at a step where every score was negative token "
             "0 was chosen; scores are logits, often all negative: start from the first score (or "
             "-infinity), or use s.index_max() (chapter 12)");
ATTN_MISTAKE(max_len_zero_still_decodes, "greedy_decode beam_search",
             "with max_len 0 a token was still produced: max_len 0 allows nothing, so the answer "
             "is empty; test the length before the first call of next_scores (a while loop rather "
             "than do-while, size() >= max_len rather than ==, or return an empty vector at once) (chapter "
             "12)");
ATTN_MISTAKE(decode_prefix_without_begin, "greedy_decode beam_search",
             "next_scores was shown prefixes without the begin token (its first call got an empty "
             "prefix): the decoder always reads begin first, so keep it at the front of every "
             "prefix you pass, and drop it only from what you return (chapter 12)");

ATTN_MISTAKE(decode_shown_last_token_only, "greedy_decode beam_search",
             "next_scores was shown only the last token ({prefix.back()}) instead of the whole "
             "prefix: the decoder reads begin and every token produced so far, so pass the "
             "prefix itself, next_scores(prefix) (chapter 12)");
ATTN_MISTAKE(greedy_end_forbidden_at_first, "greedy_decode",
             "the end token was kept from being chosen at the first step (or until a few tokens "
             "were produced), so the answer was never empty: the contract stops as soon as the "
             "best token is end, at the first step too, and then the answer is empty (chapter 12)");
ATTN_MISTAKE(decode_shown_a_window, "greedy_decode",
             "next_scores was shown only part of the prefix, a window of it ({begin, "
             "prefix.back()}, or the last two tokens) instead of the whole prefix: the decoder "
             "reads begin and every token produced so far, so pass the prefix itself, "
             "next_scores(prefix) (chapter 12)");
ATTN_MISTAKE(greedy_largest_magnitude, "greedy_decode",
             "the token of the largest score in magnitude was taken (index_max of arma::abs(s)): a "
             "large negative score is the LEAST likely token, not the most; take the largest score "
             "itself, s.index_max() (chapter 12)");
ATTN_MISTAKE(greedy_argmax_skips_last_token, "greedy_decode",
             "the hand-written argmax never looked at the last token of the vocabulary (its loop "
             "stopped at j + 1 < s.n_elem, or j < n - 1), so that token could never be chosen; "
             "loop while j < s.n_elem, or use s.index_max() (chapter 12)");
ATTN_MISTAKE(greedy_begin_token_forbidden, "greedy_decode",
             "the begin token was kept from being chosen (its score set to -infinity, or skipped in "
             "the argmax): the contract takes the highest-scoring token whatever it is, begin "
             "included, and appends it like any other; only the end token stops (chapter 12)");
ATTN_MISTAKE(greedy_stops_at_begin_token, "greedy_decode",
             "the begin token was taken as a stop token too: decoding stops only when the best "
             "token is `end`; a chosen begin token is appended like any other (chapter 12)");
ATTN_MISTAKE(greedy_softmax_without_shift, "greedy_decode",
             "the scores were turned into probabilities, exp(s) / sum exp(s), without taking the "
             "row's maximum off first: with scores near 1000 exp overflows to inf and inf / inf is "
             "NaN, which the argmax cannot read. The most probable token is the highest score, so "
             "take s.index_max() of the scores themselves (or subtract s.max() before exp) "
             "(chapter 12)");

// --- beam_search
ATTN_MISTAKE(beam_rebuilt_in_place, "beam_search",
             "the next beam was written over the live prefixes, slot by slot, while later "
             "candidates still read their parent from those slots: once a slot is overwritten, a "
             "candidate whose parent sat there grows from the new prefix instead; read every "
             "parent from the beam as it was, and build the next one in a vector of its own "
             "(std::vector<Hyp> next; ... live = std::move(next)) (chapter 12)");
ATTN_MISTAKE(beam_sums_raw_scores, "beam_search",
             "the beam added up raw scores: next_scores gives logits, and logits of different "
             "prefixes are not on one scale; add log softmax(scores)[token], s_j - log sum exp(s) "
             "(chapter 12)");
ATTN_MISTAKE(beam_keeps_finished_hypotheses, "beam_search",
             "a prefix that chose the end token stayed in the beam and went on growing, shown to "
             "next_scores with the end token in it (whether or not it was also set aside); an "
             "extension by end is finished: set it aside as a candidate answer and leave it out "
             "of the beam (continue), keeping only unfinished prefixes there (chapter 12)");
ATTN_MISTAKE(beam_stops_at_first_finished, "beam_search",
             "the search stopped too early: at the first prefix that finished, or as soon as one "
             "live prefix scored no better than the best finished one; a live prefix that still "
             "scores better may end better later, so stop only when NO live prefix beats the best "
             "finished one (chapter 12)");
ATTN_MISTAKE(beam_adds_probabilities, "beam_search",
             "the beam added up probabilities, softmax(scores)[token], not their logarithms: a "
             "prefix's probability is the PRODUCT of its tokens' probabilities, so its score is "
             "the sum of log softmax(scores)[token] (chapter 12)");
ATTN_MISTAKE(beam_log_softmax_not_normalised, "beam_search",
             "each token's log-probability was taken as s_j - max(s): that is only the shift that "
             "keeps exp finite; log softmax also subtracts log sum_k exp(s_k - max(s)), which "
             "differs from prefix to prefix (chapter 12)");
ATTN_MISTAKE(beam_log_softmax_down_columns, "beam_search",
             "every log-probability came out 0 (each token's probability 1): the softmax of the "
             "row of scores was normalised down its columns (arma::sum(E) of a 1 x V arma::mat "
             "sums each column, one entry each); normalise over the whole row, arma::accu(E), or "
             "keep the scores in an arma::rowvec (chapter 12; softmax: chapter 03)");
ATTN_MISTAKE(beam_forgets_prefix_score, "beam_search",
             "an extension was scored by its last token's log-probability alone: a prefix's score "
             "is the SUM over all its tokens, so extending live prefix p by token j scores "
             "live[p].score + log softmax(s)[j] (chapter 12)");
ATTN_MISTAKE(beam_ties_broken_the_wrong_way, "beam_search",
             "candidates with exactly the same score were ranked against the contract: ties go to "
             "the smaller token id, then to the earlier prefix, so sort by (score descending, "
             "token ascending, prefix ascending); and a finished prefix replaces the best one "
             "only when it scores strictly higher (chapter 12)");
ATTN_MISTAKE(beam_ranked_by_prefix_before_score, "beam_search",
             "an earlier prefix's extension was ranked above a better-scoring extension of a later "
             "prefix: the comparator lets the prefix decide while the scores differ. Clauses "
             "chained with || (a.score > b.score || ... || a.parent < b.parent) let the last one "
             "speak when the first has already said no; such a comparator is not a strict weak "
             "ordering, and std::sort or a priority_queue may then give any order (std::sort may "
             "even read past the end). Test each key only when the ones before it are equal: if "
             "(a.score != b.score) return a.score > b.score; if (a.token != b.token) return "
             "a.token < b.token; return a.parent < b.parent (chapter 12)");
ATTN_MISTAKE(beam_finished_stay_in_the_beam, "beam_search",
             "a prefix that chose the end token stayed in the beam round after round, holding one "
             "of its beam places, so fewer live prefixes went on; an extension by end counts "
             "among its round's beam best, then leaves: set it aside as a candidate answer and "
             "extend only the live prefixes (chapter 12)");
ATTN_MISTAKE(beam_end_probability_not_counted, "beam_search",
             "a prefix finished by the end token kept its score from before end: the end token's "
             "own log-probability belongs to the finished prefix's score, live[p].score + log "
             "softmax(s)[end] (chapter 12)");
ATTN_MISTAKE(beam_returns_last_finished, "beam_search",
             "the answer was the prefix that finished LAST, not the best one: compare each "
             "finished prefix with the best so far and keep it only when it scores higher "
             "(chapter 12)");
ATTN_MISTAKE(beam_keeps_first_finished, "beam_search",
             "the first prefix to finish stayed the answer for good (it was set only while none "
             "had finished, if (!found)): a prefix that finishes later may score higher, so "
             "compare each finished prefix with the best so far and replace it when it scores "
             "higher (chapter 12)");
ATTN_MISTAKE(beam_searches_on_after_the_best_finished, "beam_search",
             "the search went on after no live prefix could beat the best finished one: a longer "
             "prefix only scores lower, so the answer cannot change; stop then (or drop each live "
             "prefix that scores no better), as the contract says, instead of running on to "
             "max_len (chapter 12)");
ATTN_MISTAKE(beam_width_off_by_one, "beam_search",
             "the beam kept one prefix more, or one fewer, than beam (a loop bound off by one: i "
             "<= beam, or i + 1 < beam); keep exactly the beam best extensions of each round "
             "(chapter 12)");
ATTN_MISTAKE(beam_chosen_per_prefix, "beam_search",
             "the extensions were chosen prefix by prefix, each live prefix keeping its own best "
             "ones: the beam best of a round are chosen among the extensions of ALL live prefixes "
             "together, pooled in one list and ranked once (chapter 12)");
ATTN_MISTAKE(beam_keeps_the_worst, "beam_search",
             "the beam kept the LOWEST-scoring extensions: the candidates were sorted ascending; "
             "sort by score descending (a.score > b.score) and keep the first beam of them "
             "(chapter 12)");
ATTN_MISTAKE(beam_full_prefixes_dropped, "beam_search",
             "a prefix that reached max_len tokens was dropped instead of finished: it is a "
             "candidate answer as much as one that chose end (the contract: so is a prefix that "
             "reaches max_len tokens), so compare it with the best finished one (chapter 12)");
ATTN_MISTAKE(beam_end_extensions_outside_the_ranking, "beam_search",
             "every extension by the end token was taken as a finished candidate, and the beam's "
             "places all went to the other extensions: an extension by end competes for the "
             "round's places like any other. Rank all the extensions together and keep the beam "
             "best; those of them that end are finished and leave, the others live on, and "
             "everything ranked below is dropped, end extensions too (chapter 12)");
ATTN_MISTAKE(beam_length_normalised, "beam_search",
             "the finished prefixes were compared by their score divided by their length (the "
             "mean log-probability per token): the contract compares them, and stops the search, "
             "by the plain sum of log softmax(scores)[token], which each further token can only "
             "lower; compare the summed score itself, without dividing by the number of tokens "
             "(chapter 12)");
ATTN_MISTAKE(beam_best_score_starts_at_zero, "beam_search",
             "the best finished score started at 0 (double best = 0) with nothing to say that no "
             "prefix had finished yet: a sum of log-probabilities is never above 0, so no finished "
             "prefix beat it, every live one was dropped as unable to win, and the answer stayed "
             "empty; start it at -infinity (or keep a flag found = false) (chapter 12)");
ATTN_MISTAKE(beam_starts_with_copies, "beam_search",
             "the beam started with beam copies of {begin}: the copies extend alike, so the same "
             "prefix filled every place and the search was greedy decoding; start from one "
             "prefix, {begin}, and let the rounds fill the beam (chapter 12)");

}  // namespace attn_test::mistakes
