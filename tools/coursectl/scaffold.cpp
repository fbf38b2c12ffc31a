// coursectl new-exercise NN NAME: the files of a new exercise, as rustlings' `dev new`.
//
// Writes the stub (exercises/NN_topic/NAME.cpp), the solution skeleton
// (solutions/NN_topic/NAME.cpp), the exercise's block at the end of its chapter in
// exercises/manifest.txt, a test suite at the end of tests/NN_topic_test.cpp and the
// contract's declaration in src/contracts/NN_topic.hpp: five files, every one
// refused before anything is written when it would clash. The stub and the skeleton
// both throw NotImplemented, so the new exercise shows in ./course list at once and
// its check fails cleanly until the contributor fills in the solution and the tests.
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "manifest.hpp"
#include "text.hpp"

namespace fs = std::filesystem;

namespace course {

namespace {

void require_name(const std::string& name) {
    static const std::set<std::string> keywords = {
        "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case", "catch", "char", "class", "const",
        "continue", "default", "delete", "do", "double", "else", "enum", "explicit", "export", "extern", "false",
        "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "not",
        "operator", "or", "private", "protected", "public", "register", "return", "short", "signed", "sizeof",
        "static", "struct", "switch", "template", "this", "throw", "true", "try", "typedef", "typename", "union",
        "unsigned", "using", "virtual", "void", "volatile", "while", "xor", "chapter", "distinguishable"};
    bool ok = !name.empty() && std::islower(static_cast<unsigned char>(name[0])) && name.size() <= 40;
    for (char c : name) ok = ok && (std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_');
    if (!ok || keywords.count(name))
        throw std::invalid_argument("new-exercise: NAME is a C++ function name in snake_case (lower-case letters, digits "
                                    "and _, starting with a letter), not a keyword; got '" + name + "'");
}

// "03" -> "03_softmax", from the chapter's folder under exercises/.
std::string chapter_folder(const std::string& root, const std::string& nn) {
    for (const auto& d : fs::directory_iterator(root + "/exercises"))
        if (d.is_directory() && starts_with(d.path().filename().string(), nn + "_")) return d.path().filename().string();
    throw std::invalid_argument("new-exercise: there is no chapter " + nn + " (no folder exercises/" + nn + "_*)");
}

void write_new(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::app);  // created only after the clash checks
    out << text;
    if (!out) throw std::runtime_error("new-exercise: cannot write " + path);
}

std::string stub(const std::string& name, const std::string& folder, const std::string& nn, bool solution) {
    return std::string("// ") + (solution ? "Solution of exercise " : "Exercise ") + name + " (chapter " + nn +
           "): TODO say in one line what it computes.\n//\n"
           "// TODO what to return, the shapes, and what to refuse (see src/contracts/" + folder + ".hpp).\n"
           "// Shapes:  X L x d -> L x d.\n//\n"
           "// Check your work:  ./course check " + name + "   Stuck?  ./course hint " + name + "\n"
           "#include \"contracts/" + folder + ".hpp\"\n#include \"core/errors.hpp\"\n\nnamespace attn {\n\n"
           "arma::mat " + name + "([[maybe_unused]] const arma::mat& X) {\n"
           "    // TODO(ch" + nn + "): " + (solution ? "the reference, with comments that say why." : "your code.") + "\n"
           "    throw NotImplemented(\"" + name + "\", __FILE__);\n}\n\n}  // namespace attn\n";
}

std::string declaration(const std::string& name, const std::string& nn) {
    return "// TODO what " + name + " computes, in one or two sentences.\n"
           "// Shapes:  X L x d -> L x d.\n"
           "// Returns: TODO.\n"
           "// Throws:  ShapeError naming " + name + " when TODO.\n"
           "// Chapter: " + nn + " (exercise " + name + ")\n"
           "arma::mat " + name + "(const arma::mat& X);\n\n";
}

std::string suite(const std::string& name) {
    return "\n// ==================================================================== " + name + "\n"
           "BOOST_AUTO_TEST_SUITE(" + name + ")\n\n"
           "// TODO: a Diagnosis (tests/support/diagnosis.hpp) with the right result by loops and the natural\n"
           "// wrong versions on a few inputs, then cases that check its properties (CONTRIBUTING.md).\n"
           "BOOST_AUTO_TEST_CASE(keeps_the_shape_of_its_input) {\n"
           "    const arma::mat X(3, 4, arma::fill::ones);\n"
           "    BOOST_TEST(attn::" + name + "(X).n_rows == 3u);\n}\n\n"
           "BOOST_AUTO_TEST_SUITE_END()\n";
}

// The manifest with the new block after the last exercise of its chapter (or at the end).
std::string manifest_with(const std::string& text, const std::string& folder, const std::string& name) {
    const std::string block = "[" + folder + "/" + name + "]\ntitle = TODO the exercise's title\n"
                              "hint = TODO a first hint\nhint = TODO a second hint\n";
    const auto lines = split_lines(text);
    std::size_t insert_at = lines.size();
    bool in_chapter = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (starts_with(lines[i], "[")) {
            if (in_chapter && !starts_with(lines[i], "[" + folder + "/")) {
                insert_at = i;
                break;
            }
            in_chapter = starts_with(lines[i], "[" + folder + "/");
        }
    }
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i == insert_at) out += block + "\n";
        out += lines[i] + "\n";
    }
    if (insert_at == lines.size()) out += (out.empty() || ends_with(out, "\n\n") ? "" : "\n") + block;
    return out;
}

}  // namespace

