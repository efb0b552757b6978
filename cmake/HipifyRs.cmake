# HipifyRs.cmake: translate CUDA sources to HIP with hipify-rs as a build step.
#
#   include(HipifyRs)          # with this directory on CMAKE_MODULE_PATH
#   hipify_rs_translate(<out_var>
#                       SOURCES <file>...
#                       [OUTPUT_DIR <dir>]         # default: ${CMAKE_CURRENT_BINARY_DIR}/hipify
#                       [HIP_VERSION <x.y>]        # hipify-rs --hip-version
#                       [OPTIONS <arg>...]         # more hipify-rs arguments (--roc, --fix …)
#                       [QUIET])                   # no diagnostics in the build log
#
# Sets <out_var> to the translated files (same relative paths under OUTPUT_DIR;
# headers too, so `#include "x.h"` finds the translated one next to it) and
# <out_var>_TARGET to a custom target that produces them. Translated `.cu`
# files get `LANGUAGE HIP`. Use them like this:
#
#   hipify_rs_translate(HIP_SRCS SOURCES src/saxpy.cu src/saxpy.h src/main.cpp)
#   add_executable(app ${HIP_SRCS})
#   add_dependencies(app ${HIP_SRCS_TARGET})
#   target_include_directories(app PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/hipify/src)
#
# One custom command per file, so only the files that changed are translated
# again. Each command's OUTPUT is a stamp file, touched on every run, and the
# translation is its BYPRODUCT: hipify-rs leaves an output whose content would
# not change untouched (its mtime stays), so a source that was saved without a
# change, or whose change leaves the translation the same, recompiles nothing,
# and the stamp, newer than the source, stops the command from running again
# on the next build (an output older than its input would otherwise re-run it
# on every build). Each command also depends on the hipify-rs executable, so a
# new hipify-rs translates everything again.
#
# hipify-rs is found as HIPIFY_RS_EXECUTABLE (set it, or have `hipify-rs` on PATH).

include_guard(GLOBAL)

find_program(HIPIFY_RS_EXECUTABLE hipify-rs DOC "hipify-rs, the CUDA to HIP translator")

function(hipify_rs_translate out_var)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "QUIET" "OUTPUT_DIR;HIP_VERSION" "SOURCES;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hipify_rs_translate: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "hipify_rs_translate: no SOURCES")
  endif()
  if(NOT HIPIFY_RS_EXECUTABLE)
    message(FATAL_ERROR "hipify_rs_translate: hipify-rs not found; set HIPIFY_RS_EXECUTABLE")
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/hipify")
  endif()
  set(args ${ARG_OPTIONS})
  if(ARG_HIP_VERSION)
    list(APPEND args --hip-version ${ARG_HIP_VERSION})
  endif()
  if(ARG_QUIET)
    list(APPEND args --quiet)
  endif()

  set(outputs)
  set(stamps)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    file(RELATIVE_PATH rel "${CMAKE_CURRENT_SOURCE_DIR}" "${abs}")
    if(rel MATCHES "^\\.\\./" OR IS_ABSOLUTE "${rel}")
      get_filename_component(rel "${abs}" NAME)
    endif()
    set(out "${ARG_OUTPUT_DIR}/${rel}")
    set(stamp "${ARG_OUTPUT_DIR}/.stamps/${rel}.stamp")
    get_filename_component(out_dir "${out}" DIRECTORY)
    get_filename_component(stamp_dir "${stamp}" DIRECTORY)
    add_custom_command(
      OUTPUT "${stamp}"
      BYPRODUCTS "${out}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${out_dir}" "${stamp_dir}"
      COMMAND "${HIPIFY_RS_EXECUTABLE}" ${args} -o "${out}" "${abs}"
      COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
      DEPENDS "${abs}" "${HIPIFY_RS_EXECUTABLE}"
      COMMENT "hipify-rs ${rel}"
      VERBATIM)
    if(rel MATCHES "\\.cu$")
      set_source_files_properties("${out}" PROPERTIES LANGUAGE HIP)
    endif()
    list(APPEND outputs "${out}")
    list(APPEND stamps "${stamp}")
  endforeach()

  string(MAKE_C_IDENTIFIER "hipify_rs_${out_var}" target)
  if(NOT TARGET ${target})
    add_custom_target(${target} DEPENDS ${stamps})
  endif()
  set(${out_var} ${outputs} PARENT_SCOPE)
  set(${out_var}_TARGET ${target} PARENT_SCOPE)
endfunction()
