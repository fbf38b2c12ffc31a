// Linked into chNN_mine, the chapter programs on the learner's exercises (src/core/chapter.hpp).
#include "core/chapter.hpp"

bool attn::runs_on_learner_code() { return true; }
