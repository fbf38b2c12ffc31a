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

# Chapter 12's --translate on input that must be refused by name (issue 17):
# - what is not a small regular file, at once and without reading it (the
#   special files come from tools/attend/special_files.cmake);
# - a translation checkpoint of another model size, and one whose weights would
#   overflow softmax (tests/data/ch12/translation_*.ckpt: written by a script with
#   the chapter's vocabulary, d_model 2 and one head, one with a weight of 2^1000,
#   each sealed with its checksum);
# - the control tokens <s> and </s> given as words.
if(TARGET ch12)
  set(_ckpt "${CMAKE_BINARY_DIR}/checkpoints/12_translation.ckpt")
  function(attn_ch12_refusal name args expect)
    add_test(NAME ch12.${name}
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:ch12> "-DARGS=${args}" -DEXIT=2 "-DEXPECT=${expect}"
                     -P "${CMAKE_SOURCE_DIR}/tools/attend/expect_run.cmake")
    set_tests_properties(ch12.${name} PROPERTIES LABELS "ch12;bad_input" TIMEOUT 20 ${ARGN})
  endfunction()
  set(_special "${ATTN_SPECIAL_FILES}")
  set(_needs_special FIXTURES_REQUIRED attend_special_files)
  attn_ch12_refusal(refuses_a_checkpoint_larger_than_its_limit
    "--checkpoint|${_special}/zeros_1g.ckpt|--translate|the red car"
    "bad input: checkpoint ${_special}/zeros_1g.ckpt: is larger than 64 MiB; chapter 12's checkpoints take well under 1 MiB"
    ${_needs_special})
  attn_ch12_refusal(refuses_a_checkpoint_that_is_a_link_to_a_device
    "--checkpoint|${_special}/zero_link.ckpt|--translate|the red car"
    "bad input: checkpoint ${_special}/zero_link.ckpt: is a link to /dev/zero, a character device, not a regular file"
    ${_needs_special})
  attn_ch12_refusal(refuses_a_checkpoint_that_is_a_named_pipe
    "--checkpoint|${_special}/fifo.csv|--translate|the red car"
    "bad input: checkpoint ${_special}/fifo.csv: is a named pipe (FIFO), not a regular file" ${_needs_special})
  attn_ch12_refusal(refuses_a_checkpoint_of_another_model_size
    "--checkpoint|${CMAKE_SOURCE_DIR}/tests/data/ch12/translation_tiny.ckpt|--translate|the red car"
    "translation_tiny.ckpt does not fit chapter 12's translation model: checkpoint's model (d_model 2, 1 head (d_k 1, d_v 1), d_ff 2, 1+1 layers, vocabulary 100) differs from this one (d_model 32, 2 heads (d_k 16, d_v 16), d_ff 64, 1+1 layers, vocabulary 100)")
  attn_ch12_refusal(names_the_checkpoint_whose_weights_would_overflow
    "--checkpoint|${CMAKE_SOURCE_DIR}/tests/data/ch12/translation_huge_weight.ckpt|--translate|the red car"
    "bad input: checkpoint ${CMAKE_SOURCE_DIR}/tests/data/ch12/translation_huge_weight.ckpt: line 6: tensor embed holds 1.07e+301; weights beyond 1e6 in magnitude are refused")
  attn_ch12_refusal(refuses_control_tokens_as_words "--checkpoint|${_ckpt}|--translate|<s> the red car"
    "bad input: '<s>' marks where a sentence begins or ends; it cannot be a word to translate"
    FIXTURES_REQUIRED ch12_checkpoint)
  attn_ch12_refusal(refuses_the_end_token_as_a_word "--checkpoint|${_ckpt}|--translate|the red car </s>"
    "bad input: '</s>' marks where a sentence begins or ends" FIXTURES_REQUIRED ch12_checkpoint)
endif()

# Every test the README's table names exists (the sanitizer tree leaves some out).
if(NOT ATTN_SANITIZE)
  add_test(NAME bad_input.table_names_real_tests
           COMMAND ${CMAKE_COMMAND} "-DREADME=${CMAKE_SOURCE_DIR}/README.md" "-DBUILD=${CMAKE_BINARY_DIR}"
                   -P "${CMAKE_SOURCE_DIR}/tests/bad_input_table.cmake")
  set_tests_properties(bad_input.table_names_real_tests PROPERTIES LABELS "bad_input")
endif()

# Paths on the command line are the learner's: relative to where ./course was typed.
add_test(NAME bad_input.course_paths_are_the_learners
         COMMAND bash "${CMAKE_SOURCE_DIR}/tests/course_paths.sh" "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}")
set_tests_properties(bad_input.course_paths_are_the_learners PROPERTIES LABELS "bad_input" RESOURCE_LOCK cmake_build)
