#include "model/toy_tasks.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <random>
#include <set>
#include <unordered_set>
#include <sstream>

#include "core/errors.hpp"

namespace attn::tasks {

// ---------------------------------------------------------------- vocabulary

Vocabulary::Vocabulary(const std::vector<std::string>& words) {
    words_ = {"<s>", "</s>"};
    for (const auto& w : words) {
        if (w.empty() || w.find_first_of(" \t\n") != std::string::npos || w == "<s>" || w == "</s>")
            throw InputError("Vocabulary: '" + w + "' cannot be a word (empty, spaces, or a reserved token)");
        words_.push_back(w);
    }
    for (std::size_t i = 0; i < words_.size(); ++i)
        if (!index_.emplace(words_[i], static_cast<arma::uword>(i)).second)
            throw InputError("Vocabulary: the word '" + words_[i] + "' appears twice");
}

const std::string& Vocabulary::word(arma::uword id) const {
    if (id >= words_.size())
        throw InputError("Vocabulary: token id " + std::to_string(id) + " is outside the vocabulary of " +
                         std::to_string(words_.size()) + " words");
    return words_[id];
}

namespace {
std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}
}  // namespace

bool Vocabulary::contains(const std::string& w) const {
    if (index_.count(w)) return true;
    for (const auto& known : words_)
        if (lower(known) == lower(w)) return true;
    return false;
}

arma::uword Vocabulary::id(const std::string& w) const {
    if (auto it = index_.find(w); it != index_.end()) return it->second;
    for (std::size_t i = 2; i < words_.size(); ++i)
        if (lower(words_[i]) == lower(w)) return static_cast<arma::uword>(i);
    std::string known;
    for (std::size_t i = 2; i < words_.size() && i < 40; ++i) known += (i > 2 ? " " : "") + words_[i];
    if (words_.size() > 40) known += " ...";
    throw InputError("'" + w + "' is not a word this model knows (it knows: " + known + ")");
}

Tokens Vocabulary::encode(const std::string& sentence) const {
    Tokens out;
    std::istringstream in(sentence);
    std::string w;
    while (in >> w) {
        // French elision: "j'aime" is the two tokens "j'" and "aime".
        const auto apostrophe = w.find('\'');
        if (apostrophe != std::string::npos && apostrophe + 1 < w.size()) {
            out.push_back(id(w.substr(0, apostrophe + 1)));
            w = w.substr(apostrophe + 1);
        }
        if (w == words_[kBegin] || w == words_[kEnd])
            throw InputError("'" + w + "' marks where a sentence begins or ends; it cannot be a word to translate");
        out.push_back(id(w));
    }
    return out;
}

std::string Vocabulary::decode(const Tokens& tokens) const {
    std::string out;
    for (auto t : tokens) {
        const std::string& w = word(t);
        if (!out.empty() && out.back() != '\'') out += ' ';
        out += w;
    }
    return out;
}

// ---------------------------------------------------------------- reversal

Task reversal(std::size_t train_size, std::size_t held_out_size, std::uint64_t seed, std::size_t length) {
    if (length == 0) throw InputError("tasks::reversal: a sequence needs at least one digit");
    Task task;
    task.name = "reversal";
    task.vocab = Vocabulary({"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"});
    task.max_target_length = length;
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> digit(0, 9);
    std::set<Tokens> held;  // so that no training sequence is also a held-out one
    auto sample = [&] {
        Example e;
        for (std::size_t i = 0; i < length; ++i) e.source.push_back(task.vocab.id(std::to_string(digit(rng))));
        e.target.assign(e.source.rbegin(), e.source.rend());
        return e;
    };
    for (auto* set : {&task.held_out, &task.validation})
        while (set->size() < held_out_size) {
            Example e = sample();
            if (held.insert(e.source).second) set->push_back(std::move(e));
        }
    while (task.train.size() < train_size) {
        Example e = sample();
        if (!held.count(e.source)) task.train.push_back(std::move(e));
    }
    return task;
}

// ---------------------------------------------------------------- translation

