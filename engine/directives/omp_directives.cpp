// SPDX-License-Identifier: Apache-2.0
#include "directives/omp_directives.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "support/c_text.h"
#include "support/text.h"

namespace loopscape {
namespace {

// A loop of the source, as the C front-end found it.
struct SourceLoop {
  std::string name;
  SourceLocation where;
  int depth = 0;                 // 1-based
  std::map<int, int> body;       // item index -> child loop id, or -1 for a statement
  std::set<std::string> statements;  // every statement inside
};

// The directives stacked above one `for` of the source, and the loops the
// nest below them has now, outermost first (what the next directive applies to).
struct Stack {
  int loop = 0;                      // the source loop the directives stand above
  std::vector<std::string> visible;  // loop names, outermost first
  std::vector<int> source_ids;       // the source loop of each visible one, or -1 for a made one
  std::vector<int> origins;          // the source loop each visible one comes from (a tile loop: the tiled one)
  std::set<int> consumed;            // source loops some directive here is associated with
  bool closed = false;               // a parallel for or simd: nothing goes above it
  bool simd = false;                 // a simd directive: nothing may stand below it either
  std::vector<std::pair<std::string, std::string>> directives;  // (directive, comment), first applied first
};

class DirectiveMapper {
 public:
  explicit DirectiveMapper(const Session& session) : session_(session), program_(session.program()) {
    for (const Statement& s : program_.statements)
      for (std::size_t d = 0; d < s.loops.size(); ++d) {
        SourceLoop& l = loops_[s.loops[d].id];
        l.name = s.loops[d].iterator;
        l.where = s.loops[d].where;
        l.depth = static_cast<int>(d) + 1;
        l.statements.insert(s.name);
        const int item = d + 1 < s.position.size() ? s.position[d + 1] : -2;
        l.body[item] = d + 1 < s.loops.size() ? s.loops[d + 1].id : -1;
      }
  }

  std::vector<DirectiveStep> map_steps(std::size_t steps) {
    std::vector<DirectiveStep> out;
    const auto& history = session_.history();
    for (std::size_t k = 0; k < history.size() && k < steps; ++k) {
      DirectiveStep step;
      step.step = k + 1;
      step.call = history[k].call.script_text();
      try {
        step.directive = apply(history[k].call, step);
      } catch (const Unmapped& u) {
        step.reason = u.reason;
      }
      out.push_back(step);
    }
    return out;
  }

  std::string annotated_text() const {
    std::string text = program_.source_text;
    // Insert from the end so that earlier offsets stay valid.
    std::vector<std::pair<std::size_t, std::string>> insertions;
    for (const auto& [loop, stack] : stacks_) {
      if (stack.directives.empty()) continue;
      const SourceLoop& l = loops_.at(loop);
      const std::size_t line_start = offset_of_line(text, l.where.line);
      const std::size_t at = line_start + (l.where.column ? l.where.column - 1 : 0);
      const std::string before = text.substr(line_start, at - line_start);
      const bool own_line = before.find_first_not_of(" \t") == std::string::npos;
      const std::string indent = text.substr(line_start, text.find_first_not_of(" \t", line_start) - line_start);
      std::string lines;
      for (auto d = stack.directives.rbegin(); d != stack.directives.rend(); ++d) {
        std::string comment = d->second;
        for (std::size_t nl = comment.find('\n'); nl != std::string::npos; nl = comment.find('\n', nl + 1 + indent.size()))
          comment.insert(nl + 1, indent);
        lines += indent + comment + "\n";
        lines += indent + "#pragma omp " + d->first + "\n";
      }
      if (own_line)
        insertions.emplace_back(line_start, lines);
      else
        insertions.emplace_back(at, "\n" + lines + indent);
    }
    std::sort(insertions.begin(), insertions.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [at, lines] : insertions) text.insert(at, lines);
    return text;
  }

 private:
  struct Unmapped {
    std::string reason;
  };

  static std::size_t offset_of_line(const std::string& text, unsigned line) {
    std::size_t at = 0;
    for (unsigned k = 1; k < line && at != std::string::npos; ++k) {
      at = text.find('\n', at);
      if (at != std::string::npos) ++at;
    }
    return at == std::string::npos ? text.size() : at;
  }

