# Chapter 12's tests beyond its module (included by tests/CMakeLists.txt): training to
# its targets, the command line, the refusals of bad checkpoints and words, the proof
# that the model runs the learner's functions, and the comparison with PyTorch.
if(NOT TARGET ch12)
  return()
endif()
set(_ckpt "${CMAKE_BINARY_DIR}/checkpoints/12_translation.ckpt")
set(_bad "${CMAKE_SOURCE_DIR}/tests/data/ch12")
set(_special "${CMAKE_BINARY_DIR}/special-files")  # made by attend.make_special_files (attend.cmake)
set_tests_properties(ch12.program_runs PROPERTIES FIXTURES_SETUP ch12_checkpoint COST 15)
set_tests_properties(ch12.runs_without_gnuplot PROPERTIES COST 15)

# The module's `training` suite is left out of ch12.solutions_pass and run here on its
# own: reversal trains; translation is judged on the model ch12.program_runs saved.
add_test(NAME ch12.trains_to_target COMMAND test_12 --run_test=training --log_level=message -- --checkpoint "${_ckpt}")
set_tests_properties(ch12.trains_to_target PROPERTIES LABELS "ch12;slow" TIMEOUT 600 COST 30 FIXTURES_REQUIRED ch12_checkpoint)

# ch12_cli(NAME EXIT ARGS... EXPECT texts... [PROPERTIES ...]): chapter 12's program on the command line.
function(ch12_cli name exit)
  cmake_parse_arguments(PARSE_ARGV 2 _c "" "MAX_OUTPUT" "ARGS;EXPECT;PROPERTIES;LABELS")
  set(_max "")
  if(DEFINED _c_MAX_OUTPUT)
    set(_max MAX_OUTPUT ${_c_MAX_OUTPUT})
  endif()
  if(NOT _c_LABELS)
    set(_c_LABELS ch12)
  endif()
  attn_run_test(ch12.${name} EXIT ${exit} RUN $<TARGET_FILE:ch12> ${_c_ARGS} EXPECT ${_c_EXPECT} ${_max}
                LABELS ${_c_LABELS} PROPERTIES ${_c_PROPERTIES})
endfunction()
set(_needs_checkpoint FIXTURES_REQUIRED ch12_checkpoint)
set(_needs_special FIXTURES_REQUIRED attend_special_files)
# the reference's and the learner's checkpoints apart, and --translate saying whose it used
attn_script_test(ch12.cli_keeps_checkpoints_apart_and_says_whose ch12_cli.sh $<TARGET_FILE:ch12> "${_ckpt}" "${CMAKE_SOURCE_DIR}"
                 LABELS ch12 PROPERTIES ${_needs_checkpoint} TIMEOUT 300)

ch12_cli(translates_from_its_checkpoint 0 ARGS --checkpoint ${_ckpt} --translate "I love LLMs"
         EXPECT "translating with the reference's model" "I love LLMs  ->  j'aime les LLMs" "the model agrees"
         PROPERTIES ${_needs_checkpoint})
ch12_cli(names_an_unknown_word 2 ARGS --checkpoint ${_ckpt} --translate "the purple car"
         EXPECT "bad input: 'purple' is not a word this model knows" PROPERTIES ${_needs_checkpoint})
ch12_cli(says_how_to_get_a_checkpoint 2 ARGS --checkpoint ${CMAKE_BINARY_DIR}/no/such.ckpt --translate "she loves the red car"
         EXPECT "no saved model at" "run ./course run 12 once")
ch12_cli(refuses_an_empty_checkpoint_name 2 ARGS --checkpoint @EMPTY@ --translate "the red car"
         EXPECT "bad input: --checkpoint needs a file name; it was given an empty one")
ch12_cli(refuses_an_empty_checkpoint_name_before_training 2 ARGS --checkpoint @EMPTY@ --no-plots
         EXPECT "bad input: --checkpoint needs a file name; it was given an empty one")
# --steps that is not a count from 1 to 1000000: refused by name before any work (only the refusal is printed)
foreach(_steps ten 0 -5 2.5 99999999999999999999)
  string(MAKE_C_IDENTIFIER "${_steps}" _id)
  ch12_cli(refuses_bad_steps_${_id} 2 ARGS --no-plots --steps ${_steps} MAX_OUTPUT 200 LABELS ch12 bad_input
           EXPECT "bad input: --steps takes a whole number of training steps from 1 to 1000000; got '${_steps}'")
