# The C++ API reference, made by Doxygen from the public headers.
#
#   cmake --build build --target api-docs     # writes build/docs/api/index.html
#
# The target is not part of ALL. Without doxygen it is not defined, and
# configuring says how to install it.
find_package(Doxygen QUIET)
if(NOT DOXYGEN_FOUND)
  message(STATUS "Doxygen not found: no api-docs target (the C++ API reference); install it with `apt-get install doxygen`")
  return()
endif()

set(LOOPSCAPE_DOCS_OUTPUT_DIR ${PROJECT_BINARY_DIR}/docs)
# engine/api/*.h, the session, the Target interface and the target registry.
set(LOOPSCAPE_DOCS_EXTRA_HEADERS "")
foreach(_loopscape_header IN ITEMS engine/session/session.h engine/codegen/common/target.h
                                   engine/codegen/registry/registry.h)
  string(APPEND LOOPSCAPE_DOCS_EXTRA_HEADERS " \"${PROJECT_SOURCE_DIR}/${_loopscape_header}\"")
endforeach()
# The headers document declarations with // comments; docs/doxygen-filter.awk
# shows them to doxygen as /// comments (the files are not changed).
find_program(LOOPSCAPE_AWK NAMES awk mawk gawk)
if(LOOPSCAPE_AWK)
  set(LOOPSCAPE_DOCS_FILTER "${LOOPSCAPE_AWK} -f '${PROJECT_SOURCE_DIR}/docs/doxygen-filter.awk'")
else()
  set(LOOPSCAPE_DOCS_FILTER "")
endif()

configure_file(${PROJECT_SOURCE_DIR}/docs/Doxyfile.in ${LOOPSCAPE_DOCS_OUTPUT_DIR}/Doxyfile @ONLY)
add_custom_target(api-docs
  COMMAND Doxygen::doxygen ${LOOPSCAPE_DOCS_OUTPUT_DIR}/Doxyfile
  WORKING_DIRECTORY ${LOOPSCAPE_DOCS_OUTPUT_DIR}
  COMMENT "Writing the C++ API reference to ${LOOPSCAPE_DOCS_OUTPUT_DIR}/api/index.html"
  VERBATIM)