  // The source loops of a perfect nest from `loop` down.
  std::vector<int> perfect_chain(int loop) const {
    std::vector<int> chain{loop};
    for (;;) {
      const SourceLoop& l = loops_.at(chain.back());
      if (l.body.size() != 1 || l.body.begin()->second < 0) return chain;
      chain.push_back(l.body.begin()->second);
    }
  }

  const Statement& statement(const CommandCall& call) const {
    const Statement* s = program_.find_statement(call.target);
    if (!s) throw Unmapped{"it names " + call.target + ", which is no statement of the source"};
    return *s;
  }

  // The stack whose nest has loop `name` of statement `s`, and its place there.
  std::pair<Stack*, std::size_t> resolve(const Statement& s, const std::string& name) {
    std::set<int> around;
    for (const Loop& l : s.loops) around.insert(l.id);
    for (auto& [key, stack] : stacks_) {
      if (!around.count(key)) continue;
      for (std::size_t k = 0; k < stack.visible.size(); ++k)
        if (stack.visible[k] == name && (stack.source_ids[k] < 0 || stack.consumed.count(stack.source_ids[k])))
          return {&stack, k};
    }
    const auto source = std::find_if(s.loops.begin(), s.loops.end(), [&](const Loop& l) { return l.iterator == name; });
    if (source == s.loops.end())
      throw Unmapped{"loop " + name + " of " + s.name + " is no loop of the source, and no directive made it"};
    if (auto own = stacks_.find(source->id); own != stacks_.end() && !own->second.visible.empty() &&
                                             own->second.visible[0] == name)
      return {&own->second, 0};
    // A source loop no directive is associated with yet: directives go above its own `for`.
    if (inside_simd(source->id))
      throw Unmapped{"loop " + name + " is inside a loop under a simd directive, where clang 19 allows no other directive"};
    for (auto& [key, stack] : stacks_)
      for (std::size_t k = 0; k < stack.visible.size(); ++k)
        if (stack.source_ids[k] == source->id) {
          stack.visible.resize(k);
          stack.source_ids.resize(k);
          stack.origins.resize(k);
          break;
        }
    Stack& stack = stacks_[source->id];
    stack.loop = source->id;
    for (const int id : perfect_chain(source->id)) {
      stack.visible.push_back(loops_.at(id).name);
      stack.source_ids.push_back(id);
      stack.origins.push_back(id);
    }
    return {&stack, 0};
  }

  // Whether loop `a` of `s` is inside loop `b` (by the stacks' nests, else the source's).
  bool inner_first(const Statement& s, const std::string& a, const std::string& b) const {
    std::set<int> around;
    for (const Loop& l : s.loops) around.insert(l.id);
    for (const auto& [key, stack] : stacks_) {
      if (!around.count(key)) continue;
      const auto pa = std::find(stack.visible.begin(), stack.visible.end(), a);
      const auto pb = std::find(stack.visible.begin(), stack.visible.end(), b);
      if (pa != stack.visible.end() && pb != stack.visible.end()) return pa > pb;
    }
    auto depth = [&](const std::string& name) {
      for (std::size_t d = 0; d < s.loops.size(); ++d)
        if (s.loops[d].iterator == name) return static_cast<long>(d);
      return -1L;
    };
    return depth(a) > depth(b);
  }

  // The loops the call names, from the first, as the outermost loops of one stack.
  Stack& outermost(const CommandCall& call, std::size_t count, const std::string& what) {
    const Statement& s = statement(call);
    auto [stack, place] = resolve(s, call.args[0].text);
    if (place != 0)
      throw Unmapped{"loop " + call.args[0].text + " is not the outermost loop of its nest (" + join(stack->visible) +
                     "): an OpenMP directive applies to the outermost loop below it"};
    if (stack->closed)
      throw Unmapped{"loop " + call.args[0].text + " is already under a parallel for or simd directive, and no " +
                     "loop transformation may stand above those"};
    for (std::size_t k = 1; k < count; ++k)
      if (stack->visible.size() <= k || stack->visible[k] != call.args[k].text)
        throw Unmapped{what + " needs " + call.args[k].text + " right inside " + call.args[k - 1].text +
                       ", in a perfect nest (the nest here: " + join(stack->visible) + ")"};
    for (std::size_t k = 0; k < count; ++k)
      if (stack->source_ids[k] >= 0) stack->consumed.insert(stack->source_ids[k]);
    return *stack;
  }

