# The checker, the course's commands and the benchmark, end to end (included by
# tests/CMakeLists.txt). The scripts drive ./course or coursectl in scratch copies or
# pseudo-terminals; each says at its top what it proves.

# The checker's promise in a scratch copy of the course: a broken exercise (does not
# compile, throws, crashes, loops, prints megabytes) fails alone. COST: ctest starts the
# longest tests first on a fresh tree, so that the suite does not end on one of them.
attn_script_test(checker.isolates_broken_exercises checker_isolation.sh "${CMAKE_SOURCE_DIR}" $<TARGET_FILE:coursectl>
                 LABELS checker slow ch01 PROPERTIES TIMEOUT 1800 COST 40)
# Misbehaving code (tests/hostile/rnn_step.cpp, in the way ATTN_HOSTILE names) through the
# checker's real containment, with bubblewrap and without: nothing leaks out.
# Each hostile file is compiled exactly like a learner's (an object library with
# attn_core's header, in CMakeFiles/hostile_src_NAME.dir, which coursectl check-program
# --objects looks over as it looks over a learner's) and linked like check_rnn_step.
if(NOT ATTN_SANITIZE)
  foreach(_h rnn_step forge_symbols forge_static_init forge_shadow forge_swap_report forge_interpose plant)
    add_library(hostile_src_${_h} OBJECT EXCLUDE_FROM_ALL "${CMAKE_CURRENT_SOURCE_DIR}/hostile/${_h}.cpp")
    target_link_libraries(hostile_src_${_h} PRIVATE attn_core)
    target_compile_options(hostile_src_${_h} PRIVATE ${ATTN_WARNINGS})
    attn_reuse_pch(hostile_src_${_h})
    attn_check_program(hostile_${_h} rnn_step hostile $<TARGET_OBJECTS:hostile_src_${_h}>)
  endforeach()
  attn_script_test(checker.contains_hostile_code checker_hostile.sh "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}"
                   $<TARGET_FILE:coursectl> $<TARGET_FILE:hostile_rnn_step> LABELS checker ch01
                   PROPERTIES TIMEOUT 600 COST 10 RESOURCE_LOCK hostile_user)
  # The attack kinds of tests/hostile/attacks.sh, in every mode, as root and as an
  # ordinary user (made for the test where it can be; skipped, and said, where not).
  foreach(_who root user)
    attn_script_test(checker.withstands_attacks_as_${_who} hostile/attacks.sh ${_who} "${CMAKE_SOURCE_DIR}"
                     "${CMAKE_BINARY_DIR}" $<TARGET_FILE:coursectl> LABELS checker ch01
                     PROPERTIES TIMEOUT 600 COST 10 SKIP_RETURN_CODE 77 RESOURCE_LOCK hostile_user)
    # The compile of a learner's file, hidden like its check (tests/hostile/guard_and_compile.sh),
    # as root and as an ordinary user, with bubblewrap and where it cannot run.
    attn_script_test(checker.guards_and_compiles_as_${_who} hostile/guard_and_compile.sh ${_who} "${CMAKE_SOURCE_DIR}"
                     "${CMAKE_BINARY_DIR}" $<TARGET_FILE:coursectl> LABELS checker ch01
                     PROPERTIES TIMEOUT 600 COST 10 SKIP_RETURN_CODE 77 RESOURCE_LOCK hostile_user)
    # Where nothing can contain a learner's code (no bubblewrap, no Landlock), every command
    # that would compile or run it refuses, changing nothing, unless --unsafe is given
    # (tests/hostile/no_sandbox.sh), through coursectl and ./course.
    attn_script_test(checker.refuses_without_a_sandbox_as_${_who} hostile/no_sandbox.sh ${_who} "${CMAKE_SOURCE_DIR}"
                     "${CMAKE_BINARY_DIR}" $<TARGET_FILE:coursectl> LABELS checker course ch01
                     PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77 RESOURCE_LOCK hostile_user)
  endforeach()
endif()
# ./course watch in a pseudo-terminal: a wrong save is diagnosed, h hints for the check that
# failed, a watch of one exercise or chapter ends once it is done, one of the course goes on.
# (the wrong version: one of the program of rnn_forward's versions, chosen by ATTN_VERSION)
if(TARGET versions_rnn_forward)
  attn_script_test(checker.watch_checks_on_save watch.sh "${CMAKE_SOURCE_DIR}" $<TARGET_FILE:coursectl>
                   $<TARGET_FILE:versions_rnn_forward> $<TARGET_FILE:test_01>
                   LABELS checker ch01 PROPERTIES TIMEOUT 120
                   ENVIRONMENT ATTN_VERSION=${ATTN_VERSION_rnn_forward__rnn_forgets_previous_state})
