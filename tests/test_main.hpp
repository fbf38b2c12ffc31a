// test_main.hpp: the entry point of a Boost.Test module, named by ATTN_TEST_MAIN(name).
//
// Boost.Test writes main() and the module's init function inside
// <boost/test/unit_test.hpp> when BOOST_TEST_MODULE is defined before that header is
// read. The test modules read the header from a precompiled header (attn_check_pch,
// CMakeLists.txt), which comes before the first line of the file, so a define there
// would come too late; this macro writes the same two functions by hand. It works the
// same where the header is not precompiled (the sanitizer tree, the scratch copies).
#pragma once

#include <boost/test/unit_test.hpp>

#ifndef BOOST_TEST_DYN_LINK
#error "test_main.hpp: the test modules link Boost.Test as a shared library (BOOST_TEST_DYN_LINK)"
#endif

#define ATTN_TEST_MAIN(name)                                                                  \
    bool init_unit_test() {                                                                   \
        boost::unit_test::framework::master_test_suite().p_name.value = #name;                \
        return true;                                                                          \
    }                                                                                         \
    int main(int argc, char* argv[]) { return boost::unit_test::unit_test_main(&init_unit_test, argc, argv); }
