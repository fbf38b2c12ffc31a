# Run at build time (CMakeLists.txt, "mistakes"): the link options that make one
# wrong implementation of an exercise stand in for the reference.
#
# All wrong implementations of exercise E compile as one unit, each in a namespace
# of its own (attn_m0, attn_m1, ...: see CMakeLists.txt). For variant K this writes
# OUT_DIR/K.rsp, a response file of the compiler driver, with one
#   -Wl,--defsym=<attn::f>=<attn_mK::f>
# per function the reference object SOL defines in namespace attn and variant K
# defines too: the linker then resolves every call of attn::f to the wrong one.
# Arguments: -DNM=nm -DCXXFILT=c++filt -DSOL=reference object -DVARIANTS=variants' object
#            -DCOUNT=N -DOUT_DIR=dir
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
foreach(_v NM CXXFILT SOL VARIANTS COUNT OUT_DIR)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "mistake_aliases.cmake needs -D${_v}=...")
  endif()
endforeach()
# "F(argument types)" -> mangled name, for the functions OBJECT defines directly in
# namespace NS (NS::F, not NS::X::F). The two sides are matched on their demangled
# names, because their mangled ones differ in more than the namespace: a parameter of
# a type of attn (attn::AdamConstants) is abbreviated in attn::f but not in attn_mK::f.
function(functions_in object ns out_keys out_names)
  execute_process(COMMAND "${NM}" -P --defined-only "${object}" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${object} failed: ${err}")
  endif()
  string(REGEX MATCHALL "(^|\n)_Z[^ \n]* T" lines "${text}")
  set(mangled "")
  foreach(l IN LISTS lines)
    string(REGEX REPLACE "^\n?([^ ]*) T$" "\\1" name "${l}")
    list(APPEND mangled "${name}")
  endforeach()
  string(REPLACE ";" "\n" list_text "${mangled}")
  file(WRITE "${OUT_DIR}/names.${ns}.txt" "${list_text}\n")
  execute_process(COMMAND "${CXXFILT}" INPUT_FILE "${OUT_DIR}/names.${ns}.txt" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE demangled ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CXXFILT} failed: ${err}")
  endif()
  file(REMOVE "${OUT_DIR}/names.${ns}.txt")
  string(REPLACE ";" "\\;" demangled "${demangled}")
  string(REPLACE "\n" ";" demangled "${demangled}")
  set(keys "")
  set(names "")
  set(i 0)
  foreach(d IN LISTS demangled)
    list(LENGTH mangled n)
    if(i LESS n AND d MATCHES "^${ns}::([A-Za-z_][A-Za-z_0-9]*\\(.*)$")
      list(GET mangled ${i} m)
      list(APPEND keys "${CMAKE_MATCH_1}")
      list(APPEND names "${m}")
    endif()
    math(EXPR i "${i} + 1")
  endforeach()
  set(${out_keys} "${keys}" PARENT_SCOPE)
  set(${out_names} "${names}" PARENT_SCOPE)
endfunction()

functions_in("${SOL}" attn ref_keys ref_names)
if(NOT ref_keys)
  message(FATAL_ERROR "${SOL} defines no function in namespace attn")
endif()
list(LENGTH ref_keys n_ref)
math(EXPR last_ref "${n_ref} - 1")
math(EXPR last "${COUNT} - 1")
foreach(k RANGE ${last})
  functions_in("${VARIANTS}" "attn_m${k}" keys names)
  set(options "")
  foreach(r RANGE ${last_ref})
    list(GET ref_keys ${r} key)
    list(FIND keys "${key}" at)
    if(NOT at EQUAL -1)
      list(GET ref_names ${r} real)
      list(GET names ${at} variant)
      string(APPEND options "-Wl,--defsym=${real}=${variant}\n")
    endif()
  endforeach()
  if(options STREQUAL "")
    message(FATAL_ERROR "variant ${k} (namespace attn_m${k}) defines none of the functions of ${SOL}")
  endif()
  file(CONFIGURE OUTPUT "${OUT_DIR}/${k}.rsp" CONTENT "${options}" @ONLY)  # rewritten only when it changes
endforeach()
