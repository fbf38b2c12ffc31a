# ch12.runs_learner_code.E: chapter 12's model is built from the chapters'
# attention functions, so that ./course run 12 --mine runs the learner's code.
# The program ch12_stub_E links every reference solution except E, whose stub
# (exercises/...) it takes instead; it must stop at E's first call with
#   not implemented yet: E
# Arguments: -DEX=name -DSTUB=path of E's exercise file -DBUILD=build dir -DEXE=program
# A stub the learner has already filled in is skipped (exit 77), except under CI,
# where exercises/ must be untouched.
file(READ "${STUB}" text)
string(FIND "${text}" "throw NotImplemented(\"${EX}\"" at)
if(at EQUAL -1)
  if(DEFINED ENV{CI})
    message(FATAL_ERROR "${STUB} is not the untouched stub of ${EX} (under CI it must be)")
  endif()
  message("${STUB} is no longer a stub: skipped")
  # cmake -P has no exit code of its own choosing; ctest reads this line instead
  message("ATTN_SKIP")
  return()
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD}" --target "ch12_stub_${EX}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building ch12_stub_${EX} failed:\n${out}")
endif()
execute_process(COMMAND "${EXE}" --no-plots --quick RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                TIMEOUT 120)
string(FIND "${err}" "not implemented yet: ${EX} (" at)
if(NOT rc EQUAL 3 OR at EQUAL -1)
  message(FATAL_ERROR "with ${EX} left a stub, chapter 12 should stop (exit 3) with 'not implemented yet: ${EX}'; "
                      "it exited ${rc}, saying:\n${err}\n(the model does not call ${EX}: is a layer computing "
                      "attention some other way?)")
endif()
message("stopped as it should: ${err}")
