// Linked into chNN, the chapter programs on the reference solutions (src/core/chapter.hpp).
#include "core/chapter.hpp"

bool attn::runs_on_learner_code() { return false; }
