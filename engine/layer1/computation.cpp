// SPDX-License-Identifier: Apache-2.0
// Computations (api/tiramisu.h): their Layer I definition, storage and
// order, and the schedule commands they pass on to the function's session.
#include <sstream>

#include "layer1/declaration_support.h"
#include "session/script.h"

namespace loopscape::tiramisu {

using namespace detail;

namespace {

// Whether `name` is a loop of the computation as declared (its iterators, or
// the dimensions its isl domain names).
bool is_original_loop(const detail::ComputationData& c, const std::string& name) {
  for (const detail::Iterator& it : c.iterators)
    if (it.name == name) return true;
  if (c.domain_text.empty()) return false;
  const std::size_t open = c.domain_text.find('[', c.domain_text.find('{'));
  const std::size_t close = c.domain_text.find(']', open);
  if (open == std::string::npos || close == std::string::npos) return false;
  std::string dims = c.domain_text.substr(open + 1, close - open - 1);
  for (char& ch : dims)
    if (ch == ',') ch = ' ';
  std::istringstream words(dims);
  for (std::string w; words >> w;)
    if (w == name) return true;
  return false;
}

// The loop a var names for a schedule command: its own name, unless loop_reversal renamed it.
std::string loop_of(const std::shared_ptr<detail::ComputationData>& d, const var& v) {
  if (d)
    if (auto it = d->aliases.find(v.get_name()); it != d->aliases.end()) return it->second;
  return v.get_name();
}

Session& session_of(const detail::ComputationData& d) {
  return d.owner->handle->session();
}

}  // namespace

const var computation::root("root");

computation::computation(std::string name, std::vector<var> iterators, const expr& e, where at)
    : data_(new_computation(std::move(name), at, false, iterators, &e)) {
  set_expression(e, at);
}

computation::computation(std::string name, std::vector<var> iterators, primitive_t type, where at)
    : data_(new_computation(typed(std::move(name), type, "computation", at), at, false, iterators)) {
  data_->type = type;
}

computation::computation(std::string iteration_domain, const expr& e, bool schedule_this_computation,
                         primitive_t type, function* owner_function, where at)
    : computation(std::move(iteration_domain), e, schedule_this_computation, type, at) {
  if (owner_function && owner_function != function::current())
    fail(at, "computation '" + data_->name + "' of a function that is not the current one");
}

computation::computation(std::string iteration_domain, const expr& e, bool schedule_this_computation,
                         primitive_t type, where at) {
  const std::size_t open = iteration_domain.find('{');
  std::size_t b = open == std::string::npos ? 0 : open + 1;
  while (b < iteration_domain.size() && std::isspace(static_cast<unsigned char>(iteration_domain[b]))) ++b;
  std::size_t k = b;
  while (k < iteration_domain.size() &&
         (std::isalnum(static_cast<unsigned char>(iteration_domain[k])) || iteration_domain[k] == '_'))
    ++k;
  const std::string name = iteration_domain.substr(b, k - b);
  if (open == std::string::npos || name.empty())
    fail(at, "iteration domain '" + iteration_domain +
                 "' names no computation: write it as an isl set, \"{ S[i, j] : 0 <= i < N and ... }\"");
  data_ = new_computation(name, at, false, {}, e.is_defined() ? &e : nullptr);
  data_->domain_text = std::move(iteration_domain);
  data_->domain_at = at;
  data_->scheduled = schedule_this_computation;
  data_->type = type;
  if (e.is_defined()) set_expression(e, at);
}

void computation::set_expression(const expr& e, where at) {
  detail::ComputationData& d = need_data(data_, at);
  require_open(*d.owner, at, "set_expression of '" + d.name + "'");
  if (d.is_input) fail(at, "'" + d.name + "' is an input: its values come from its buffer, not an expression");
  if (!e.is_defined()) fail(at, "computation '" + d.name + "' with an undefined expression");
  d.value = e;
  if (d.type == p_none) d.type = e.get_data_type();
  d.at = at;
}

const std::string& computation::get_name() const { return need_data(data_, where::current()).name; }
primitive_t computation::get_data_type() const { return need_data(data_, where::current()).type; }

expr computation::operator()(const std::vector<expr>& indices, where at) const {
  const detail::ComputationData& d = need_data(data_, at);
  auto n = std::make_shared<detail::Node>();
  n->kind = detail::NodeKind::Access;
  n->text = d.name;
  n->type = d.type;
  n->target = &d;
  n->at = at;
  for (const expr& i : indices) {
    if (!i.is_defined()) fail(at, "an undefined index in an access to '" + d.name + "'");
    n->args.push_back(i.node());
  }
  return expr(n);
}
expr computation::operator()(where at) const { return (*this)(std::vector<expr>{}, at); }
expr computation::operator()(const expr& i0, where at) const { return (*this)(std::vector<expr>{i0}, at); }
expr computation::operator()(const expr& i0, const expr& i1, where at) const {
  return (*this)(std::vector<expr>{i0, i1}, at);
}
expr computation::operator()(const expr& i0, const expr& i1, const expr& i2, where at) const {
  return (*this)(std::vector<expr>{i0, i1, i2}, at);
}
expr computation::operator()(const expr& i0, const expr& i1, const expr& i2, const expr& i3, where at) const {
  return (*this)(std::vector<expr>{i0, i1, i2, i3}, at);
}
expr computation::operator()(const expr& i0, const expr& i1, const expr& i2, const expr& i3, const expr& i4,
                             where at) const {
  return (*this)(std::vector<expr>{i0, i1, i2, i3, i4}, at);
}
expr computation::operator()(const expr& i0, const expr& i1, const expr& i2, const expr& i3, const expr& i4,
                             const expr& i5, where at) const {
  return (*this)(std::vector<expr>{i0, i1, i2, i3, i4, i5}, at);
}

void computation::store_in(buffer* b, where at) { store_in(b, std::vector<expr>{}, at); }

void computation::store_in(buffer* b, std::initializer_list<expr> indices, where at) {
  store_in(b, std::vector<expr>(indices), at);
  if (indices.size() == 0 && data_ && !data_->owner->frozen()) data_->stored_as_scalar = true;
}

void computation::store_in(buffer* b, std::vector<expr> indices, where at) {
  detail::ComputationData& d = need_data(data_, at);
  if (!b || !b->data()) fail(at, "store_in of '" + d.name + "' without a buffer");
  if (b->data()->owner != d.owner)
    fail(at, "store_in of '" + d.name + "' into buffer '" + b->get_name() + "' of another function");
  if (d.owner->frozen()) {
    std::string list = "{";
    for (std::size_t k = 0; k < indices.size(); ++k) list += (k ? ", " : "") + indices[k].to_str();
    list += "}";
    std::vector<loopscape::Argument> args{loopscape::Argument(b->get_name())};
    if (!indices.empty()) args.emplace_back(list);
    schedule("store_in", args, at);
    return;
  }
  d.storage = b->data();
  d.store_indices = std::move(indices);
  d.stored_as_scalar = false;
  d.access_map.clear();
  d.store_at = at;
}

void computation::set_access(const std::string& map, where at) {
  detail::ComputationData& d = need_data(data_, at);
  require_open(*d.owner, at, "set_access of '" + d.name + "'");
  const std::size_t open = map.find('{'), arrow = map.find("->", open == std::string::npos ? 0 : open);
  std::size_t b = arrow == std::string::npos ? map.size() : arrow + 2;
  while (b < map.size() && std::isspace(static_cast<unsigned char>(map[b]))) ++b;
  std::size_t e = b;
  while (e < map.size() && (std::isalnum(static_cast<unsigned char>(map[e])) || map[e] == '_')) ++e;
  const std::string name = map.substr(b, e - b);
  if (open == std::string::npos || name.empty())
    fail(at, "set_access of '" + d.name + "' with '" + map + "': write it as an isl map to a buffer, \"{ " + d.name +
                 "[i, j] -> b[i, 0] }\"");
  for (const auto& buf : d.owner->buffers)
    if (buf->name == name) {
      d.storage = buf;
      d.store_indices.clear();
      d.access_map = map;
      d.store_at = at;
      return;
    }
  fail(at, "set_access of '" + d.name + "' to '" + name + "', which is no buffer of function '" + d.owner->name +
               "' (declare the buffer first)");
}

computation& computation::then(computation& next, const var& level, where at) {
  next.after(*this, level, at);
  return next;
}

computation& computation::then(computation& next, int level, where at) {
  next.after(*this, level, at);
  return next;
}

computation& computation::before(computation& next, const var& level, where at) {
  detail::ComputationData& d = need_data(data_, at);
  const bool at_root = level.get_name() == root.get_name();
  const std::string level_name = at_root ? "root" : loop_of(data_, level);
  if (d.owner->frozen() || (!d.owner->deferred.empty() && !at_root && !is_original_loop(d, level_name))) {
    schedule("before", {loopscape::Argument(need_data(next.data_, at).name), loopscape::Argument(level_name)}, at);
    return next;
  }
  next.after(*this, level, at);
  return next;
}

computation& computation::before(computation& next, int level, where at) {
  next.after(*this, level, at);
  return next;
}

void computation::after(computation& previous, int level, where at) {
  detail::ComputationData& d = need_data(data_, at);
  detail::ComputationData& p = need_data(previous.data_, at);
  if (level < root_dimension)
    fail(at, "'" + d.name + "' after '" + p.name + "' at level " + std::to_string(level) +
                 ": a level is a loop depth (0: the outermost loop) or computation::root_dimension (-1)");
  if (level == root_dimension) return after(previous, root, at);
  if (d.owner->frozen())
    fail(at, "'" + d.name + "' after '" + p.name + "' at level " + std::to_string(level) +
                 " after the first schedule command: name the level by its var there (the loops have changed)");
  if (p.owner != d.owner) fail(at, "'" + d.name + "' after '" + p.name + "', a computation of another function");
  if (&p == &d) fail(at, "'" + d.name + "' after itself");
  d.owner->orderings.push_back(detail::Ordering{&p, &d, {}, level, at});
}

void computation::loop_reversal(const var& v, where at) { loop_reversal(v, v, at); }

void computation::loop_reversal(const var& v, const var& reversed, where at) {
  detail::ComputationData& d = need_data(data_, at);
  const std::string loop = loop_of(data_, v);
  if (d.owner->frozen() || !d.owner->deferred.empty()) {
    schedule("loop_reversal", {loopscape::Argument(loop)}, at);
  } else {
    d.reversals.push_back(detail::Reversal{loop, -1, at});
  }
  if (reversed.get_name() != v.get_name()) d.aliases[reversed.get_name()] = loop;
}

void computation::loop_reversal(int level, where at) {
  detail::ComputationData& d = need_data(data_, at);
  if (level < 0) fail(at, "loop_reversal of '" + d.name + "' at level " + std::to_string(level) + ": levels start at 0");
  if (d.owner->frozen())
    fail(at, "loop_reversal of '" + d.name + "' at level " + std::to_string(level) +
                 " after the first schedule command: name the loop by its var there (the loops have changed)");
  d.reversals.push_back(detail::Reversal{{}, level, at});
}

void computation::after(computation& previous, const var& level, where at) {
  detail::ComputationData& d = need_data(data_, at);
  detail::ComputationData& p = need_data(previous.data_, at);
  if (p.owner != d.owner) fail(at, "'" + d.name + "' after '" + p.name + "', a computation of another function");
  if (&p == &d) fail(at, "'" + d.name + "' after itself");
  std::string level_name = &level == &root || level.get_name() == root.get_name() ? "" : level.get_name();
  if (auto renamed = p.aliases.find(level_name); renamed != p.aliases.end()) level_name = renamed->second;
  // After deferred commands, a level that is no loop of the original program is one they made.
  if (d.owner->frozen() || (!d.owner->deferred.empty() && !level_name.empty() && !is_original_loop(p, level_name))) {
    schedule("after", {loopscape::Argument(p.name), loopscape::Argument(level_name.empty() ? "root" : level_name)}, at);
    return;
  }
  d.owner->orderings.push_back(detail::Ordering{&p, &d, level_name, -2, at});
}

void computation::schedule(const std::string& command, const std::vector<loopscape::Argument>& args, where at) {
  detail::ComputationData& d = need_data(data_, at);
  std::vector<std::string> texts;
  for (const loopscape::Argument& a : args) texts.push_back(a.text());
  CommandCall call = make_call(d.name, command, texts);
  // The call's place in the program: a refusal's report starts with it.
  call.where = SourceLocation{at.file_name(), at.line(), at.column()};
  if (!d.owner->frozen() && d.owner->defers_schedule)
    d.owner->deferred.push_back(std::move(call));
  else
    session_of(d).apply_or_throw(call);
}

void computation::interchange(const var& a, const var& b, where at) {
  schedule("interchange", {loop_of(data_, a), loop_of(data_, b)}, at);
}
void computation::split(const var& v, int size, const var& outer, const var& inner, where at) {
  schedule("split", {loop_of(data_, v), size, loop_of(data_, outer), loop_of(data_, inner)}, at);
}
void computation::tile(const var& a, const var& b, int size_a, int size_b, where at) {
  schedule("tile", {loop_of(data_, a), loop_of(data_, b), size_a, size_b}, at);
}
void computation::tile(const var& a, const var& b, int size_a, int size_b, const var& a0, const var& b0,
                       const var& a1, const var& b1, where at) {
  schedule("tile", {loop_of(data_, a), loop_of(data_, b), size_a, size_b, loop_of(data_, a0), loop_of(data_, b0),
                    loop_of(data_, a1), loop_of(data_, b1)},
           at);
}
void computation::tile(const var& a, const var& b, const var& c, int size_a, int size_b, int size_c, where at) {
  schedule("tile", {loop_of(data_, a), loop_of(data_, b), loop_of(data_, c), size_a, size_b, size_c}, at);
}
void computation::tile(const var& a, const var& b, const var& c, int size_a, int size_b, int size_c, const var& a0,
                       const var& b0, const var& c0, const var& a1, const var& b1, const var& c1, where at) {
  schedule("tile", {loop_of(data_, a), loop_of(data_, b), loop_of(data_, c), size_a, size_b, size_c,
                    loop_of(data_, a0), loop_of(data_, b0), loop_of(data_, c0), loop_of(data_, a1),
                    loop_of(data_, b1), loop_of(data_, c1)},
           at);
}
void computation::shift(const var& v, int amount, where at) { schedule("shift", {loop_of(data_, v), amount}, at); }
void computation::skew(const var& a, const var& b, int factor, where at) {
  schedule("skew", {loop_of(data_, a), loop_of(data_, b), factor}, at);
}
void computation::parallelize(const var& v, where at) { schedule("parallelize", {loop_of(data_, v)}, at); }
void computation::vectorize(const var& v, int width, where at) {
  schedule("vectorize", {loop_of(data_, v), width}, at);
}
void computation::unroll(const var& v, int factor, where at) { schedule("unroll", {loop_of(data_, v), factor}, at); }
void computation::compute_at(computation& consumer, const var& level, where at) {
  schedule("compute_at", {consumer.get_name(), loop_of(consumer.data_, level)}, at);
}
void computation::distribute(const var& v, where at) { schedule("distribute", {loop_of(data_, v)}, at); }
void computation::gpu(const var& a, const var& b, where at) {
  schedule("gpu", {loop_of(data_, a), loop_of(data_, b)}, at);
}
void computation::gpu(const var& b1, const var& b2, const var& t1, const var& t2, where at) {
  schedule("gpu", {loop_of(data_, b1), loop_of(data_, b2), loop_of(data_, t1), loop_of(data_, t2)}, at);
}
void computation::gpu(const var& b1, const var& b2, const var& b3, const var& t1, const var& t2, const var& t3,
                      where at) {
  schedule("gpu", {loop_of(data_, b1), loop_of(data_, b2), loop_of(data_, b3), loop_of(data_, t1),
                   loop_of(data_, t2), loop_of(data_, t3)},
           at);
}
void computation::tile_gpu(const var& a, const var& b, int size_a, int size_b, where at) {
  schedule("tile_gpu", {loop_of(data_, a), loop_of(data_, b), size_a, size_b}, at);
}
void computation::pipeline(const var& v, where at) { schedule("pipeline", {loop_of(data_, v)}, at); }
void computation::inline_computation(where at) { schedule("inline", {}, at); }
void computation::set_schedule(const std::string& map, where at) {
  schedule("set_schedule", {loopscape::Argument(map)}, at);
}
void computation::storage_fold(const var& v, int factor, where at) {
  schedule("storage_fold", {loop_of(data_, v), factor}, at);
}
void computation::cache_shared_at(computation& consumer, const var& level, where at) {
  schedule("cache_shared_at", {consumer.get_name(), loop_of(consumer.data_, level)}, at);
}

}  // namespace loopscape::tiramisu