endforeach()
ch12_cli(refuses_a_file_that_is_not_a_checkpoint 2 ARGS --checkpoint ${CMAKE_SOURCE_DIR}/README.md --translate "the red car"
         EXPECT "README.md: is not a checkpoint of this course")
ch12_cli(refuses_a_truncated_checkpoint 2 ARGS --checkpoint ${_bad}/truncated.ckpt --translate "the red car"
         EXPECT "truncated.ckpt: is truncated")
ch12_cli(refuses_a_corrupt_checkpoint 2 ARGS --checkpoint ${_bad}/corrupt.ckpt --translate "the red car"
         EXPECT "corrupt.ckpt: is corrupt")
ch12_cli(refuses_a_checkpoint_of_the_one_head_model 2 ARGS --checkpoint ${_bad}/one_head_format1.ckpt --translate "the red car"
         EXPECT "one_head_format1.ckpt: was saved by an older version of chapter 12 (format 1, a model with one head)"
                "run ./course run 12 to train and save a new one")
ch12_cli(refuses_a_checkpoint_of_another_task 2 ARGS --checkpoint ${_bad}/reversal_tiny.ckpt --translate "the red car"
         EXPECT "is for task 'reversal', not 'translation'")
# what is not a small regular file, refused at once and without reading it
ch12_cli(refuses_a_checkpoint_larger_than_its_limit 2 ARGS --checkpoint ${_special}/zeros_1g.ckpt --translate "the red car"
         EXPECT "bad input: checkpoint ${_special}/zeros_1g.ckpt: is larger than 64 MiB; chapter 12's checkpoints take well under 1 MiB"
         LABELS ch12 bad_input PROPERTIES ${_needs_special} TIMEOUT 20)
ch12_cli(refuses_a_checkpoint_that_is_a_link_to_a_device 2 ARGS --checkpoint ${_special}/zero_link.ckpt --translate "the red car"
         EXPECT "bad input: checkpoint ${_special}/zero_link.ckpt: is a link to /dev/zero, a character device, not a regular file"
         LABELS ch12 bad_input PROPERTIES ${_needs_special} TIMEOUT 20)
ch12_cli(refuses_a_checkpoint_that_is_a_named_pipe 2 ARGS --checkpoint ${_special}/fifo.csv --translate "the red car"
         EXPECT "bad input: checkpoint ${_special}/fifo.csv: is a named pipe (FIFO), not a regular file"
         LABELS ch12 bad_input PROPERTIES ${_needs_special} TIMEOUT 20)
# a checkpoint of another model size, and one whose weights would overflow softmax
# (tests/data/ch12/translation_*.ckpt: the chapter's vocabulary, d_model 2 and one head,
# one with a weight of 2^1000, each sealed with its checksum)
ch12_cli(refuses_a_checkpoint_of_another_model_size 2 ARGS --checkpoint ${_bad}/translation_tiny.ckpt --translate "the red car"
         EXPECT "translation_tiny.ckpt does not fit chapter 12's translation model: checkpoint's model (d_model 2, 1 head (d_k 1, d_v 1), d_ff 2, 1+1 layers, vocabulary 100) differs from this one (d_model 32, 2 heads (d_k 16, d_v 16), d_ff 64, 1+1 layers, vocabulary 100)"
         LABELS ch12 bad_input)
ch12_cli(names_the_checkpoint_whose_weights_would_overflow 2
         ARGS --checkpoint ${_bad}/translation_huge_weight.ckpt --translate "the red car"
         EXPECT "bad input: checkpoint ${_bad}/translation_huge_weight.ckpt: line 6: tensor embed holds 1.07e+301; weights beyond 1e6 in magnitude are refused"
         LABELS ch12 bad_input)
# the control tokens given as words
ch12_cli(refuses_control_tokens_as_words 2 ARGS --checkpoint ${_ckpt} --translate "<s> the red car"
         EXPECT "bad input: '<s>' marks where a sentence begins or ends; it cannot be a word to translate"
         LABELS ch12 bad_input PROPERTIES ${_needs_checkpoint})
