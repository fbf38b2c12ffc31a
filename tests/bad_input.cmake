# The README's table "What happens on bad input": the cases not already tested
# elsewhere (the table names each row's test). Included from CMakeLists.txt.

# Library functions on non-finite, extreme, empty and wrongly shaped input.
attn_boost_test(bad_input.library "${CMAKE_SOURCE_DIR}/tests/bad_input_test.cpp" LABELS bad_input)

# A chapter program whose plots/ cannot be written: one line saying so (on
# stderr, so after the output here), and the chapter still runs to the end
# (exit 0). The directory sits under a regular file: even root cannot create it.
if(TARGET ch04)
  add_test(NAME bad_input.unwritable_plots_dir
           COMMAND ${CMAKE_COMMAND} "-DEXE=$<TARGET_FILE:ch04>"
                   "-DARGS=--quick|--plots|${CMAKE_SOURCE_DIR}/README.md/plots|--root|${CMAKE_SOURCE_DIR}" -DEXIT=0
                   "-DEXPECT=What to notice|cannot write figures into ${CMAKE_SOURCE_DIR}/README.md/plots"
                   -DONCE=cannot write figures -P "${CMAKE_SOURCE_DIR}/tools/attend/expect_run.cmake")
  set_tests_properties(bad_input.unwritable_plots_dir PROPERTIES LABELS "bad_input;ch04")
endif()

# Nothing lost: only `reset` writes exercises/, after a yes, keeping a backup.
# Through ./course in a scratch clone, with this tree's coursectl (./course asks
# ninja whether it is up to date, hence the lock shared with the stub tests).
add_test(NAME checker.nothing_lost
         COMMAND bash "${CMAKE_SOURCE_DIR}/tests/nothing_lost.sh" "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}")
set_tests_properties(checker.nothing_lost PROPERTIES LABELS "checker" TIMEOUT 600 RESOURCE_LOCK cmake_build)

# `./course plots` with a plots/ it cannot write: one line, exit 1, before any build.
add_test(NAME bad_input.course_plots_into_an_unwritable_dir
         COMMAND ${CMAKE_COMMAND} -E env COURSE_BUILD_DIR=${CMAKE_BINARY_DIR}
                 COURSE_PLOTS_DIR=${CMAKE_SOURCE_DIR}/README.md/plots
                 ${CMAKE_COMMAND} "-DEXE=${CMAKE_SOURCE_DIR}/course" -DARGS=plots -DEXIT=1
                 "-DEXPECT=course: no figures can be drawn: ${CMAKE_SOURCE_DIR}/README.md/plots is not writable"
                 -P "${CMAKE_SOURCE_DIR}/tools/attend/expect_run.cmake")
set_tests_properties(bad_input.course_plots_into_an_unwritable_dir PROPERTIES LABELS "bad_input")

# Every ./course command refuses arguments it does not take (one line, before any work).
add_test(NAME bad_input.course_refuses_unknown_arguments
         COMMAND bash "${CMAKE_SOURCE_DIR}/tests/course_arguments.sh" "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}")
set_tests_properties(bad_input.course_refuses_unknown_arguments PROPERTIES LABELS "bad_input" RESOURCE_LOCK cmake_build)
