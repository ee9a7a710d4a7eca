// The objects of api/tiramisu.h: they record what the user declares in the
// current function; layer1/program_builder.cpp turns that into a Program.
#include <cctype>
#include <set>

#include "codegen/emitter.h"
#include "layer1/layer1_data.h"
#include "layer1/program_builder.h"

namespace loopscape::tiramisu {

using detail::fail;

namespace {

thread_local function* current_function = nullptr;

bool is_identifier(const std::string& s) {
  static const std::set<std::string> keywords = {
      "auto",   "break",  "case",     "char",   "const",    "continue", "default",  "do",     "double",
      "else",   "enum",   "extern",   "float",  "for",      "goto",     "if",       "inline", "int",
      "long",   "register", "restrict", "return", "short",  "signed",   "sizeof",   "static", "struct",
      "switch", "typedef", "union",   "unsigned", "void",   "volatile", "while"};
  if (s.empty() || keywords.count(s)) return false;
  if (!std::isalpha(static_cast<unsigned char>(s[0])) && s[0] != '_') return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

void check_name(const std::string& name, const char* what, const where& at) {
  if (!is_identifier(name))
    fail(at, std::string("'") + name + "' cannot name a " + what +
                 ": names are C identifiers (letters, digits, '_'), not keywords");
}

detail::FunctionData& owner(const where& at, const char* what) {
  function* f = function::current();
  if (!f)
    fail(at, std::string("a ") + what +
                 " outside any function: construct a tiramisu::function (or call init(\"name\")) first");
  return f->data();
}

void require_open(const detail::FunctionData& f, const where& at, const std::string& what) {
  if (f.frozen())
    fail(at, what + " after the first schedule command of function '" + f.name +
                 "': Layer I (computations, buffers, store_in, the original order) is fixed by then");
}

detail::ComputationData& need_data(const std::shared_ptr<detail::ComputationData>& d, const where& at) {
  if (!d) fail(at, "an empty computation handle (default-constructed): it names no computation");
  return *d;
}

std::vector<detail::Iterator> iterators_of(const std::vector<var>& vars, const std::string& computation,
                                           const where& at, bool need_range) {
  std::vector<detail::Iterator> out;
  std::set<std::string> seen;
  for (const var& v : vars) {
    if (!seen.insert(v.get_name()).second)
      fail(at, "var '" + v.get_name() + "' appears twice in the iterators of '" + computation +
                   "': each dimension needs its own name");
    if (need_range && !v.has_range())
      fail(at, "var '" + v.get_name() + "' has no range, so it cannot span the domain of '" + computation +
                   "': declare it as var(\"" + v.get_name() + "\", lower, upper)");
    out.push_back(detail::Iterator{v.get_name(), v.get_lower(), v.get_upper(), v.location()});
  }
  return out;
}

// Registers a computation once everything about it is checked, so that a
// refused declaration leaves the function as it was.
std::shared_ptr<detail::ComputationData> new_computation(std::string name, const where& at, bool is_input,
                                                         const std::vector<var>& iterators = {},
                                                         const expr* value = nullptr) {
  detail::FunctionData& f = owner(at, is_input ? "input" : "computation");
  require_open(f, at, is_input ? "a new input" : "a new computation");
  check_name(name, is_input ? "input" : "computation", at);
  std::vector<detail::Iterator> checked = iterators_of(iterators, name, at, true);
  if (value && !value->is_defined()) fail(at, "computation '" + name + "' with an undefined expression");
  for (const auto& c : f.computations)
    if (c->name == name)
      fail(at, "a second computation named '" + name + "' (the first is at " +
                   SourceLocation{c->at.file_name(), c->at.line(), c->at.column()}.str() +
                   "): computation names are unique");
  auto d = std::make_shared<detail::ComputationData>();
  d->name = std::move(name);
  d->owner = &f;
  d->at = at;
  d->domain_at = at;
  d->is_input = is_input;
  d->iterators = std::move(checked);
  d->order = f.declarations++;
  f.computations.push_back(d);
  return d;
}

std::vector<var> input_vars(const std::vector<std::string>& names, const std::vector<expr>& sizes, primitive_t type,
                            const where& at) {
  if (names.size() != sizes.size())
    fail(at, "an input with " + std::to_string(names.size()) + " dimension names but " + std::to_string(sizes.size()) +
                 " sizes");
  if (type == p_none) fail(at, "an input declared without a type (p_none)");
  std::vector<var> vars;
  for (std::size_t k = 0; k < names.size(); ++k) vars.emplace_back(names[k], expr(0), sizes[k], at);
  return vars;
}

// `name`, once its declaration is known to have a type.
std::string typed(std::string name, primitive_t type, const char* what, const where& at) {
  if (type == p_none) fail(at, std::string(what) + " '" + name + "' declared without a type (p_none)");
  return name;
}

std::string var_name(const var& v) { return v.get_name(); }

Session& session_of(const detail::ComputationData& d) {
  return d.owner->handle->session();
}

}  // namespace

// ------------------------------------------------------------ var, constant, buffer

var::var(std::string name, where at) : name_(std::move(name)), at_(at) {
  check_name(name_, "var", at);
  auto n = std::make_shared<detail::Node>();
  n->kind = detail::NodeKind::Var;
  n->text = name_;
  n->type = p_int32;
  static_cast<expr&>(*this) = expr(n);
}

var::var(std::string name, const expr& lower, const expr& upper, where at) : var(std::move(name), at) {
  if (!lower.is_defined() || !upper.is_defined()) fail(at, "var '" + name_ + "' with an undefined bound");
  lower_ = lower;
  upper_ = upper;
}

var::var(primitive_t type, std::string name, where at) : var(std::move(name), at) {
  if (!detail::is_integer(type)) fail(at, "var '" + name_ + "' of a non-integer type: loop iterators are integers");
}

constant::constant(std::string name, where at) : name_(std::move(name)) {
  check_name(name_, "constant", at);
  detail::FunctionData& f = owner(at, "constant");
  require_open(f, at, "a new constant");
  for (const std::string& c : f.constants)
    if (c == name_) fail(at, "a second constant named '" + name_ + "'");
  f.constants.push_back(name_);
  auto n = std::make_shared<detail::Node>();
  n->kind = detail::NodeKind::Constant;
  n->text = name_;
  n->type = p_int32;
  static_cast<expr&>(*this) = expr(n);
}

buffer::buffer(std::string name, std::vector<expr> sizes, primitive_t type, argument_t argument, where at) {
  check_name(name, "buffer", at);
  detail::FunctionData& f = owner(at, "buffer");
  require_open(f, at, "a new buffer");
  if (type == p_none) fail(at, "buffer '" + name + "' without an element type");
  for (const auto& b : f.buffers)
    if (b->name == name) fail(at, "a second buffer named '" + name + "'");
  for (const expr& s : sizes)
    if (!s.is_defined()) fail(at, "buffer '" + name + "' with an undefined size");
  data_ = std::make_shared<detail::BufferData>();
  data_->name = std::move(name);
  data_->sizes = std::move(sizes);
  data_->type = type;
  data_->argument = argument;
  data_->owner = &f;
  data_->at = at;
  data_->order = f.declarations++;
  f.buffers.push_back(data_);
}

const std::string& buffer::get_name() const { return data_->name; }

// ------------------------------------------------------------ computation

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

// ------------------------------------------------------------ input

input::input(std::string name, std::vector<var> iterators, primitive_t type, where at)
    : computation(new_computation(typed(std::move(name), type, "input", at), at, true, iterators)) {
  data()->type = type;
}

input::input(std::string name, std::vector<std::string> dimension_names, std::vector<expr> dimension_sizes,
             primitive_t type, where at)
    : computation(new_computation(std::move(name), at, true, input_vars(dimension_names, dimension_sizes, type, at))) {
  data()->type = type;
}

// ------------------------------------------------------------ function

function::function(std::string name, where at) : data_(std::make_unique<detail::FunctionData>()) {
  check_name(name, "function", at);
  data_->name = std::move(name);
  data_->at = at;
  data_->handle = this;
  current_function = this;
}

function::~function() {
  if (current_function == this) current_function = nullptr;
}

function* function::current() { return current_function; }

const std::string& function::get_name() const { return data_->name; }

void function::add_context_constraints(const std::string& context, where at) {
  require_open(*data_, at, "add_context_constraints");
  data_->context.push_back(context);
  data_->context_at.push_back(at);
}

computation function::get_computation_by_name(const std::string& name, where at) const {
  for (const auto& c : data_->computations)
    if (c->name == name) return computation(c);
  std::string known;
  for (const auto& c : data_->computations) known += (known.empty() ? "" : ", ") + c->name;
  fail(at, "no computation named '" + name + "' in function '" + data_->name + "'" +
               (known.empty() ? std::string(" (it has none)") : " (it has " + known + ")"));
}

LoadedProgram function::load() const { return detail::build_loaded_program(*data_); }

std::string function::c_source() const { return load().program.source_text; }

Session& function::session() {
  if (!data_->session) data_->session = std::make_unique<Session>(detail::build_loaded_program(*data_));
  return *data_->session;
}

std::string function::code(const std::string& target) { return emit_code(session(), target); }

function& init(const std::string& name, where at) {
  static std::unique_ptr<function> global;
  global.reset();
  global = std::make_unique<function>(name, at);
  return *global;
}

function& global_function() {
  function* f = function::current();
  if (!f) throw InputError(SourceLocation{}, "no current function: call init(\"name\") first");
  return *f;
}

}  // namespace loopscape::tiramisu
