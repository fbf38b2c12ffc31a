// Fuzz target: arbitrary bytes -> attn::model::parse_checkpoint (see fuzz_targets.hpp).
#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "model/model.hpp"
#include "fuzz_targets.hpp"
#include "memory_file.hpp"

namespace attn_fuzz {

namespace {
void require(bool ok, const std::string& what) {
    if (!ok) throw PropertyViolated("checkpoint: " + what);
}
}  // namespace

int checkpoint(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // Byte 0 picks the mode. Odd: the rest is a checkpoint's body, and the
    // target seals it with a correct checksum, so that the fuzzer reaches the
    // parser behind the checksum. Even: the rest is the whole file, as is.
    std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const bool sealed = data[0] % 2 == 1;
    if (sealed) text = attn::model::seal_checkpoint(text);
    try {
        // The whole file as is goes the way a learner's file goes: through the bounded reader.
        const attn::model::Checkpoint c = sealed ? attn::model::parse_checkpoint(text, "fuzz input")
                                                   : attn::model::load_checkpoint(MemoryFile(text).path());
        // Accepted: then it must be exactly what a model of its configuration holds.
        const auto layout = attn::model::tensor_layout(c.config);
        require(c.tensors.size() == layout.size(), "accepted with a wrong number of tensors");
        for (std::size_t i = 0; i < layout.size(); ++i) {
            require(c.tensors[i].name == layout[i].name, "accepted a misnamed tensor");
            require(c.tensors[i].value.n_rows == layout[i].rows && c.tensors[i].value.n_cols == layout[i].cols,
                    "accepted a tensor of the wrong shape");
            require(c.tensors[i].value.is_finite(), "accepted a non-finite weight");
        }
        require(c.vocab.size() == c.config.vocab, "accepted a vocabulary of the wrong size");
        // And a model built from it translates without trouble: its weights
        // were checked, so no softmax may overflow.
        attn::model::Model model = attn::model::model_from(c);
        try {
            const auto out = model.translate({c.vocab.size() - 1}, 3);
            require(out.size() <= 3, "translate produced more than max_len tokens");
        } catch (const attn::InputError& e) {
            require(false, std::string("an accepted checkpoint does not translate: ") + e.what());
        }
    } catch (const attn::InputError&) {
        // the promised clear refusal
    } catch (const attn::ShapeError&) {
    }
    return 0;
}

}  // namespace attn_fuzz