  // Whether a dependence under the stack's loop is a reduction carried by the loop at `place`.
  bool carries_reduction(const Stack& stack, std::size_t place) const {
    const SourceLoop& l = loops_.at(stack.origins[place]);
    for (const Dependence& d : session_.dependences().list)
      if (d.reduction && l.statements.count(d.source_statement) && l.statements.count(d.sink_statement))
        for (const int level : d.levels)
          if (level == l.depth) return true;
    return false;
  }

  // What each thread of a parallel loop needs its own copy of: the iterators
  // of the source loops from it inward that are declared outside them ("for
  // (j = 0;"; a loop's own iterator may be listed too), and the scalars its
  // statements write.
  std::vector<std::string> private_variables(const Stack& stack) const {
    // Every loop below the directives, the transformed ones included: after a
    // tile or an interchange the parallel loop is one the compiler made.
    const SourceLoop& outer = loops_.at(stack.loop);
    std::vector<std::string> out;
    auto add = [&](const std::string& name) {
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    };
    for (const auto& [id, l] : loops_) {
      if (l.depth < outer.depth || !std::includes(outer.statements.begin(), outer.statements.end(),
                                                    l.statements.begin(), l.statements.end()))
        continue;
      if (!declares_its_iterator(l)) add(l.name);
    }
    for (const Statement& s : program_.statements) {
      if (!outer.statements.count(s.name) || !s.target || s.target->kind != ExprKind::Access) continue;
      const Array* a = program_.find_array(s.target->text);
      if (a && a->extents.empty() && !a->declared_in_region) add(a->name);
    }
    return out;
  }

  // The three parts of a loop's header as written: "j = 0", "j < n", "j++".
  std::vector<std::string> header_parts(const SourceLoop& l) const {
    const std::string& text = program_.source_text;
    const std::size_t at = offset_of_line(text, l.where.line) + (l.where.column ? l.where.column - 1 : 0);
    std::size_t k = text.find('(', at);
    std::vector<std::string> parts(1);
    int depth = 0;
    for (; k != std::string::npos && k < text.size(); ++k) {
      const char c = text[k];
      if (c == '(' && depth++ == 0) continue;
      if (c == ')' && --depth == 0) break;
      if (c == ';' && depth == 1) {
        parts.emplace_back();
        continue;
      }
      parts.back() += c;
    }
    for (std::string& p : parts) p = trimmed(p);
    return parts;
  }

  static bool names_word(const std::string& text, const std::string& word) {
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
      const bool start = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_');
      const std::size_t end = at + word.size();
      const bool stop = end >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
      if (start && stop) return true;
    }
    return false;
  }

  // OpenMP's tile starts each tile at the loop's first value and needs the
  // tiled nest rectangular; Loopscape's tiles start at multiples of the size
  // from 0. They are the same tiles when each tiled source loop counts up by
  // one from 0 and no tiled loop's bounds name another tiled loop.
  void require_same_tiles(const Stack& stack, std::size_t count, const std::string& what) const {
    std::vector<std::string> tiled;
    for (std::size_t k = 0; k < count; ++k) {
      if (stack.source_ids[k] < 0) continue;  // a loop a directive made counts from 0
      const SourceLoop& l = loops_.at(stack.source_ids[k]);
      const std::vector<std::string> parts = header_parts(l);
      if (parts.size() != 3)
        throw Unmapped{"the header of loop " + l.name + " cannot be read as OpenMP's canonical loop form"};
      std::string init = parts[0];
      const std::size_t eq = init.find('=');
      init = eq == std::string::npos ? "" : trimmed(init.substr(eq + 1));
      const std::string& step = parts[2];
      const bool up_by_one = step == l.name + "++" || step == "++" + l.name || step == l.name + " += 1" ||
                             step == l.name + "+=1";
      if (init != "0" || !up_by_one)
        throw Unmapped{what + " of loop " + l.name + " (" + parts[0] + "; " + parts[2] +
                       "): OpenMP starts tiles at the loop's first value, Loopscape at multiples of the size from 0, "
                       "and the two agree only for a loop counting up by one from 0"};
      for (const std::string& outer : tiled)
        if (names_word(parts[0], outer) || names_word(parts[1], outer))
          throw Unmapped{what + ": the bounds of loop " + l.name + " name " + outer +
                         ", and OpenMP tiles only rectangular nests"};
      tiled.push_back(l.name);
    }
  }

