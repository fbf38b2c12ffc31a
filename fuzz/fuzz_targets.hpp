// fuzz_targets.hpp: one function per fuzz target, each taking arbitrary bytes.
//
// A target returns normally when the course handled the input as it promises:
// a result with the promised properties, or one clear attn::InputError /
// attn::ShapeError. Anything else is a finding: a broken property throws
// PropertyViolated, and any other exception, crash or sanitizer report is left
// to escape. The same functions run in two places:
//   - under libFuzzer (entry.cpp, built with clang by `./course fuzz`);
//   - in the normal suite (replay_test.cpp, test `fuzz.replays_corpus_and_regressions`),
//     on every file of fuzz/corpus/<target>/ and fuzz/regressions/<target>/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace attn_fuzz {

struct PropertyViolated : std::logic_error {
    using std::logic_error::logic_error;
};

// CSV text of Q, K, V and an optional mask, separated by '|'; the mask part is
// a CSV matrix or the word "causal". Runs the `./course attend` path: parsing,
// shape checks, attention through the reference solutions, printing.
//   e.g. "1,0\n0,1|1,0\n0,1|1,2\n3,4|causal"
int attend_csv(const std::uint8_t* data, std::size_t size);

// A matrix of arbitrary doubles (NaN, +-inf, +-1e308, subnormals, raw bit
// patterns) for softmax_rows. Byte 0: rows (0..6); byte 1: columns (0..6); then
// per cell one selector byte: below 16 picks a special value, otherwise the
// next 8 bytes are the double's bits (or, when fewer are left, a small integer).
int softmax_rows(const std::uint8_t* data, std::size_t size);

// A chapter 12 checkpoint. Byte 0 odd: the rest is a checkpoint's body, sealed
// with a correct checksum by the target (so the parser behind the checksum gets
// explored); even: the rest is the file as is, read from a real file (a memfd)
// by load_checkpoint. Accepted checkpoints must hold exactly the tensors of
// their configuration, finite, and translate without an error.
int checkpoint(const std::uint8_t* data, std::size_t size);

// The bounded readers (attn/bounded_read.hpp) and the CSV reader on top of
// them. Bytes 0-1: the limit (0..4096 bytes); byte 2: how many bytes a read
// call returns at most (low 7 bits, plus 1) and, in its top bit, a source that
// never ends; byte 3: the size the source claims (0, true, half, too big, the
// limit, one past it); then the bytes. A source whose first byte is '!' has
// its first line refused. Whatever the input: never more than one byte read
// past the limit, never more kept than the limit, and an accepted text is
// exactly the source's bytes. The same bytes then go through read_file and
// csv::read_matrix as a real file (a memfd).
int bounded_read(const std::uint8_t* data, std::size_t size);

}  // namespace attn_fuzz
