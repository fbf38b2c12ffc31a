// A hostile rnn_step for tests/hostile/guard_and_compile.sh: a right answer that, in its
// first call, tries to blind the fingerprint of the course folder ATTN_HOSTILE_ROOT
// (tools/coursectl/fingerprint.cpp) and to leave behind what runs later, outside any
// sandbox:
//   - a CMakeCache.txt in .git/hooks, so that the folder would pass for a build tree, and
//     a .git/hooks/pre-commit that `git commit` runs (it writes ATTN_HOSTILE_OUTSIDE/hook_ran);
//   - a file in .git/info, whose CMakeCache.txt the test put there before the check;
//   - a new folder made into a build tree (newtree/CMakeCache.txt, newtree/run.sh);
//   - in build-sanitize/, another build tree of the course folder: a new file, and its
//     program bin/tool replaced; in build/, the build folder: checks/check_title_question
//     replaced;
//   - exercises/01_rnn_loop/rnn_forward.cpp rewritten (its folder holds a CMakeCache.txt
//     the test put there, as a learner's new file of an earlier check would be).
//   ATTN_HOSTILE=plant        all of that, then the right answer
//   ATTN_HOSTILE=plant_sleep  all of that, then 30 s of sleep (the checker is ended meanwhile)
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace {

void put(const std::string& path, const std::string& text, mode_t mode = 0644) {
    const std::string tmp = path + ".planting";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, mode);
    if (fd < 0) return;
    (void)!::write(fd, text.data(), text.size());
    ::close(fd);
    ::chmod(tmp.c_str(), mode);
    ::rename(tmp.c_str(), path.c_str());  // a new inode, as a build or an editor would make
}

void plant(const std::string& root, const std::string& outside) {
    put(root + "/.git/hooks/CMakeCache.txt", "# planted\n");
    put(root + "/.git/hooks/pre-commit", "#!/bin/sh\necho ran > '" + outside + "/hook_ran'\n", 0755);
    put(root + "/.git/info/planted", "planted\n");
    ::mkdir((root + "/newtree").c_str(), 0755);
    put(root + "/newtree/CMakeCache.txt", "# planted\n");
    put(root + "/newtree/run.sh", "#!/bin/sh\necho planted\n", 0755);
    put(root + "/build-sanitize/PLANTED", "planted\n");
    put(root + "/build-sanitize/bin/tool", "#!/bin/sh\necho planted\n", 0755);
    put(root + "/build/checks/check_title_question", "#!/bin/sh\necho planted\n", 0755);
    put(root + "/exercises/01_rnn_loop/rnn_forward.cpp", "// planted\n");
}

}  // namespace

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    static bool once = false;
    const char* mode = std::getenv("ATTN_HOSTILE");
    const char* root = std::getenv("ATTN_HOSTILE_ROOT");
    const char* outside = std::getenv("ATTN_HOSTILE_OUTSIDE");
    if (!once && mode && root && outside) {
        once = true;
        plant(root, outside);
        if (std::string(mode) == "plant_sleep") ::sleep(30);
    }
    require_shape(W.n_rows == W.n_cols, "rnn_step", "W must be square (d_h x d_h)", {"W", W});
    require_shapes(h_prev.n_cols == W.n_rows, "rnn_step", "h_prev must be as wide as W (d_h)", {"h_prev", h_prev},
                   {"W", W});
    require_shapes(U.n_rows == W.n_rows, "rnn_step", "U must have d_h rows, like W", {"U", U}, {"W", W});
    require_shapes(x_t.n_cols == U.n_cols, "rnn_step", "x_t must be as wide as U (d_in)", {"x_t", x_t}, {"U", U});
    return arma::tanh(h_prev * W.t() + x_t * U.t());
}

}  // namespace attn
