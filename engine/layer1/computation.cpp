// SPDX-License-Identifier: Apache-2.0
// Computations (api/tiramisu.h): their Layer I definition, storage and
// order, and the schedule commands they pass on to the function's session.
#include "layer1/declaration_support.h"

namespace loopscape::tiramisu {

using namespace detail;

namespace {

std::string var_name(const var& v) { return v.get_name(); }

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
    schedule("store_in", args);
    return;
  }
  d.storage = b->data();
  d.store_indices = std::move(indices);
  d.store_at = at;
}

computation& computation::then(computation& next, const var& level, where at) {
  next.after(*this, level, at);
  return next;
}

void computation::after(computation& previous, const var& level, where at) {
  detail::ComputationData& d = need_data(data_, at);
  detail::ComputationData& p = need_data(previous.data_, at);
  if (p.owner != d.owner) fail(at, "'" + d.name + "' after '" + p.name + "', a computation of another function");
  if (&p == &d) fail(at, "'" + d.name + "' after itself");
  const std::string level_name = &level == &root || level.get_name() == root.get_name() ? "" : level.get_name();
  if (d.owner->frozen()) {
    schedule("after", {loopscape::Argument(p.name), loopscape::Argument(level_name.empty() ? "root" : level_name)});
    return;
  }
  d.owner->orderings.push_back(detail::Ordering{&p, &d, level_name, at});
}

void computation::schedule(const std::string& command, const std::vector<loopscape::Argument>& args) {
  detail::ComputationData& d = need_data(data_, where::current());
  session_of(d).statement(d.name).call(command, args);
}

void computation::interchange(const var& a, const var& b) { schedule("interchange", {var_name(a), var_name(b)}); }
void computation::split(const var& v, int size, const var& outer, const var& inner) {
  schedule("split", {var_name(v), size, var_name(outer), var_name(inner)});
}
void computation::tile(const var& a, const var& b, int size_a, int size_b) {
  schedule("tile", {var_name(a), var_name(b), size_a, size_b});
}
void computation::tile(const var& a, const var& b, int size_a, int size_b, const var& a0, const var& b0,
                       const var& a1, const var& b1) {
  schedule("tile", {var_name(a), var_name(b), size_a, size_b, var_name(a0), var_name(b0), var_name(a1),
                    var_name(b1)});
}
void computation::shift(const var& v, int amount) { schedule("shift", {var_name(v), amount}); }
void computation::skew(const var& a, const var& b, int factor) {
  schedule("skew", {var_name(a), var_name(b), factor});
}
void computation::parallelize(const var& v) { schedule("parallelize", {var_name(v)}); }
void computation::vectorize(const var& v, int width) { schedule("vectorize", {var_name(v), width}); }
void computation::unroll(const var& v, int factor) { schedule("unroll", {var_name(v), factor}); }
void computation::compute_at(computation& consumer, const var& level) {
  schedule("compute_at", {consumer.get_name(), var_name(level)});
}
void computation::distribute(const var& v) { schedule("distribute", {var_name(v)}); }
void computation::gpu(const var& a, const var& b) { schedule("gpu", {var_name(a), var_name(b)}); }
void computation::tile_gpu(const var& a, const var& b, int size_a, int size_b) {
  schedule("tile_gpu", {var_name(a), var_name(b), size_a, size_b});
}
void computation::pipeline(const var& v) { schedule("pipeline", {var_name(v)}); }

}  // namespace loopscape::tiramisu