ch12_cli(refuses_the_end_token_as_a_word 2 ARGS --checkpoint ${_ckpt} --translate "the red car </s>"
         EXPECT "bad input: '</s>' marks where a sentence begins or ends" LABELS ch12 bad_input PROPERTIES ${_needs_checkpoint})

# With one function's stub in place of its reference (chapters/CMakeLists.txt,
# ch12_stub_E), the program must stop at that function: the model calls it.
if(NOT ATTN_SANITIZE)
  foreach(ex IN LISTS ATTN_CH12_STUBS)
    attn_script_test(ch12.runs_learner_code.${ex} runs_learner_code.sh ${ex} "${ATTN_EXERCISES_DIR}/${EX_FILE_${ex}}"
                     "${CMAKE_BINARY_DIR}" $<TARGET_FILE:ch12_stub_${ex}>
                     LABELS ch12 stubs PROPERTIES RESOURCE_LOCK cmake_build SKIP_RETURN_CODE 77)
  endforeach()
endif()

# Chapter 12's model against PyTorch's answers on the same weights (src/model/parity.hpp):
# the committed fixture tests/data/parity/ (made by bench/parity.py) on every run, without
# PyTorch installed. The module is compiled once and linked twice: on the reference
# solutions, where it must pass, and around a deliberately wrong attention (its scale
# 1e-4 off), where it must fail, naming the logits first.
add_library(test_parity_obj OBJECT "${CMAKE_CURRENT_SOURCE_DIR}/parity/parity_test.cpp")
target_link_libraries(test_parity_obj PRIVATE attn_core)
target_compile_definitions(test_parity_obj PRIVATE ATTN_PARITY_DIR="${CMAKE_SOURCE_DIR}/tests/data/parity")
target_include_directories(test_parity_obj PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}")
target_compile_options(test_parity_obj PRIVATE ${ATTN_STRICT})
attn_check_code(test_parity_obj)
attn_objects(_reference 99)
attn_objects(_all_but_attention 99 EXCEPT scaled_dot_product_attention)
add_executable(test_parity $<TARGET_OBJECTS:test_parity_obj> ${_reference})
add_executable(test_parity_wrong_attention_scale $<TARGET_OBJECTS:test_parity_obj>
               "${CMAKE_CURRENT_SOURCE_DIR}/parity/wrong_attention_scale.cpp" ${_all_but_attention})
foreach(_p test_parity test_parity_wrong_attention_scale)
  target_link_libraries(${_p} PRIVATE attn_model attn_core)
  attn_check_code(${_p})
endforeach()
add_test(NAME ch12.matches_pytorch COMMAND test_parity)
add_test(NAME ch12.parity_catches_a_wrong_attention_scale
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:test_parity_wrong_attention_scale> "-DARGS=--run_test=matches_pytorch"
                 "-DFIRST=parity: logits differ from PyTorch's at (" "-DALSO=parity: the gradient of |parity: the Adam step of "
                 -P "${CMAKE_CURRENT_SOURCE_DIR}/parity/expect_disagreement.cmake")
# what ./course verify prints without PyTorch, and a folder without the inputs
attn_run_test(ch12.parity_tool_compares_the_committed_fixture EXIT 0 RUN $<TARGET_FILE:parity> compare ${CMAKE_SOURCE_DIR}/tests/data/parity
              EXPECT "reference made by PyTorch" "logits" "loss" "dec1.cross.W_o" "decodes: greedy 3 of 3 identical"
                     "parity: every answer of the course's model agrees with PyTorch's" LABELS ch12 parity)
attn_run_test(ch12.parity_tool_names_a_missing_input EXIT 2 RUN $<TARGET_FILE:parity> compare ${CMAKE_BINARY_DIR}/no/such/folder
              EXPECT "parity: bad input: checkpoint ${CMAKE_BINARY_DIR}/no/such/folder/model.ckpt: cannot open" LABELS ch12 parity)
set_tests_properties(ch12.matches_pytorch ch12.parity_catches_a_wrong_attention_scale PROPERTIES LABELS "ch12;parity")