int cmd_new_exercise(const Options& o) {
    if (o.args.size() != 2) throw std::invalid_argument("usage: ./course new-exercise NN NAME");
    const std::string nn = o.args[0].size() == 1 ? "0" + o.args[0] : o.args[0], name = o.args[1];
    require_name(name);
    const std::string folder = chapter_folder(o.root, nn);
    const std::string stub_path = o.root + "/exercises/" + folder + "/" + name + ".cpp",
                      solution_path = o.root + "/solutions/" + folder + "/" + name + ".cpp",
                      manifest_path = o.root + "/exercises/manifest.txt",
                      test_path = o.root + "/tests/" + folder + "_test.cpp",
                      contract_path = o.root + "/src/contracts/" + folder + ".hpp";
    // every clash refused before anything is written
    for (const auto& e : load_manifest(manifest_path))
        if (e.name == name) throw std::invalid_argument("new-exercise: there is already an exercise " + name + " (exercises/" + e.file + ")");
    for (const auto& p : {stub_path, solution_path})
        if (fs::exists(p)) throw std::invalid_argument("new-exercise: " + p + " exists already");
    for (const auto& p : {test_path, contract_path})
        if (!fs::exists(p)) throw std::invalid_argument("new-exercise: chapter " + nn + " has no " + p);
    const std::string contract = read_file(contract_path), tests = read_file(test_path);
    const std::string close = "}  // namespace attn";
    const auto at = contract.rfind(close);
    if (at == std::string::npos) throw std::invalid_argument("new-exercise: " + contract_path + " does not end its namespace with '" + close + "'");
    if (tests.find("BOOST_AUTO_TEST_SUITE(" + name + ")") != std::string::npos)
        throw std::invalid_argument("new-exercise: " + test_path + " already has a suite " + name);

    write_new(stub_path, stub(name, folder, nn, false));
    write_new(solution_path, stub(name, folder, nn, true));
    std::ofstream(manifest_path, std::ios::binary) << manifest_with(read_file(manifest_path), folder, name);
    std::ofstream(contract_path, std::ios::binary) << contract.substr(0, at) + declaration(name, nn) + contract.substr(at);
    std::ofstream(test_path, std::ios::binary | std::ios::app) << suite(name);
    std::printf("new exercise %s of chapter %s:\n  exercises/%s/%s.cpp (the stub)\n  solutions/%s/%s.cpp (to fill in)\n"
                "  exercises/manifest.txt (its title and hints)\n  tests/%s_test.cpp (its suite)\n"
                "  src/contracts/%s.hpp (its declaration)\n"
                "next: CONTRIBUTING.md, \"Adding an exercise\" (the solution, the tests, then ./course docs)\n",
                name.c_str(), nn.c_str(), folder.c_str(), name.c_str(), folder.c_str(), name.c_str(), folder.c_str(),
                folder.c_str());
    return 0;
}

}  // namespace course
