// coursectl: list, check, watch, hint and reset for the learner; sandbox for ./course's
// own builds of the learner's files; expect-stub, expect-versions, check-program,
// readme-check and explain-build for the repository's own suite. ./course calls it as:
// coursectl COMMAND --root REPO --build BUILD [ARGS]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <sys/prctl.h>
#include <unistd.h>

#include "commands.hpp"
#include "docs.hpp"
#include "manifest.hpp"
#include "process.hpp"
#include "record.hpp"
#include "report.hpp"
#include "sandbox.hpp"
#include "state.hpp"
#include "stubs.hpp"
#include "watch.hpp"

namespace fs = std::filesystem;

namespace course {

Options parse(int argc, char** argv) {
    Options o;
    if (argc < 2) throw std::invalid_argument("usage: coursectl COMMAND [--root DIR] [--build DIR] [ARGS]");
    o.command = argv[1];
    if (const char* m = std::getenv("COURSE_CHECK_MEMORY"); m && *m) o.memory = parse_bytes(m);
    if (const char* sb = std::getenv("COURSE_SANDBOX"); sb && *sb) o.sandbox = sb;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&] {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return std::string(argv[++i]);
        };
        if (a.rfind("--", 0) == 0 && a != "--") o.given.push_back(a);
        if (a == "--") {
            for (++i; i < argc; ++i) o.after.push_back(argv[i]);
        } else if (a == "--root") o.root = value();
        else if (a == "--build") o.build = value();
        else if (a == "--timeout") {
            const std::string v = value();
            std::size_t used = 0;
            try {
                o.timeout = std::stod(v, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != v.size() || !(o.timeout > 0) || o.timeout > 86400)
                throw std::invalid_argument("--timeout takes seconds, such as 10 or 2.5; got '" + v + "'");
        } else if (a == "--memory") o.memory = parse_bytes(value());
        else if (a == "--sandbox") o.sandbox = value();
        else if (a == "--state") o.state = value();
        else if (a == "--trusted") o.trusted = value();
        else if (a == "--objects") o.objects = value();
        else if (a == "--yes" || a == "-y") o.yes = true;
        else if (a == "--unsafe") o.unsafe = true;
        else if (a.rfind("--", 0) == 0) throw std::invalid_argument("unknown option " + a);
        else o.args.push_back(a);
    }
    return o;
}

void require_options_of(const Options& o) {
    // --root, --build and --state say where the course is; ./course passes them to every command
    static const std::map<std::string, std::vector<std::string>> own = {
        {"list", {}},
        {"check", {"--timeout", "--memory", "--sandbox", "--unsafe"}},
        {"watch", {"--timeout", "--memory", "--sandbox", "--unsafe"}},
        {"hint", {}},
        {"reset", {"--yes", "-y"}},
        {"expect-stub", {"--timeout", "--memory", "--sandbox", "--trusted", "--objects", "--unsafe"}},
        {"expect-versions", {"--timeout", "--memory", "--sandbox", "--trusted"}},
        {"check-program", {"--timeout", "--memory", "--sandbox", "--trusted", "--objects", "--unsafe"}},
        {"sandbox", {"--sandbox", "--unsafe"}},
        {"readme-check", {}},
        {"explain-build", {}},
        {"new-exercise", {}},
        {"doc-check", {}},
        {"doc-gen", {}},
    };
    const auto it = own.find(o.command);
    if (it == own.end()) return;  // an unknown command is refused by the dispatch
    for (const auto& g : o.given) {
        if (g == "--root" || g == "--build" || g == "--state") continue;
        if (std::find(it->second.begin(), it->second.end(), g) != it->second.end()) continue;
        std::string takes;
        for (const auto& t : it->second) takes += (takes.empty() ? "" : ", ") + t;
        throw std::invalid_argument("./course " + o.command + " does not take " + g + " (" +
                                    (takes.empty() ? "it takes no options" : "it takes " + takes) + ")");
    }
}

}  // namespace course

using namespace course;

int main(int argc, char** argv) {
    // Not dumpable: no process of the same user (a check's code among them) may ptrace
    // the checker or open its /proc/PID/mem.
    ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    stop_children_on_interrupt();
    try {
        if (argc >= 2 && std::string(argv[1]) == "expect-run") return cmd_expect_run(argc - 2, argv + 2);
        Options o = parse(argc, argv);
        require_options_of(o);
        // absolute: checks run in a scratch folder of their own
        o.root = fs::absolute(o.root).lexically_normal().string();
        o.build = fs::absolute(o.build).lexically_normal().string();
        if (!o.trusted.empty()) o.trusted = fs::absolute(o.trusted).lexically_normal().string();
        if (!o.objects.empty()) o.objects = fs::absolute(o.objects).lexically_normal().string();
        // A check whose checker was ended before it looked over the course folder left
        // its journal: settled before anything else reads the folder.
        if (o.command == "list" || o.command == "check" || o.command == "watch" || o.command == "hint" ||
            o.command == "reset") {
            for (const auto& line : replay_interrupted_check(state_dir(o)))
                std::cerr << "course: a check was ended before it could look over your files; now: " << printable(line)
                          << "\n";
        }
        if (o.command == "list") return cmd_list(o);
        if (o.command == "check") return cmd_check(o);
        if (o.command == "hint") return cmd_hint(o);
        if (o.command == "reset") return cmd_reset(o);
        if (o.command == "expect-stub") return cmd_expect_stub(o);
        if (o.command == "readme-check") return cmd_readme_check(o);
        if (o.command == "expect-versions") return cmd_expect_versions(o);
        if (o.command == "check-program") return cmd_check_program(o);
        if (o.command == "watch") return cmd_watch(o);
        if (o.command == "sandbox") return cmd_sandbox(o);
        if (o.command == "explain-build") return cmd_explain_build(o);
        if (o.command == "new-exercise") return cmd_new_exercise(o);
        if (o.command == "doc-check") return cmd_doc_check(o.root, o.build, o.args);
        if (o.command == "doc-gen") return cmd_doc_gen(o.root);
        throw std::invalid_argument("unknown command '" + o.command + "'");
    } catch (const NoSandbox& e) {
        // said whole (why, how to get a sandbox, --unsafe), before anything was built or written
        std::cerr << e.what() << "\n";
        return kExitNoSandbox;
    } catch (const std::exception& e) {
        std::cerr << "course: " << e.what() << "\n";
        return 2;
    }
}
