// toy_tasks.hpp: chapter 12's two training tasks, generated in code (nothing
// is downloaded), and the vocabulary that turns words into token ids.
//
//   reversal     8 digits in, the same digits backwards out: 3 1 4 1 5 9 2 6 -> 6 2 9 5 1 4 1 3
//   translation  a small English grammar and its French rendering, in which most
//                adjectives move behind the noun and everything agrees in gender
//                and number: "she loves the red car" -> "elle aime la voiture rouge".
//                A sentence is a subject (a pronoun or a noun phrase), a verb and an
//                object (a noun phrase); a noun phrase has at most one adjective.
//
// The training and held-out sets never share an example; accuracy is always
// measured on the held-out set.
#pragma once

#include <armadillo>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace attn::tasks {

using Tokens = std::vector<arma::uword>;

// Words <-> token ids. Ids 0 and 1 are the begin and end tokens.
class Vocabulary {
public:
    static constexpr arma::uword kBegin = 0;
    static constexpr arma::uword kEnd = 1;

    Vocabulary() : Vocabulary(std::vector<std::string>{}) {}
    // `words` must not contain "<s>", "</s>", duplicates, empty words or spaces.
    explicit Vocabulary(const std::vector<std::string>& words);

    arma::uword size() const { return static_cast<arma::uword>(words_.size()); }
    const std::vector<std::string>& words() const { return words_; }  // including <s> and </s>
    const std::string& word(arma::uword id) const;

    // Throws InputError "'purple' is not a word this model knows (it knows: ...)".
    // An exact match wins; otherwise a match that ignores upper and lower case.
    arma::uword id(const std::string& word) const;
    bool contains(const std::string& word) const;

    // "she loves the red car" -> ids (split at spaces; "j'aime" is split after the apostrophe).
    Tokens encode(const std::string& sentence) const;
    // ids -> "elle aime la voiture rouge" (no space after a word that ends in an apostrophe).
    std::string decode(const Tokens& tokens) const;

private:
    std::vector<std::string> words_;
    std::unordered_map<std::string, arma::uword> index_;
};

// One training pair: the tokens in, the tokens that should come out (neither
// holds the begin or end token).
struct Example {
    Tokens source;
    Tokens target;
};

struct Task {
    std::string name;  // "reversal" or "translation"
    Vocabulary vocab;
    std::vector<Example> train;
    std::vector<Example> validation;  // decides when training may stop; never trained on, never reported
    std::vector<Example> held_out;    // the accuracy the chapter reports
    std::size_t max_target_length = 0;  // longest target in either set
};

// Sequences of `length` digits: `train_size` for training, `held_out_size` others
// for measuring, and as many again, different from both, for validation.
// Same seed, same sets.
Task reversal(std::size_t train_size, std::size_t held_out_size, std::uint64_t seed, std::size_t length = 8);

// Every sentence of the toy grammar (about 158 000), shuffled with `seed`, then
// split: `held_out_size` to measure with, as many for validation, and at most
// `train_size` of the rest to train on. "I love LLMs" is always held out.
Task translation(std::size_t train_size, std::size_t held_out_size, std::uint64_t seed);

// The English words of the grammar (the side the model translates from), in the
// order the grammar first uses them: "I love the car ... you ...".
const std::vector<std::string>& english_words();

// The French of one English sentence of the grammar, word by word as the
// grammar builds it (the test of the generator uses it).
// Throws InputError when the sentence is not one the grammar makes.
std::string translate_by_rule(const std::string& english);

}  // namespace attn::tasks