endif()
# Every `hint for CASE` of exercises/manifest.txt names a check that its exercise's suite has,
# as build/test_NN lists them: a case of test_coursectl that needs those programs built, so
# it runs here, named, and not in the `coursectl` run of the module.
add_test(NAME coursectl.case_hints_name_real_checks
         COMMAND test_coursectl --run_test=manifest/every_case_hint_names_a_check_of_its_suite)
set_tests_properties(coursectl.case_hints_name_real_checks PROPERTIES LABELS coursectl)
# Nothing lost: only `reset` writes exercises/, after a yes, keeping a backup (through
# ./course in a scratch clone; ./course asks ninja whether it is up to date, hence the lock).
attn_script_test(checker.nothing_lost nothing_lost.sh "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}"
                 LABELS checker PROPERTIES TIMEOUT 600 RESOURCE_LOCK cmake_build)

# A first build off the terminal says how far it is (a stand-in cmake plays the build).
attn_script_test(course.shows_build_progress course_progress.sh "${CMAKE_SOURCE_DIR}" LABELS course PROPERTIES TIMEOUT 60)
# Every ./course command refuses arguments it does not take (one line, before any work).
attn_script_test(bad_input.course_refuses_unknown_arguments course_arguments.sh "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}"
                 LABELS bad_input PROPERTIES RESOURCE_LOCK cmake_build)
# Paths on the command line are the learner's: relative to where ./course was typed.
attn_script_test(bad_input.course_paths_are_the_learners course_paths.sh "${CMAKE_SOURCE_DIR}" "${CMAKE_BINARY_DIR}"
                 LABELS bad_input PROPERTIES RESOURCE_LOCK cmake_build)
# A chapter program whose plots/ cannot be written says so once and still runs to the end
# (the folder sits under a regular file: even root cannot create it).
if(TARGET ch04)
  attn_run_test(bad_input.unwritable_plots_dir EXIT 0
                RUN $<TARGET_FILE:ch04> --quick --plots ${CMAKE_SOURCE_DIR}/README.md/plots --root ${CMAKE_SOURCE_DIR}
                EXPECT "What to notice" "cannot write figures into ${CMAKE_SOURCE_DIR}/README.md/plots"
                ONCE "cannot write figures" LABELS bad_input ch04)
endif()
# `./course plots` with a plots/ it cannot write: one line, exit 1, before any build.
attn_run_test(bad_input.course_plots_into_an_unwritable_dir EXIT 1
              RUN ${CMAKE_COMMAND} -E env COURSE_BUILD_DIR=${CMAKE_BINARY_DIR} COURSE_PLOTS_DIR=${CMAKE_SOURCE_DIR}/README.md/plots
                  ${CMAKE_SOURCE_DIR}/course plots
              EXPECT "course: no figures can be drawn: ${CMAKE_SOURCE_DIR}/README.md/plots is not writable" LABELS bad_input)

# The benchmark: a run (--quick, nothing timed is checked) leaves git status as it was;
# the server bench/pytorch_side.py times our training with; numbers it cannot read.
attn_script_test(bench.leaves_tree_clean bench_leaves_tree_clean.sh "${CMAKE_SOURCE_DIR}" $<TARGET_FILE:bench>
                 LABELS bench PROPERTIES TIMEOUT 300 COST 20)
attn_script_test(bench.serves_training bench_serve_training.sh $<TARGET_FILE:bench> LABELS bench bad_input
                 PROPERTIES TIMEOUT 120)
attn_run_test(bench.refuses_a_bad_build_seconds EXIT 1 RUN $<TARGET_FILE:bench> --build-seconds abc --no-plots
              EXPECT "--build-seconds needs a number of 0 or more; got 'abc'" LABELS bench bad_input)
attn_run_test(bench.refuses_a_bad_test_seconds EXIT 1 RUN $<TARGET_FILE:bench> --test-seconds 12s --no-plots
              EXPECT "--test-seconds needs a number of 0 or more; got '12s'" LABELS bench bad_input)
attn_run_test(bench.refuses_a_bad_shape EXIT 1 RUN $<TARGET_FILE:bench> --shape 64,x,64,64 --no-plots
              EXPECT "--shape needs four whole sizes from 1 to 1000000" LABELS bench bad_input)

# CONTRIBUTING.md's exercise checklist, followed in a scratch copy (its own build of chapter 03's checks).
attn_script_test(contributing.follows_the_exercise_checklist contributing.sh "${CMAKE_SOURCE_DIR}" $<TARGET_FILE:coursectl>
                 LABELS course slow PROPERTIES TIMEOUT 900 COST 30)
