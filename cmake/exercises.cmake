# exercises.cmake: the two bodies of every exercise, and the mixes programs link.
#
# Every exercises/NN_topic/NAME.cpp is an exercise of chapter NN (course_metadata.cmake);
# solutions/NN_topic/NAME.cpp is its reference. Each becomes an object library, sol_NAME
# and ex_NAME (the learner's: built only on request, warnings shown but never fatal,
# compiled within limits like those of its check and, where bubblewrap runs, inside it,
# cmake/bounded_compile.sh), so that any mix can be linked: "exercise E from the learner,
# everything else reference".
# Both link only attn_core: what a learner's result depends on is the bottom layer alone.
# The launcher compiles inside bubblewrap where it runs, seeing (read-only) the course, the
# exercises and the build folder, and writing only the object's folder.
set(_attn_launcher "${CMAKE_SOURCE_DIR}/cmake/bounded_compile.sh;${ATTN_COMPILE_LIMITS}")
foreach(_dir IN ITEMS "${CMAKE_SOURCE_DIR}" "${ATTN_EXERCISES_DIR}" "${CMAKE_BINARY_DIR}")
  list(APPEND _attn_launcher --see "${_dir}")
endforeach()
foreach(ex IN LISTS ATTN_EXERCISES)
  set(_sol "${CMAKE_SOURCE_DIR}/solutions/${EX_FILE_${ex}}")
  if(NOT EXISTS "${_sol}")
    message(FATAL_ERROR "exercises/${EX_FILE_${ex}} has no reference solution ${_sol}")
  endif()
  add_library(sol_${ex} OBJECT "${_sol}")
  target_link_libraries(sol_${ex} PRIVATE attn_core)
  target_compile_options(sol_${ex} PRIVATE ${ATTN_STRICT})
  attn_reuse_pch(sol_${ex})
  add_library(ex_${ex} OBJECT EXCLUDE_FROM_ALL "${ATTN_EXERCISES_DIR}/${EX_FILE_${ex}}")
  target_link_libraries(ex_${ex} PRIVATE attn_core)
  target_compile_options(ex_${ex} PRIVATE ${ATTN_WARNINGS})
  set_target_properties(ex_${ex} PROPERTIES CXX_COMPILER_LAUNCHER "${_attn_launcher}")
  attn_reuse_pch(ex_${ex})
endforeach()

# attn_objects(OUT MAX_CHAPTER [LEARNER ex...] [LEARNER_UP_TO NN] [EXCEPT ex...]): the
# objects of every exercise of chapters <= MAX_CHAPTER: the learner's for those named
# after LEARNER and for those of chapters <= LEARNER_UP_TO, none for those after
# EXCEPT, the reference for the rest.
function(attn_objects out max_chapter)
  cmake_parse_arguments(PARSE_ARGV 2 _a "" "LEARNER_UP_TO" "LEARNER;EXCEPT")
  set(_objs "")
  foreach(ex IN LISTS ATTN_EXERCISES)
    if(EX_CHAPTER_${ex} GREATER max_chapter OR ex IN_LIST _a_EXCEPT)
      continue()
    endif()
    if(ex IN_LIST _a_LEARNER OR (_a_LEARNER_UP_TO AND NOT EX_CHAPTER_${ex} GREATER _a_LEARNER_UP_TO))
      list(APPEND _objs $<TARGET_OBJECTS:ex_${ex}>)
    else()
      list(APPEND _objs $<TARGET_OBJECTS:sol_${ex}>)
    endif()
  endforeach()
  set(${out} "${_objs}" PARENT_SCOPE)
endfunction()

# attn_link_labs(TARGET NN): the labs of chapters <= NN (src/CMakeLists.txt).
function(attn_link_labs target nn)
  if(DEFINED ATTN_LABS_UP_TO_${nn})
    target_link_libraries(${target} PRIVATE ${ATTN_LABS_UP_TO_${nn}})
  else()  # a chapter with no lab of its own: the labs of the chapters before it
    set(_labs "")
    foreach(_c IN LISTS ATTN_LAB_CHAPTERS)
      if(NOT _c GREATER nn)
        set(_labs ${ATTN_LABS_UP_TO_${_c}})
      endif()
    endforeach()
    target_link_libraries(${target} PRIVATE ${_labs} attn_core)
  endif()
endfunction()