namespace {

struct Noun {
    const char *en, *en_plural, *fr, *fr_plural;
    bool feminine;
};
struct Adjective {
    const char* en;
    const char* fr[4];  // masculine, feminine, masculine plural, feminine plural
    bool before_noun;   // "grande voiture", but "voiture rouge"
};
struct Verb {
    const char *en, *en_third;
    const char* fr[5];  // je, tu, il/elle, nous, ils
};
struct Pronoun {
    const char *en, *fr;
    int person;  // index into Verb::fr
};

const Noun kNouns[] = {
    {"car", "cars", "voiture", "voitures", true},  {"cat", "cats", "chat", "chats", false},
    {"dog", "dogs", "chien", "chiens", false},     {"house", "houses", "maison", "maisons", true},
    {"book", "books", "livre", "livres", false},   {"apple", "apples", "pomme", "pommes", true},
    {"LLM", "LLMs", "LLM", "LLMs", false},
};
const Adjective kAdjectives[] = {
    {"red", {"rouge", "rouge", "rouges", "rouges"}, false},  {"black", {"noir", "noire", "noirs", "noires"}, false},
    {"green", {"vert", "verte", "verts", "vertes"}, false},  {"blue", {"bleu", "bleue", "bleus", "bleues"}, false},
    {"big", {"grand", "grande", "grands", "grandes"}, true}, {"small", {"petit", "petite", "petits", "petites"}, true},
};
const Verb kVerbs[] = {
    {"love", "loves", {"aime", "aimes", "aime", "aimons", "aiment"}},
    {"watch", "watches", {"regarde", "regardes", "regarde", "regardons", "regardent"}},
    {"find", "finds", {"trouve", "trouves", "trouve", "trouvons", "trouvent"}},
    {"want", "wants", {"veux", "veux", "veut", "voulons", "veulent"}},
};
const Pronoun kPronouns[] = {{"I", "je", 0},  {"you", "tu", 1}, {"he", "il", 2},
                             {"she", "elle", 2}, {"we", "nous", 3}, {"they", "ils", 4}};

enum class Determiner { the, a, the_plural, none_plural };

struct Phrase {
    std::vector<std::string> en, fr;
    int person;  // 2 for a singular noun phrase, 4 for a plural one
};

// "the big red car" is not in the grammar: at most one adjective (-1 = none).
Phrase noun_phrase(Determiner det, int adjective, const Noun& n) {
    const bool plural = det == Determiner::the_plural || det == Determiner::none_plural;
    Phrase p;
    p.person = plural ? 4 : 2;
    if (det == Determiner::the || det == Determiner::the_plural) p.en.push_back("the");
    if (det == Determiner::a) p.en.push_back("a");
    switch (det) {
        case Determiner::the: p.fr.push_back(n.feminine ? "la" : "le"); break;
        case Determiner::a: p.fr.push_back(n.feminine ? "une" : "un"); break;
        default: p.fr.push_back("les"); break;  // French keeps an article for plurals used in general
    }
    const char* noun_en = plural ? n.en_plural : n.en;
    const char* noun_fr = plural ? n.fr_plural : n.fr;
    if (adjective < 0) {
        p.en.push_back(noun_en);
        p.fr.push_back(noun_fr);
        return p;
    }
    const Adjective& a = kAdjectives[adjective];
    const char* adj_fr = a.fr[(n.feminine ? 1 : 0) + (plural ? 2 : 0)];
    p.en.push_back(a.en);
    p.en.push_back(noun_en);
    if (a.before_noun) {
        p.fr.push_back(adj_fr);
        p.fr.push_back(noun_fr);
    } else {
        p.fr.push_back(noun_fr);
        p.fr.push_back(adj_fr);
    }
    return p;
}

std::vector<Phrase> all_noun_phrases() {
    std::vector<Phrase> out;
    for (auto det : {Determiner::the, Determiner::a, Determiner::the_plural, Determiner::none_plural})
        for (int adj = -1; adj < static_cast<int>(std::size(kAdjectives)); ++adj)
            for (const auto& n : kNouns) out.push_back(noun_phrase(det, adj, n));
    return out;
}

std::string join(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) {
        if (!s.empty() && s.back() != '\'') s += ' ';
        s += w;
    }
    return s;
}

