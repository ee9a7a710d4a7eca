// SPDX-License-Identifier: Apache-2.0
#include "analysis/affine_text.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/options.h>

#include <cctype>

#include "support/c_text.h"
#include "support/error.h"
#include "support/text.h"

namespace loopscape {

isl::pw_aff parse_affine(const Program& program, const Statement& statement, const std::string& text,
                         const SourceLocation& where, const std::string& what) {
  const std::vector<std::string> its = statement.iterators();
  std::string allowed = "iterators " + join(its);
  if (!program.parameters.empty()) allowed += " and parameters " + join(program.parameters);
  auto refuse = [&](const std::string& why) {
    throw InputError(where, what + " '" + text + "' " + why + ": expected an affine expression of " + statement.name +
                                "'s " + allowed);
  };
  if (trimmed(text).empty()) refuse("is empty");
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ' ' || c == '+' || c == '-' ||
          c == '*' || c == '/' || c == '(' || c == ')'))
      refuse(std::string("holds '") + c + "'");
  // Identifiers must be iterators or parameters (isl would take others as errors too).
  for (std::size_t k = 0; k < text.size();) {
    if (std::isalpha(static_cast<unsigned char>(text[k])) || text[k] == '_') {
      std::size_t e = k;
      while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_')) ++e;
      const std::string id = text.substr(k, e - k);
      bool known = id == "floor";
      for (const std::string& s : its) known = known || s == id;
      for (const std::string& s : program.parameters) known = known || s == id;
      if (!known) refuse("uses '" + id + "'");
      k = e;
    } else {
      ++k;
    }
  }
  std::string params = program.parameters.empty() ? "" : "[" + join(program.parameters) + "] -> ";
  const std::string src = params + "{ " + statement.name + "[" + join(its) + "] -> [(" + text + ")] }";
  isl_ctx* ctx = program.ctx().get();
  const int old = isl_options_get_on_error(ctx);
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  isl_pw_aff* pa = isl_pw_aff_read_from_str(ctx, src.c_str());
  isl_options_set_on_error(ctx, old);
  if (!pa) {
    isl_ctx_reset_error(ctx);
    refuse("is not affine");
  }
  return isl::manage(pa);
}

}  // namespace loopscape
