# What the course consists of, read from the files themselves (one reader of each fact).
#
#   attn_find_exercises(ROOT)   every exercises/NN_topic/NAME.cpp is an exercise:
#                               sets ATTN_EXERCISES (names), EX_CHAPTER_<name> (NN)
#                               and EX_FILE_<name> (NN_topic/NAME.cpp)
# The order, titles and hints of exercises are exercises/manifest.txt's, read by
# coursectl alone; its test requires that the manifest and the files agree.

macro(attn_find_exercises _root)
  if(CMAKE_SCRIPT_MODE_FILE)  # cmake -P: nothing to re-configure
    file(GLOB _attn_ex_files RELATIVE "${_root}/exercises" "${_root}/exercises/[0-9][0-9]_*/*.cpp")
  else()  # the build: a new exercise file re-runs cmake
    file(GLOB _attn_ex_files RELATIVE "${_root}/exercises" CONFIGURE_DEPENDS "${_root}/exercises/[0-9][0-9]_*/*.cpp")
  endif()
  list(SORT _attn_ex_files)
  set(ATTN_EXERCISES "")
  foreach(_f IN LISTS _attn_ex_files)
    get_filename_component(_name "${_f}" NAME_WE)
    string(SUBSTRING "${_f}" 0 2 _ch)
    if(DEFINED EX_FILE_${_name} AND NOT EX_FILE_${_name} STREQUAL _f)
      message(FATAL_ERROR "two exercises are named '${_name}': ${EX_FILE_${_name}} and ${_f}")
    endif()
    list(APPEND ATTN_EXERCISES "${_name}")
    set(EX_CHAPTER_${_name} "${_ch}")
    set(EX_FILE_${_name} "${_f}")
  endforeach()
endmacro()
