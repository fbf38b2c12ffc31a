// Replays every committed fuzz input through its target, in the normal suite
// (built with g++, no libFuzzer): the seed corpus fuzz/corpus/<target>/ and the
// inputs that once broke something, fuzz/regressions/<target>/. A target that
// throws anything but what the course promises fails the case, naming the file.
#define BOOST_TEST_MODULE fuzz_replay
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_targets.hpp"

namespace fs = std::filesystem;

namespace {

using Target = int (*)(const std::uint8_t*, std::size_t);

std::vector<fs::path> inputs_of(const std::string& target, const std::string& kind) {
    std::vector<fs::path> files;
    const fs::path dir = fs::path(ATTN_FUZZ_DIR) / kind / target;
    if (fs::is_directory(dir))
        for (const auto& e : fs::directory_iterator(dir))
            if (e.is_regular_file() && e.path().filename().string()[0] != '.') files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Runs every input of one kind; returns how many there were.
std::size_t replay(const std::string& target, const std::string& kind, Target run) {
    const auto files = inputs_of(target, kind);
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        BOOST_TEST_CONTEXT("input " << kind << "/" << target << "/" << f.filename().string()) {
            BOOST_CHECK_NO_THROW(run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
        }
    }
    return files.size();
}

}  // namespace

BOOST_AUTO_TEST_CASE(attend_csv_handles_its_corpus_and_past_crashes) {
    BOOST_TEST(replay("attend_csv", "corpus", attn_fuzz::attend_csv) >= 5u, "the seed corpus went missing");
    replay("attend_csv", "regressions", attn_fuzz::attend_csv);
}

BOOST_AUTO_TEST_CASE(softmax_rows_handles_its_corpus_and_past_crashes) {
    BOOST_TEST(replay("softmax_rows", "corpus", attn_fuzz::softmax_rows) >= 5u, "the seed corpus went missing");
    replay("softmax_rows", "regressions", attn_fuzz::softmax_rows);
}

BOOST_AUTO_TEST_CASE(checkpoint_handles_its_corpus_and_past_crashes) {
    BOOST_TEST(replay("checkpoint", "corpus", attn_fuzz::checkpoint) >= 5u, "the seed corpus went missing");
    replay("checkpoint", "regressions", attn_fuzz::checkpoint);
}

BOOST_AUTO_TEST_CASE(bounded_read_handles_its_corpus_and_past_crashes) {
    BOOST_TEST(replay("bounded_read", "corpus", attn_fuzz::bounded_read) >= 5u, "the seed corpus went missing");
    replay("bounded_read", "regressions", attn_fuzz::bounded_read);
}
