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
cmake_policy(SET CMP0007 NEW)  # list() keeps empty elements (c++filt's last line is one)
foreach(_v NM CXXFILT SOL VARIANTS COUNT OUT_DIR)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "mistake_aliases.cmake needs -D${_v}=...")
  endif()
endforeach()
# "F(argument types)" -> mangled name, for the functions OBJECT defines directly in
# each namespace NS of NAMESPACES (NS::F, not NS::X::F): <prefix>_keys_<NS> and
# <prefix>_names_<NS> in the caller's scope. The two sides are matched on their
# demangled names, because their mangled ones differ in more than the namespace: a
# parameter of a type of attn (attn::AdamConstants) is abbreviated in attn::f but not
# in attn_mK::f. One nm and one c++filt per object, whatever the number of namespaces.
function(functions_in object namespaces prefix)
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
  file(WRITE "${OUT_DIR}/names.${prefix}.txt" "${list_text}\n")
  execute_process(COMMAND "${CXXFILT}" INPUT_FILE "${OUT_DIR}/names.${prefix}.txt" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE demangled ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CXXFILT} failed: ${err}")
  endif()
  file(REMOVE "${OUT_DIR}/names.${prefix}.txt")
  string(REPLACE ";" "\\;" demangled "${demangled}")
  string(REPLACE "\n" ";" demangled "${demangled}")
  list(LENGTH mangled n)
  list(SUBLIST demangled 0 ${n} demangled)  # c++filt's output ends with a newline
  foreach(ns IN LISTS namespaces)
    set(keys_${ns} "")
    set(names_${ns} "")
  endforeach()
  foreach(d m IN ZIP_LISTS demangled mangled)
    if(d MATCHES "^([A-Za-z_][A-Za-z_0-9]*)::([A-Za-z_][A-Za-z_0-9]*\\(.*)$" AND CMAKE_MATCH_1 IN_LIST namespaces)
      list(APPEND keys_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
      list(APPEND names_${CMAKE_MATCH_1} "${m}")
    endif()
  endforeach()
  foreach(ns IN LISTS namespaces)
    set(${prefix}_keys_${ns} "${keys_${ns}}" PARENT_SCOPE)
    set(${prefix}_names_${ns} "${names_${ns}}" PARENT_SCOPE)
  endforeach()
endfunction()

functions_in("${SOL}" attn ref)
set(ref_keys "${ref_keys_attn}")
set(ref_names "${ref_names_attn}")
if(NOT ref_keys)
  message(FATAL_ERROR "${SOL} defines no function in namespace attn")
endif()
list(LENGTH ref_keys n_ref)
math(EXPR last_ref "${n_ref} - 1")
math(EXPR last "${COUNT} - 1")
set(variant_namespaces "")
foreach(k RANGE ${last})
  list(APPEND variant_namespaces "attn_m${k}")
endforeach()
functions_in("${VARIANTS}" "${variant_namespaces}" var)
foreach(k RANGE ${last})
  set(keys "${var_keys_attn_m${k}}")
  set(names "${var_names_attn_m${k}}")
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