  bool inside(int inner_id, int outer_id) const {
    const SourceLoop& outer = loops_.at(outer_id);
    const SourceLoop& inner = loops_.at(inner_id);
    return inner.depth > outer.depth && std::includes(outer.statements.begin(), outer.statements.end(),
                                                      inner.statements.begin(), inner.statements.end());
  }

  // Whether loop `id` lies inside a loop under a simd directive (clang 19 allows no directive there).
  bool inside_simd(int id) const {
    for (const auto& [key, stack] : stacks_)
      if (stack.simd && inside(id, key)) return true;
    return false;
  }

  // Whether a loop below `stack`'s loop has directives of its own.
  bool has_inner_directives(const Stack& stack) const {
    for (const auto& [key, other] : stacks_)
      if (key != stack.loop && !other.directives.empty() && inside(key, stack.loop)) return true;
    return false;
  }

  // "for (j = 0" names a variable declared elsewhere; "for (int j = 0" declares it.
  bool declares_its_iterator(const SourceLoop& l) const {
    const std::string init = header_parts(l).front();
    const std::string assigned = trimmed(init.substr(0, init.find('=')));
    return assigned.find_first_of(" \t\n*") != std::string::npos;
  }

  std::string comment(std::size_t step, const CommandCall& call, const Stack& stack) const {
    const SourceLoop& l = loops_.at(stack.loop);
    std::vector<std::string> lines;
    for (const Dependence& d : session_.dependences().list) {
      if (!l.statements.count(d.source_statement) || !l.statements.count(d.sink_statement)) continue;
      std::string line = short_name(d.kind) + " " + d.source_statement + " -> " + d.sink_statement + " on " + d.array;
      if (d.distance) {
        std::vector<std::string> parts;
        for (const long v : *d.distance) parts.push_back(std::to_string(v));
        line += ", distance (" + join(parts) + ")";
      }
      if (d.reduction) line += ", a reduction";
      if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(line);
    }
    std::string out = "/* Loopscape step " + std::to_string(step) + ", " + call.script_text() +
                      ": legal, checked exactly against ";
    if (lines.empty()) return out + "these loops' dependences: there are none. */";
    out += "the dependences of these loops (each kept in order, or on private copies where the directive says so):";
    const std::size_t shown = std::min<std::size_t>(lines.size(), 6);
    for (std::size_t k = 0; k < shown; ++k) out += "\n     " + lines[k];
    if (lines.size() > shown) out += "\n     and " + std::to_string(lines.size() - shown) + " more";
    return out + " */";
  }

  static std::string made_name(const CommandCall& call, std::size_t index, const std::string& loop,
                               const std::string& suffix) {
    return index < call.args.size() ? call.args[index].text : loop + suffix;
  }