struct Sentence {
    std::vector<std::string> en, fr;
};

std::vector<Sentence> all_sentences() {
    const auto phrases = all_noun_phrases();
    std::vector<Phrase> subjects;
    for (const auto& p : kPronouns) subjects.push_back({{p.en}, {p.fr}, p.person});
    subjects.insert(subjects.end(), phrases.begin(), phrases.end());
    std::vector<Sentence> out;
    out.reserve(subjects.size() * std::size(kVerbs) * phrases.size());
    for (const auto& s : subjects)
        for (const auto& v : kVerbs)
            for (const auto& o : phrases) {
                Sentence x;
                x.en = s.en;
                x.en.push_back(s.person == 2 ? v.en_third : v.en);
                x.en.insert(x.en.end(), o.en.begin(), o.en.end());
                x.fr = s.fr;
                const std::string verb = v.fr[s.person];
                if (x.fr.back() == "je" && std::string("aeiouh").find(verb[0]) != std::string::npos)
                    x.fr.back() = "j'";  // je aime -> j'aime
                x.fr.push_back(verb);
                x.fr.insert(x.fr.end(), o.fr.begin(), o.fr.end());
                out.push_back(std::move(x));
            }
    return out;
}

std::vector<std::string> grammar_words(const std::vector<Sentence>& sentences) {
    std::vector<std::string> words;
    std::unordered_set<std::string> seen;  // only asked "seen before?": the order is that of first use
    for (const auto& s : sentences)
        for (const auto* side : {&s.en, &s.fr})
            for (const auto& w : *side)
                if (seen.insert(w).second) words.push_back(w);
    return words;
}

}  // namespace

Task translation(std::size_t train_size, std::size_t held_out_size, std::uint64_t seed) {
    auto sentences = all_sentences();
    Task task;
    task.name = "translation";
    task.vocab = Vocabulary(grammar_words(sentences));  // before the shuffle: the ids do not depend on the seed
    std::mt19937_64 rng(seed);
    std::shuffle(sentences.begin(), sentences.end(), rng);
    // The tutorial's own sentence goes first, so it is always held out.
    const std::vector<std::string> llms = {"I", "love", "LLMs"};
    const auto it = std::find_if(sentences.begin(), sentences.end(), [&](const Sentence& s) { return s.en == llms; });
    std::rotate(sentences.begin(), it, it + 1);

    auto example = [&](const Sentence& s) {
        Example e;
        for (const auto& w : s.en) e.source.push_back(task.vocab.id(w));
        for (const auto& w : s.fr) e.target.push_back(task.vocab.id(w));
        task.max_target_length = std::max(task.max_target_length, e.target.size());
        return e;
    };
    const std::size_t held = std::min(held_out_size, sentences.size());
    for (std::size_t i = 0; i < held; ++i) task.held_out.push_back(example(sentences[i]));
    const std::size_t validation = std::min(held_out_size, sentences.size() - held);
    for (std::size_t i = held; i < held + validation; ++i) task.validation.push_back(example(sentences[i]));
    for (std::size_t i = held + validation; i < sentences.size() && task.train.size() < train_size; ++i)
        task.train.push_back(example(sentences[i]));
    return task;
}

const std::vector<std::string>& english_words() {
    static const std::vector<std::string> words = [] {
        std::vector<std::string> out;
        std::unordered_set<std::string> seen;
        for (const auto& s : all_sentences())
            for (const auto& w : s.en)
                if (seen.insert(w).second) out.push_back(w);
        return out;
    }();
    return words;
}

std::string translate_by_rule(const std::string& english) {
    static const std::map<std::string, std::string> table = [] {
        std::map<std::string, std::string> t;
        for (const auto& s : all_sentences()) t.emplace(join(s.en), join(s.fr));
        return t;
    }();
    std::istringstream in(english);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    const auto it = table.find(join(words));
    if (it == table.end())
        throw InputError("translate_by_rule: '" + english + "' is not a sentence of the toy grammar");
    return it->second;
}

}  // namespace attn::tasks