  std::string apply(const CommandCall& call, const DirectiveStep& step) {
    const std::string& c = call.command;
    const std::size_t n = call.args.size();
    if (c == "sequential") return {};
    if (c == "tile") {
      const std::size_t loops = (n == 6 || n == 12) ? 3 : 2;
      Stack& stack = outermost(call, loops, "tile");
      require_same_tiles(stack, loops, "tile");
      std::vector<std::string> sizes, outer, inner;
      for (std::size_t k = 0; k < loops; ++k) {
        sizes.push_back(call.args[loops + k].text);
        outer.push_back(made_name(call, 2 * loops + k, call.args[k].text, "0"));
        inner.push_back(made_name(call, 3 * loops + k, call.args[k].text, "1"));
      }
      return push(stack, loops, outer, inner, "tile sizes(" + join(sizes) + ")", step, call);
    }
    if (c == "split") {
      Stack& stack = outermost(call, 1, "split");
      require_same_tiles(stack, 1, "split");
      const std::string& loop = call.args[0].text;
      return push(stack, 1, {made_name(call, 2, loop, "0")}, {made_name(call, 3, loop, "1")},
                  "tile sizes(" + call.args[1].text + ")", step, call);
    }
    if (c == "interchange") {
      CommandCall ordered = call;
      if (inner_first(statement(call), call.args[0].text, call.args[1].text)) std::swap(ordered.args[0], ordered.args[1]);
      Stack& st = outermost(ordered, 2, "interchange (clang 19 has no permutation clause)");
      std::swap(st.visible[0], st.visible[1]);
      std::swap(st.source_ids[0], st.source_ids[1]);
      std::swap(st.origins[0], st.origins[1]);
      st.directives.emplace_back("interchange", comment(step.step, call, st));
      return "interchange";
    }
    if (c == "loop_reversal") {
      Stack& stack = outermost(call, 1, "reverse");
      stack.directives.emplace_back("reverse", comment(step.step, call, stack));
      return "reverse";
    }
    if (c == "unroll") {
      Stack& stack = outermost(call, 1, "unroll");
      const std::string d = "unroll partial(" + call.args[1].text + ")";
      stack.directives.emplace_back(d, comment(step.step, call, stack));
      // The engine names the loop that steps over the unrolled copies L0, as the directive's generated loop.
      stack.visible[0] = call.args[0].text + "0";
      stack.source_ids[0] = -1;
      return d;
    }
    if (c == "parallelize" || c == "vectorize") {
      Stack& stack = outermost(call, 1, c);
      if (carries_reduction(stack, 0))
        throw Unmapped{"the loop carries a reduction, which needs a reduction clause the directive cannot state "
                       "here; the generated code (emit --target openmp) has it"};
      if (c == "vectorize" && (!stack.directives.empty() || has_inner_directives(stack)))
        throw Unmapped{"a simd directive may not stand above another directive, nor contain one, in clang 19: "
                       "vectorize a loop no other step transforms"};
      // safelen: only w consecutive iterations run together, what Loopscape checked.
      std::string d = c == "parallelize" ? "parallel for"
                                         : "simd simdlen(" + call.args[1].text + ") safelen(" + call.args[1].text + ")";
      if (c == "parallelize")
        if (const std::vector<std::string> own = private_variables(stack); !own.empty())
          d += " private(" + join(own) + ")";
      stack.directives.emplace_back(d, comment(step.step, call, stack));
      stack.closed = true;
      stack.simd = c == "vectorize";
      return d;
    }
    throw Unmapped{"clang 19 implements no OpenMP directive for " + c +
                   " (it has tile, interchange, reverse, unroll, parallel for and simd); " +
                   "the generated code (emit --target openmp) carries it"};
  }

  std::string push(Stack& stack, std::size_t loops, const std::vector<std::string>& outer,
                   const std::vector<std::string>& inner, const std::string& directive, const DirectiveStep& step,
                   const CommandCall& call) {
    std::vector<std::string> visible = outer;
    visible.insert(visible.end(), inner.begin(), inner.end());
    std::vector<int> ids(visible.size(), -1);
    std::vector<int> origins(stack.origins.begin(), stack.origins.begin() + static_cast<long>(loops));
    origins.insert(origins.end(), stack.origins.begin(), stack.origins.begin() + static_cast<long>(loops));
    visible.insert(visible.end(), stack.visible.begin() + static_cast<long>(loops), stack.visible.end());
    ids.insert(ids.end(), stack.source_ids.begin() + static_cast<long>(loops), stack.source_ids.end());
    origins.insert(origins.end(), stack.origins.begin() + static_cast<long>(loops), stack.origins.end());
    stack.visible = std::move(visible);
    stack.source_ids = std::move(ids);
    stack.origins = std::move(origins);
    stack.directives.emplace_back(directive, comment(step.step, call, stack));
    return directive;
  }

  const Session& session_;
  const Program& program_;
  std::map<int, SourceLoop> loops_;
  std::map<int, Stack> stacks_;
};

}  // namespace

std::vector<DirectiveStep> steps_without_directive(const Session& session, std::size_t steps) {
  DirectiveMapper mapper(session);
  std::vector<DirectiveStep> out;
  for (DirectiveStep& s : mapper.map_steps(steps))
    if (!s.reason.empty()) out.push_back(std::move(s));
  return out;
}

DirectiveExport export_omp_directives(const Session& session, std::size_t steps) {
  DirectiveMapper mapper(session);
  DirectiveExport out;
  out.steps = mapper.map_steps(steps);
  std::string refused;
  for (const DirectiveStep& s : out.steps)
    if (!s.reason.empty()) refused += "\n  step " + std::to_string(s.step) + ", " + s.call + ": " + s.reason;
  if (!refused.empty())
    throw InputError({session.program().file, 0, 0},
                     "these steps have no OpenMP 6.0 directive, so the schedule cannot be written as directives on "
                     "your loops:" + refused);
  out.text = mapper.annotated_text();
  return out;
}

}  // namespace loopscape
