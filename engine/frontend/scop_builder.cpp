// SPDX-License-Identifier: Apache-2.0
#include "frontend/scop_builder.h"
#include "frontend/scalar_evolution.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/PrettyPrinter.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <clang/AST/Type.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "frontend/isl_build.h"

namespace loopscape::frontend_detail {

// ---------------------------------------------------------------- Locator

clang::SourceLocation user_location(const clang::SourceManager& sm, clang::SourceLocation loc) {
  clang::SourceLocation f = sm.getFileLoc(loc);
  if (!sm.getFileEntryForID(sm.getFileID(f))) f = sm.getExpansionLoc(loc);
  return f;
}

SourceLocation Locator::at(clang::SourceLocation loc) const {
  SourceLocation out;
  out.file = main_name_;
  if (loc.isInvalid()) return out;
  const clang::SourceLocation f = user_location(sm_, loc);
  if (sm_.getFileID(f) != sm_.getMainFileID()) out.file = sm_.getFilename(f).str();
  out.line = sm_.getSpellingLineNumber(f);
  out.column = sm_.getSpellingColumnNumber(f);
  return out;
}

std::size_t Locator::offset(clang::SourceLocation loc) const {
  return sm_.getFileOffset(sm_.getExpansionLoc(loc));
}

bool Locator::in_main_file(clang::SourceLocation loc) const {
  return loc.isValid() && sm_.isInMainFile(sm_.getExpansionLoc(loc));
}

std::string Locator::text(clang::SourceRange range) const {
  const clang::CharSourceRange r = sm_.getExpansionRange(range);
  return clang::Lexer::getSourceText(r, sm_, lang_).str();
}

std::string Locator::token_spelling(clang::SourceLocation loc) const {
  llvm::SmallString<32> buffer;
  bool invalid = false;
  const llvm::StringRef s =
      clang::Lexer::getSpelling(sm_.getSpellingLoc(loc), buffer, sm_, lang_, &invalid);
  return invalid ? std::string() : s.str();
}

std::size_t Locator::end_offset(clang::SourceRange range) const {
  const clang::CharSourceRange r = sm_.getExpansionRange(range);
  clang::SourceLocation end = r.getEnd();
  if (r.isTokenRange()) end = clang::Lexer::getLocForEndOfToken(end, 0, sm_, lang_);
  return sm_.getFileOffset(end);
}

namespace {

using CLoc = clang::SourceLocation;

enum class DivMode { Exact, Floor };

// What a variable named in the region is.
enum class VarRole {
  Iterator,         // iterator of an enclosing loop
  StaleIterator,    // iterator of a loop that does not enclose the reference
  Array,            // an array (declared anywhere)
  Pointer,          // a pointer (refused)
  RegionScalar,     // a scalar written or declared in the region: a 0-d array
  OuterInteger,     // read-only integer from outside: a parameter or a Variable
  OuterOther,       // read-only non-integer from outside: a Variable
};

using KnownScalars = std::map<const clang::VarDecl*, ExprPtr>;

struct LoopInfo {
  const clang::VarDecl* var = nullptr;
  std::string name;
  int id = 0;
  int step = 1;
  SourceLocation where;
};

std::string type_name(clang::QualType t, const clang::ASTContext& ast) {
  clang::PrintingPolicy policy(ast.getLangOpts());
  policy.SuppressTagKeyword = false;
  return t.getCanonicalType().getUnqualifiedType().getAsString(policy);
}

// The declared type of a variable (array parameters before their decay to pointers).
clang::QualType declared_type(const clang::VarDecl* v) {
  if (const auto* p = llvm::dyn_cast<clang::ParmVarDecl>(v)) return p->getOriginalType();
  return v->getType();
}

const clang::Expr* strip(const clang::Expr* e) {
  while (true) {
    if (const auto* p = llvm::dyn_cast<clang::ParenExpr>(e)) {
      e = p->getSubExpr();
    } else if (const auto* c = llvm::dyn_cast<clang::ImplicitCastExpr>(e)) {
      e = c->getSubExpr();
    } else if (const auto* k = llvm::dyn_cast<clang::ConstantExpr>(e)) {
      e = k->getSubExpr();
    } else {
      return e;
    }
  }
}

const clang::VarDecl* referenced_var(const clang::Expr* e) {
  if (!e) return nullptr;
  if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(strip(e)))
    return llvm::dyn_cast<clang::VarDecl>(r->getDecl());
  return nullptr;
}

// The integer helpers affine() reads as affine functions of their arguments.
bool is_affine_helper(const std::string& name, unsigned arguments) {
  if (name == "min" || name == "max" || name == "MIN" || name == "MAX" || name == "floord" || name == "ceild")
    return arguments == 2;
  return (name == "abs" || name == "labs" || name == "llabs") && arguments == 1;
}

bool is_known_math_function(const std::string& name) {
  static const std::set<std::string> names = {
      "sqrt",  "cbrt",  "exp",   "exp2",  "expm1", "log",   "log2",  "log10", "log1p",
      "pow",   "fabs",  "floor", "ceil",  "round", "trunc", "fmod",  "fmin",  "fmax",
      "sin",   "cos",   "tan",   "asin",  "acos",  "atan",  "atan2", "sinh",  "cosh",
      "tanh",  "asinh", "acosh", "atanh", "hypot", "erf",   "erfc",  "tgamma", "lgamma",
      "copysign", "fdim", "fma", "rint", "nearbyint", "abs", "labs", "llabs",
      "min",   "max",   "MIN",   "MAX"};
  if (names.count(name)) return true;
  if (name.size() > 1 && (name.back() == 'f' || name.back() == 'l'))
    return names.count(name.substr(0, name.size() - 1)) > 0;
  return false;
}

class Builder {
 public:
  Builder(const RegionInput& in, Program& program)
      : ast_(*in.ast), loc_(*in.locator), program_(program), input_(in) {}

  void run() {
    for (const clang::Stmt* s : input_.statements) scan(s);
    for (const clang::VarDecl* v : written_)
      if (classifier()(v) == ScalarKind::Tracked)
        if (const std::optional<llvm::APSInt> value = value_at_region_entry(v)) known_[v] = number(value->getExtValue());
    domain_ = universe_set(program_.ctx(), 0);
    counters_ = {0};
    for (const clang::Stmt* s : input_.statements) walk(s, nullptr);
    finish();
  }

 private:
  // ------------------------------------------------------------ errors

  [[noreturn]] void fail(CLoc where, const std::string& message) const {
    throw InputError(loc_.at(where), message);
  }
  std::string text(const clang::Stmt* s) const { return loc_.text(s->getSourceRange()); }
  std::string quoted(const clang::Stmt* s) const { return "'" + text(s) + "'"; }

  // ------------------------------------------------------------ pre-pass

  // Collects loop iterators, variables written or declared in the region and labels.
  void scan(const clang::Stmt* s) {
    if (!s) return;
    if (llvm::isa<clang::GotoStmt>(s) || llvm::isa<clang::ContinueStmt>(s)) jumps_ = true;
    if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s)) {
      if (const clang::VarDecl* v = init_variable(f)) iterator_vars_.insert(v);
      scan(f->getCond());
      scan(f->getBody());
      if (!init_variable(f)) scan(f->getInit());
      return;
    }
    if (const auto* l = llvm::dyn_cast<clang::LabelStmt>(s)) labels_.insert(l->getName());
    if (const auto* d = llvm::dyn_cast<clang::DeclStmt>(s)) {
      for (const clang::Decl* decl : d->decls())
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(decl)) {
          declared_.insert(v);
          if (v->hasInit()) written_.insert(v);
        }
    }
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s)) {
      if (b->isAssignmentOp())
        if (const clang::VarDecl* v = referenced_var(b->getLHS())) written_.insert(v);
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s)) {
      if (u->isIncrementDecrementOp())
        if (const clang::VarDecl* v = referenced_var(u->getSubExpr())) written_.insert(v);
    }
    for (const clang::Stmt* c : s->children()) scan(c);
  }

  // The iterator a for loop's initialisation assigns, or null.
  static const clang::VarDecl* init_variable(const clang::ForStmt* f) {
    const clang::Stmt* init = f->getInit();
    if (!init) return nullptr;
    if (const auto* d = llvm::dyn_cast<clang::DeclStmt>(init)) {
      if (d->isSingleDecl())
        if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d->getSingleDecl()))
          if (v->hasInit()) return v;
      return nullptr;
    }
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(init))
      if (b->getOpcode() == clang::BO_Assign) return referenced_var(b->getLHS());
    return nullptr;
  }

  // ------------------------------------------------------------ variables

  VarRole role(const clang::VarDecl* v) const {
    for (const LoopInfo& l : loops_)
      if (l.var == v) return VarRole::Iterator;
    if (iterator_vars_.count(v)) return VarRole::StaleIterator;
    const clang::QualType t = declared_type(v);
    if (ast_.getAsArrayType(t)) return VarRole::Array;
    if (t->isPointerType()) return VarRole::Pointer;
    if (written_.count(v) || declared_.count(v)) return VarRole::RegionScalar;
    if (t->isIntegerType()) return VarRole::OuterInteger;
    return VarRole::OuterOther;
  }

  int loop_position(const clang::VarDecl* v) const {
    for (std::size_t k = 0; k < loops_.size(); ++k)
      if (loops_[k].var == v) return static_cast<int>(k);
    return -1;
  }

  [[noreturn]] void fail_stale_iterator(CLoc where, const clang::VarDecl* v) const {
    fail(where, "loop iterator '" + v->getName().str() +
                    "' is used outside the loops it iterates: its value there is not "
                    "an affine function of the enclosing iterators");
  }

  [[noreturn]] void fail_pointer(CLoc where, const clang::VarDecl* v) const {
    const clang::QualType t = declared_type(v);
    const std::string element = t->isPointerType() ? t->getPointeeType().getUnqualifiedType().getAsString() : "double";
    fail(where, "'" + v->getName().str() + "' is a pointer (" + t.getAsString() +
                    "): it may point into another array of the region (TSVC's s421-s424 do) and its "
                    "extent is unknown; where it overlaps no other array, declare it as one, e.g. '" +
                    element + " " + v->getName().str() + "[N]'");
  }

  // The value of a local integer set once before the region (`int k = N / 2;`)
  // and never changed in the function: a known value, not a parameter.
  std::optional<llvm::APSInt> known_value(const clang::VarDecl* v) const {
    if (!v->isLocalVarDecl() || v->isStaticLocal() || !v->hasInit() || v->getType().isVolatileQualified())
      return std::nullopt;
    if (changed_in(v, input_.function_body)) return std::nullopt;
    return evaluate(v->getInit(), ast_);
  }

  // The value a local integer of the function holds where the region
  // begins: its constant initialiser (`int j = -1;`), when nothing before the
  // region changes it, nothing takes its address, and no loop of the
  // function runs the region more than once.
  std::optional<llvm::APSInt> value_at_region_entry(const clang::VarDecl* v) const {
    if (input_.statements.empty() || !input_.function_body || declared_.count(v)) return std::nullopt;
    if (!v->isLocalVarDecl() || v->isStaticLocal() || !v->hasInit() || v->getType().isVolatileQualified())
      return std::nullopt;
    const std::optional<llvm::APSInt> initial = evaluate(v->getInit(), ast_);
    if (!initial || initial->getMinSignedBits() > 62) return std::nullopt;
    const clang::SourceManager& sm = ast_.getSourceManager();
    const clang::SourceLocation begin = sm.getExpansionLoc(input_.statements.front()->getBeginLoc());
    auto before = [&](clang::SourceLocation l) { return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(l), begin); };
    bool holds = true;
    std::function<void(const clang::Stmt*)> look = [&](const clang::Stmt* s) {
      if (!s || !holds) return;
      if (llvm::isa<clang::ForStmt>(s) || llvm::isa<clang::WhileStmt>(s) || llvm::isa<clang::DoStmt>(s))
        if (before(s->getBeginLoc()) && !before(s->getEndLoc())) holds = false;  // a loop around the region
      if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s))
        if (b->isAssignmentOp() && referenced_var(b->getLHS()) == v && before(b->getBeginLoc())) holds = false;
      if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s)) {
        if (u->isIncrementDecrementOp() && referenced_var(u->getSubExpr()) == v && before(u->getBeginLoc()))
          holds = false;
        if (u->getOpcode() == clang::UO_AddrOf && referenced_var(u->getSubExpr()) == v) holds = false;
      }
      for (const clang::Stmt* child : s->children()) look(child);
    };
    look(input_.function_body);
    return holds ? initial : std::nullopt;
  }

  // True when `stmt` assigns `v`, steps it or takes its address.
  static bool changed_in(const clang::VarDecl* v, const clang::Stmt* stmt) {
    if (!stmt) return true;  // no function body to look in: assume the worst
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(stmt))
      if (b->isAssignmentOp() && referenced_var(b->getLHS()) == v) return true;
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(stmt))
      if ((u->isIncrementDecrementOp() || u->getOpcode() == clang::UO_AddrOf) && referenced_var(u->getSubExpr()) == v)
        return true;
    for (const clang::Stmt* child : stmt->children())
      if (child && changed_in(v, child)) return true;
    return false;
  }

  // True when `v` is named in `stmt` at a place (expansion location) that `where` accepts.
  bool named(const clang::VarDecl* v, const clang::Stmt* stmt,
             const std::function<bool(clang::SourceLocation)>& where) const {
    if (!stmt) return false;
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
      if (ref->getDecl() == v && where(ast_.getSourceManager().getExpansionLoc(ref->getBeginLoc()))) return true;
    for (const clang::Stmt* child : stmt->children())
      if (named(v, child, where)) return true;
    return false;
  }

  // True when code that runs after the region names `v`: code after its
  // end, or code before it inside a loop around it, whose next pass runs
  // that code after the region (a scalar or temporary the region leaves is
  // read there).
  bool used_after_region(const clang::VarDecl* v) const {
    if (input_.region_end.isInvalid()) return true;
    const clang::SourceManager& sm = ast_.getSourceManager();
    const clang::SourceLocation end = input_.region_end;
    if (named(v, input_.function_body, [&](clang::SourceLocation at) { return sm.isBeforeInTranslationUnit(end, at); }))
      return true;
    if (input_.statements.empty()) return false;
    const clang::SourceLocation begin = sm.getExpansionLoc(input_.statements.front()->getBeginLoc());
    const auto before_region = [&](clang::SourceLocation at) { return sm.isBeforeInTranslationUnit(at, begin); };
    const std::function<bool(const clang::Stmt*)> in_loop_around = [&](const clang::Stmt* stmt) {
      if (!stmt) return false;
      const bool loop = llvm::isa<clang::ForStmt>(stmt) || llvm::isa<clang::WhileStmt>(stmt) ||
                        llvm::isa<clang::DoStmt>(stmt) || llvm::isa<clang::CXXForRangeStmt>(stmt);
      if (loop && before_region(sm.getExpansionLoc(stmt->getBeginLoc())) &&
          sm.isBeforeInTranslationUnit(end, sm.getExpansionLoc(stmt->getEndLoc())) && named(v, stmt, before_region))
        return true;
      for (const clang::Stmt* child : stmt->children())
        if (in_loop_around(child)) return true;
      return false;
    };
    return in_loop_around(input_.function_body);
  }

  int array_index(const clang::VarDecl* v) {
    auto it = array_index_.find(v);
    if (it != array_index_.end()) return it->second;
    Array a;
    a.name = v->getName().str();
    a.declared_at = loc_.at(v->getLocation());
    a.declared_in_region = declared_.count(v) > 0;
    a.temporary = a.declared_in_region ||
                  (v->isLocalVarDecl() && !v->isStaticLocal() && !used_after_region(v));
    clang::QualType t = declared_type(v);
    while (const clang::ArrayType* at = ast_.getAsArrayType(t)) {
      if (const auto* c = llvm::dyn_cast<clang::ConstantArrayType>(at)) {
        a.extents.push_back(llvm::toString(c->getSize(), 10, false));
      } else if (const auto* va = llvm::dyn_cast<clang::VariableArrayType>(at)) {
        a.extents.push_back(extent_text(va->getSizeExpr()));
      } else {
        a.extents.push_back("");
      }
      t = at->getElementType();
    }
    a.element_type = type_name(t, ast_);
    for (const Array& other : program_.arrays)
      if (other.name == a.name)
        fail(v->getLocation(), "two different variables named '" + a.name +
                                   "' are used in the region; rename one of them");
    if (parameter_vars_.count(a.name))
      fail(v->getLocation(), "'" + a.name + "' is assigned in the region but another variable "
                             "of that name is a symbolic constant of it; rename one of them");
    program_.arrays.push_back(a);
    const int index = static_cast<int>(program_.arrays.size()) - 1;
    array_index_[v] = index;
    return index;
  }

  std::string extent_text(const clang::Expr* size) const {
    if (!size) return "";
    clang::Expr::EvalResult r;
    if (size->EvaluateAsInt(r, ast_)) return llvm::toString(r.Val.getInt(), 10);
    std::string out;
    llvm::raw_string_ostream os(out);
    size->printPretty(os, nullptr, clang::PrintingPolicy(ast_.getLangOpts()));
    return os.str();
  }

  void use_parameter(const clang::VarDecl* v) {
    const std::string name = v->getName().str();
    auto it = parameter_vars_.find(name);
    if (it != parameter_vars_.end()) {
      if (it->second != v)
        fail(v->getLocation(), "two different variables named '" + name +
                                   "' are used as symbolic constants; rename one of them");
      return;
    }
    for (const Array& a : program_.arrays)
      if (a.name == name)
        fail(v->getLocation(), "'" + name + "' is a symbolic constant of the region but another "
                               "variable of that name is assigned in it; rename one of them");
    parameter_vars_[name] = v;
    affine_vars_.insert(v);
    program_.parameters.push_back(name);
  }

  // ------------------------------------------------------------ affine expressions

  static std::optional<llvm::APSInt> evaluate(const clang::Expr* e, const clang::ASTContext& ast) {
    if (!e->getType()->isIntegerType()) return std::nullopt;
    if (e->HasSideEffects(ast)) return std::nullopt;
    clang::Expr::EvalResult r;
    if (!e->EvaluateAsInt(r, ast)) return std::nullopt;
    return r.Val.getInt();
  }

  isl::val to_val(const llvm::APSInt& v) const {
    return isl::val(program_.ctx(), llvm::toString(v, 10));
  }

  [[noreturn]] void fail_non_affine(const clang::Expr* e, const std::string& what,
                                    const std::string& why) const {
    fail(e->getBeginLoc(),
         "non-affine " + what + ": " + quoted(e) + " " + why + "; " + what +
             "s must be affine in the loop iterators and integer parameters");
  }

  isl::pw_aff affine(const clang::Expr* e, const isl::space& space, DivMode mode,
                     const std::string& what) {
    // Integer casts and parentheses are transparent; anything else is not affine.
    const clang::Expr* x = e;
    while (true) {
      if (const auto* p = llvm::dyn_cast<clang::ParenExpr>(x)) {
        x = p->getSubExpr();
        continue;
      }
      if (const auto* k = llvm::dyn_cast<clang::ConstantExpr>(x)) {
        x = k->getSubExpr();
        continue;
      }
      if (const auto* c = llvm::dyn_cast<clang::CastExpr>(x)) {
        if (c->getType()->isIntegerType() && c->getSubExpr()->getType()->isIntegerType()) {
          x = c->getSubExpr();
          continue;
        }
        if (c->getCastKind() == clang::CK_LValueToRValue) {
          x = c->getSubExpr();
          continue;
        }
      }
      break;
    }
    if (auto v = evaluate(x, ast_)) return constant_on(space, to_val(*v));
    if (const auto* c = llvm::dyn_cast<clang::CastExpr>(x))
      if (!c->getSubExpr()->getType()->isIntegerType())
        fail_non_affine(x, what, "converts a non-integer value");
    if (llvm::isa<clang::ArraySubscriptExpr>(x))
      fail_non_affine(x, what, "reads an array element (data-dependent)");
    if (!x->getType()->isIntegerType()) {
      if (const clang::VarDecl* v = referenced_var(x)) {
        const VarRole r = role(v);
        if (r == VarRole::Pointer) fail_pointer(x->getBeginLoc(), v);
        if (r == VarRole::Array) fail_non_affine(x, what, "is an array, not an integer");
        fail(x->getBeginLoc(), "non-affine " + what + ": '" + v->getName().str() +
                                   "' has type " + declared_type(v).getAsString() +
                                   "; only integer variables can appear in " + what + "s");
      }
      fail_non_affine(x, what, "is not an integer expression");
    }
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(x)) {
      if (const auto* ec = llvm::dyn_cast<clang::EnumConstantDecl>(r->getDecl()))
        return constant_on(space, to_val(ec->getInitVal()));
      const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
      if (!v) fail_non_affine(x, what, "does not name a variable");
      if (const clang::Expr* argument = argument_of(v)) return affine(argument, space, mode, what);
      switch (role(v)) {
        case VarRole::Iterator:
          return variable_on(space, static_cast<unsigned>(loop_position(v)));
        case VarRole::StaleIterator: fail_stale_iterator(x->getBeginLoc(), v);
        case VarRole::OuterInteger:
          if (const std::optional<llvm::APSInt> known = known_value(v)) return constant_on(space, to_val(*known));
          use_parameter(v);
          return parameter_on(space, v->getName().str());
        case VarRole::RegionScalar:
          if (const ExprPtr known = known_scalar(v)) return affine_of_closed_form(*known, space);
          fail(x->getBeginLoc(), "non-affine " + what + ": '" + v->getName().str() +
                                     "' is assigned in the region, so it is not a symbolic "
                                     "constant; " + what +
                                     "s must be affine in the loop iterators and integer parameters");
        case VarRole::Pointer: fail_pointer(x->getBeginLoc(), v);
        case VarRole::Array:
          fail_non_affine(x, what, "is an array, not an integer");
        case VarRole::OuterOther:
          fail(x->getBeginLoc(), "non-affine " + what + ": '" + v->getName().str() +
                                     "' has type " + declared_type(v).getAsString() +
                                     "; only integer variables can appear in " + what + "s");
      }
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x)) {
      switch (u->getOpcode()) {
        case clang::UO_Minus: return affine(u->getSubExpr(), space, mode, what).neg();
        case clang::UO_Plus: return affine(u->getSubExpr(), space, mode, what);
        case clang::UO_PreInc:
        case clang::UO_PreDec:
        case clang::UO_PostInc:
        case clang::UO_PostDec:
          fail(x->getBeginLoc(), "assignment inside an expression: " + quoted(x) +
                                     " changes a variable while " + what +
                                     " is evaluated; write the update as its own statement");
        case clang::UO_Deref:
          fail(x->getBeginLoc(), "pointer dereference " + quoted(x) +
                                     ": pointers may alias arrays; use array subscripts");
        default: fail_non_affine(x, what, "uses operator '" +
                                              clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str() + "'");
      }
    }
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x)) {
      const clang::Expr* l = b->getLHS();
      const clang::Expr* r = b->getRHS();
      switch (b->getOpcode()) {
        case clang::BO_Add: return affine(l, space, mode, what).add(affine(r, space, mode, what));
        case clang::BO_Sub: return affine(l, space, mode, what).sub(affine(r, space, mode, what));
        case clang::BO_Mul: {
          if (auto c = evaluate(r, ast_)) return affine(l, space, mode, what).scale(to_val(*c));
          if (auto c = evaluate(l, ast_)) return affine(r, space, mode, what).scale(to_val(*c));
          // Check both sides first so a deeper problem is reported where it is.
          affine(l, space, mode, what);
          affine(r, space, mode, what);
          fail_non_affine(x, what, "multiplies two non-constant expressions");
        }
        case clang::BO_Div:
        case clang::BO_Rem: {
          auto c = evaluate(r, ast_);
          if (!c) {
            affine(r, space, mode, what);
            fail_non_affine(x, what, "divides by a non-constant expression");
          }
          if (*c == 0) fail(r->getBeginLoc(), "division by zero in " + what + " " + quoted(x));
          saw_division_ = true;
          const bool negative = c->isNegative();
          const llvm::APSInt magnitude = negative ? -*c : *c;
          const isl::val m = to_val(magnitude);
          const isl::pw_aff num = affine(l, space, mode, what);
          if (b->getOpcode() == clang::BO_Div) {
            // C truncates toward zero; floor agrees for nonnegative numerators.
            isl::pw_aff q = mode == DivMode::Exact ? num.tdiv_q(constant_on(space, m))
                                                   : num.scale_down(m).floor();
            return negative ? q.neg() : q;
          }
          return mode == DivMode::Exact ? num.tdiv_r(constant_on(space, m)) : num.mod(m);
        }
        case clang::BO_Assign:
        case clang::BO_MulAssign:
        case clang::BO_DivAssign:
        case clang::BO_RemAssign:
        case clang::BO_AddAssign:
        case clang::BO_SubAssign:
        case clang::BO_ShlAssign:
        case clang::BO_ShrAssign:
        case clang::BO_AndAssign:
        case clang::BO_XorAssign:
        case clang::BO_OrAssign:
          fail(b->getBeginLoc(), "assignment inside an expression: " + quoted(x) +
                                     " changes a variable while " + what +
                                        " is evaluated; write the update as its own statement");
        default:
          if (b->isComparisonOp() || b->isLogicalOp())
            fail_non_affine(x, what, "is a truth value used as a number");
          fail_non_affine(x, what, "uses operator '" + b->getOpcodeStr().str() + "'");
      }
    }
    if (const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(x)) {
      const isl::set cond = condition(c->getCond(), space, mode, what);
      const isl::pw_aff t = affine(c->getTrueExpr(), space, mode, what);
      const isl::pw_aff f = affine(c->getFalseExpr(), space, mode, what);
      return cond.indicator_function().cond(t, f);
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(x)) {
      const clang::FunctionDecl* fd = call->getDirectCallee();
      const std::string name = fd ? fd->getName().str() : std::string();
      if ((name == "min" || name == "max" || name == "MIN" || name == "MAX") &&
          call->getNumArgs() == 2) {
        const isl::pw_aff a = affine(call->getArg(0), space, mode, what);
        const isl::pw_aff b = affine(call->getArg(1), space, mode, what);
        return (name == "min" || name == "MIN") ? a.min(b) : a.max(b);
      }
      if ((name == "abs" || name == "labs" || name == "llabs") && call->getNumArgs() == 1) {
        const isl::pw_aff a = affine(call->getArg(0), space, mode, what);
        return a.max(a.neg());
      }
      if ((name == "floord" || name == "ceild") && call->getNumArgs() == 2) {
        auto c = evaluate(call->getArg(1), ast_);
        if (!c || !c->isStrictlyPositive())
          fail_non_affine(x, what, "divides by something other than a positive constant");
        const isl::pw_aff a = affine(call->getArg(0), space, mode, what).scale_down(to_val(*c));
        return name == "floord" ? a.floor() : a.ceil();
      }
      fail_non_affine(x, what, name.empty() ? "calls a function"
                                            : "calls '" + name + "' (only min, max and abs are affine)");
    }
    if (llvm::isa<clang::ArraySubscriptExpr>(x))
      fail_non_affine(x, what, "reads an array element (data-dependent)");
    fail_non_affine(x, what, "is not an affine expression");
  }

  isl::set condition(const clang::Expr* e, const isl::space& space, DivMode mode,
                     const std::string& what) {
    const clang::Expr* x = strip(e);
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x)) {
      switch (b->getOpcode()) {
        case clang::BO_LAnd:
          return condition(b->getLHS(), space, mode, what)
              .intersect(condition(b->getRHS(), space, mode, what));
        case clang::BO_LOr:
          return condition(b->getLHS(), space, mode, what)
              .unite(condition(b->getRHS(), space, mode, what));
        case clang::BO_LT:
        case clang::BO_LE:
        case clang::BO_GT:
        case clang::BO_GE:
        case clang::BO_EQ:
        case clang::BO_NE: {
          const isl::pw_aff l = affine(b->getLHS(), space, mode, what);
          const isl::pw_aff r = affine(b->getRHS(), space, mode, what);
          switch (b->getOpcode()) {
            case clang::BO_LT: return l.lt_set(r);
            case clang::BO_LE: return l.le_set(r);
            case clang::BO_GT: return l.gt_set(r);
            case clang::BO_GE: return l.ge_set(r);
            case clang::BO_EQ: return l.eq_set(r);
            default: return l.ne_set(r);
          }
        }
        default: break;
      }
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x))
      if (u->getOpcode() == clang::UO_LNot)
        return condition(u->getSubExpr(), space, mode, what).complement();
    if (const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(x)) {
      const isl::set cond = condition(c->getCond(), space, mode, what);
      const isl::set t = condition(c->getTrueExpr(), space, mode, what);
      const isl::set f = condition(c->getFalseExpr(), space, mode, what);
      return cond.intersect(t).unite(cond.complement().intersect(f));
    }
    // Any other integer expression is true when nonzero.
    const isl::pw_aff v = affine(e, space, mode, what);
    return v.ne_set(constant_on(space, 0));
  }

  // Builds with exact C division; where that agrees with floor division on
  // `context`, the floor form (simpler to read) is used instead.
  template <typename T, typename Build>
  T with_division(const isl::set& context, Build build) {
    saw_division_ = false;
    T exact = build(DivMode::Exact);
    if (!saw_division_) return exact;
    T floor = build(DivMode::Floor);
    if (restrict_to(floor, context).is_equal(restrict_to(exact, context))) return floor;
    return exact;
  }
  static isl::set restrict_to(const isl::set& s, const isl::set& context) {
    return s.intersect(context);
  }
  static isl::map restrict_to(const isl::map& m, const isl::set& context) {
    return m.intersect_domain(context);
  }

  // ------------------------------------------------------------ statements

  void walk(const clang::Stmt* s, const clang::LabelStmt* label) {
    if (!s) return;
    if (const auto* c = llvm::dyn_cast<clang::CompoundStmt>(s)) {
      if (!goto_path_ && jumps_ && has_forward_goto_targets(c)) return walk_with_gotos(c);
      for (const clang::Stmt* child : c->body()) walk(child, nullptr);
      return;
    }
    if (llvm::isa<clang::NullStmt>(s)) return;
    if (const auto* g = llvm::dyn_cast<clang::GotoStmt>(s)) return walk_goto(g);
    if (llvm::isa<clang::ContinueStmt>(s) && goto_path_ && loops_.size() == goto_loop_depth_) {
      // The rest of the body is not reached on this path.
      if (!domain_.is_equal(goto_domain_))
        fail(s->getBeginLoc(), "'continue' in a scop under an affine condition: only conditions on data may guard "
                               "it; put the statements after it in an 'if' on the opposite condition");
      goto_path_ = Formula{};
      return;
    }
    if (const auto* l = llvm::dyn_cast<clang::LabelStmt>(s)) {
      const clang::Stmt* sub = l->getSubStmt();
      if (!llvm::isa<clang::Expr>(sub) && !llvm::isa<clang::DeclStmt>(sub))
        fail(l->getIdentLoc(), "label '" + std::string(l->getName()) +
                                   "' is not in front of an assignment: labels name statements");
      walk(sub, l);
      return;
    }
    if (const auto* f = llvm::dyn_cast<clang::ForStmt>(s)) return walk_for(f);
    if (const auto* i = llvm::dyn_cast<clang::IfStmt>(s)) return walk_if(i);
    if (const auto* d = llvm::dyn_cast<clang::DeclStmt>(s)) return walk_decl(d, label);
    if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) return walk_expr(e, label);
    refuse(s);
  }

  [[noreturn]] void refuse(const clang::Stmt* s) const {
    const CLoc at = s->getBeginLoc();
    if (llvm::isa<clang::BreakStmt>(s))
      fail(at, "'break' in a scop: loops must run all their iterations (the iteration "
               "domain cannot depend on an early exit)");
    if (llvm::isa<clang::ContinueStmt>(s))
      fail(at, "'continue' in a scop: only a 'continue' of the loop around it, under conditions on data, is "
               "supported (not under an affine condition, nor in a nested block that also jumps)");
    if (llvm::isa<clang::GotoStmt>(s) || llvm::isa<clang::IndirectGotoStmt>(s))
      fail(at, "'goto' in a scop: control flow must be structured 'for' loops and 'if's");
    if (llvm::isa<clang::ReturnStmt>(s))
      fail(at, "'return' in a scop: the region must run to its end");
    if (llvm::isa<clang::WhileStmt>(s))
      fail(at, "'while' loop in a scop: its trip count is not affine; only 'for' loops with "
               "affine bounds are supported");
    if (llvm::isa<clang::DoStmt>(s))
      fail(at, "'do'-'while' loop in a scop: its trip count is not affine; only 'for' loops "
               "with affine bounds are supported");
    if (llvm::isa<clang::SwitchStmt>(s))
      fail(at, "'switch' in a scop: only 'if' with affine conditions is supported");
    if (llvm::isa<clang::GCCAsmStmt>(s) || llvm::isa<clang::MSAsmStmt>(s))
      fail(at, "inline assembly in a scop: its effects are unknown");
    fail(at, std::string("unsupported statement (") + s->getStmtClassName() +
                 ") in a scop: only assignments, 'for' loops and 'if's are supported");
  }

  void walk_for(const clang::ForStmt* f) {
    const CLoc for_loc = f->getForLoc();
    if (f->getConditionVariable())
      fail(f->getConditionVariable()->getLocation(),
           "declaration in a 'for' condition: the loop condition must be an affine comparison");
    // Initialisation: `i = lb` or `int i = lb`.
    const clang::Stmt* init = f->getInit();
    if (!init) fail(for_loc, "'for' loop without an initialisation: write 'for (i = lower; ...'");
    const clang::VarDecl* var = init_variable(f);
    const clang::Expr* lower = nullptr;
    if (var) {
      if (llvm::isa<clang::DeclStmt>(init))
        lower = var->getInit();
      else
        lower = llvm::cast<clang::BinaryOperator>(init)->getRHS();
    }
    if (!var || !lower)
      fail(init->getBeginLoc(), "unsupported loop initialisation " + quoted(init) +
                                    ": expected 'i = lower bound' or 'int i = lower bound'");
    const std::string name = var->getName().str();
    if (!var->getType()->isIntegerType())
      fail(init->getBeginLoc(), "loop iterator '" + name + "' has type " +
                                   var->getType().getAsString() + ": iterators must be integers");
    for (const LoopInfo& l : loops_)
      if (l.var == var || l.name == name)
        fail(var->getLocation(), "loop iterator '" + name +
                                     "' is already the iterator of an enclosing loop");
    // Increment: i++, ++i, i--, --i, i += c, i -= c, i = i + c, i = c + i, i = i - c.
    const clang::Expr* inc = f->getInc();
    if (!inc) fail(for_loc, "'for' loop without an increment: write 'i++', 'i--' or 'i += c'");
    const int step = loop_step(inc, var);
    const clang::Expr* cond = f->getCond();
    if (!cond) fail(for_loc, "'for' loop without a condition: the loop would not terminate");
    // The iterator may not change inside the body.
    if (const clang::Stmt* w = find_write(f->getBody(), var))
      fail(w->getBeginLoc(), "loop iterator '" + name +
                                 "' is written in the loop body: the iteration domain would "
                                 "not be affine");

    LoopInfo info;
    info.var = var;
    info.name = name;
    info.id = next_loop_id_++;
    info.step = step > 0 ? 1 : -1;
    info.where = loc_.at(for_loc);

    const isl::set outer = domain_;
    const isl::set widened = add_named_dim(outer, name);
    const unsigned pos = static_cast<unsigned>(loops_.size());
    const isl::space space = widened.space();
    const isl::set loop_domain = with_division<isl::set>(widened, [&](DivMode mode) {
      const isl::pw_aff lb = affine(lower, space, mode, "loop bound");
      loops_.push_back(info);
      isl::set c;
      try {
        c = condition(cond, space, mode, "loop bound");
      } catch (...) {
        loops_.pop_back();
        throw;
      }
      loops_.pop_back();
      return iteration_set(widened, lb, c, step, pos, for_loc);
    });

    const int index = counters_.back()++;
    path_.push_back(index);
    counters_.push_back(0);
    const ScalarValues effect = iteration_effect(f->getBody(), ast_, classifier());
    const KnownScalars entry = known_;
    loops_.push_back(info);
    domain_ = loop_domain;
    enter_loop_body(effect, entry, var, lower, step);
    walk(f->getBody(), nullptr);
    leave_loop(effect, entry, constant_trip_count(f, ast_));
    domain_ = outer;
    loops_.pop_back();
    counters_.pop_back();
    path_.pop_back();
  }

  // The values the iterator (last dimension) takes: from `lb` in steps of `step`
  // while `cond` holds; exactly C's semantics even when `cond` is not monotone.
  isl::set iteration_set(const isl::set& widened, const isl::pw_aff& lb, const isl::set& cond,
                         int step, unsigned pos, CLoc for_loc) {
    const isl::space space = widened.space();
    const isl::pw_aff it = variable_on(space, pos);
    isl::set base = widened.intersect(step > 0 ? it.ge_set(lb) : it.le_set(lb));
    if (step != 1 && step != -1) {
      const long magnitude = step > 0 ? step : -static_cast<long>(step);
      base = base.intersect(it.sub(lb).mod(isl::val(program_.ctx(), magnitude))
                                .eq_set(constant_on(space, 0)));
    }
    const isl::set simple = base.intersect(cond);
    const isl::set failing = base.subtract(cond);
    // The loop ends for the outer iterations (and parameters) where some
    // iteration fails the condition; elsewhere it would run forever.
    const isl::set endless = project_out_last(base).subtract(project_out_last(failing));
    if (!endless.is_empty()) {
      std::ostringstream where;
      where << endless.params();
      fail(for_loc, "the loop condition never becomes false" +
                        (endless.params().is_equal(isl::set::universe(endless.params().space()))
                             ? std::string()
                             : " when " + where.str()) +
                        ": the loop would not terminate; bound the iterator with '<', '<=', '>' "
                        "or '>='");
    }
    const isl::set after = failing.apply(later_on_last_dim(space, step > 0));
    const isl::set exact = base.subtract(after);
    if (exact.is_equal(simple)) return simple.coalesce();
    return exact.coalesce();
  }

  int loop_step(const clang::Expr* inc, const clang::VarDecl* var) {
    const clang::Expr* x = strip(inc);
    const std::string name = var->getName().str();
    auto wrong_var = [&](const clang::Expr* target) {
      const clang::VarDecl* v = referenced_var(target);
      if (v != var)
        fail(inc->getBeginLoc(), "the loop increment " + quoted(inc) + " does not update the "
                                 "iterator '" + name + "' the initialisation sets");
    };
    auto constant_step = [&](const clang::Expr* e) -> int {
      auto c = evaluate(e, ast_);
      if (!c)
        fail(e->getBeginLoc(), "loop step " + quoted(e) +
                                   " is not an integer constant: non-constant strides are not "
                                   "affine");
      if (*c == 0) fail(e->getBeginLoc(), "loop step is zero: the loop would not terminate");
      if (c->getMinSignedBits() > 31)
        fail(e->getBeginLoc(), "loop step " + quoted(e) + " is too large");
      return static_cast<int>(c->getExtValue());
    };
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x)) {
      if (u->isIncrementDecrementOp()) {
        wrong_var(u->getSubExpr());
        return u->isIncrementOp() ? 1 : -1;
      }
    }
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x)) {
      if (b->getOpcode() == clang::BO_AddAssign || b->getOpcode() == clang::BO_SubAssign) {
        wrong_var(b->getLHS());
        const int c = constant_step(b->getRHS());
        return b->getOpcode() == clang::BO_AddAssign ? c : -c;
      }
      if (b->getOpcode() == clang::BO_Assign) {
        wrong_var(b->getLHS());
        if (const auto* r = llvm::dyn_cast<clang::BinaryOperator>(strip(b->getRHS()))) {
          if (r->getOpcode() == clang::BO_Add) {
            if (referenced_var(r->getLHS()) == var) return constant_step(r->getRHS());
            if (referenced_var(r->getRHS()) == var) return constant_step(r->getLHS());
          }
          if (r->getOpcode() == clang::BO_Sub && referenced_var(r->getLHS()) == var)
            return -constant_step(r->getRHS());
        }
      }
    }
    fail(inc->getBeginLoc(), "unsupported loop increment " + quoted(inc) +
                                 ": expected i++, i--, i += c, i -= c or i = i + c with an "
                                 "integer constant c");
  }

  // The first statement in `s` that assigns `var`, or null.
  const clang::Stmt* find_write(const clang::Stmt* s, const clang::VarDecl* var) const {
    if (!s) return nullptr;
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(s))
      if (b->isAssignmentOp() && referenced_var(b->getLHS()) == var) return s;
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(s)) {
      if (u->isIncrementDecrementOp() && referenced_var(u->getSubExpr()) == var) return s;
      if (u->getOpcode() == clang::UO_AddrOf && referenced_var(u->getSubExpr()) == var) return s;
    }
    for (const clang::Stmt* c : s->children())
      if (const clang::Stmt* w = find_write(c, var)) return w;
    return nullptr;
  }

  // An `if` splits its affine conjuncts (into the statements' domains) from
  // those that read data (`b[i] > 0.`, a float, a call): those guard each
  // statement below, as pet does. Re-evaluating the condition at every
  // statement is exact only while nothing under it has changed what it reads;
  // add_statement refuses the rest.
  void walk_if(const clang::IfStmt* s) {
    if (s->getInit() || s->getConditionVariable())
      fail(s->getIfLoc(), "declaration in an 'if' condition: the condition must be affine");
    const isl::set outer = domain_;
    const isl::space space = outer.space();
    std::vector<const clang::Expr*> conjuncts;
    split_conjuncts(s->getCond(), conjuncts);
    isl::set affine_part = outer;
    std::vector<const clang::Expr*> on_data;
    for (const clang::Expr* c : conjuncts) {
      if (reads_data(c)) {
        on_data.push_back(c);
        continue;
      }
      affine_part = affine_part.intersect(
          with_division<isl::set>(outer, [&](DivMode mode) { return condition(c, space, mode, "condition"); }));
    }
    const KnownScalars known_before = known_;
    if (on_data.empty()) {
      domain_ = affine_part.coalesce();
      walk(s->getThen(), nullptr);
      const KnownScalars known_after_then = std::exchange(known_, known_before);
      if (s->getElse()) {
        domain_ = outer.subtract(affine_part).coalesce();
        walk(s->getElse(), nullptr);
      }
      known_ = agreed(known_after_then, known_);
      domain_ = outer;
      return;
    }
    auto frame = std::make_shared<GuardFrame>();
    frame->loop_depth = loops_.size();
    frame->where = s->getCond()->getBeginLoc();
    collect_read_arrays(s->getCond(), frame->reads);
    if (goto_path_) return walk_if_on_path(s, frame, on_data.size() == conjuncts.size());
    const std::size_t depth = guards_.size();
    const WalkMark mark = walk_mark();
    KnownScalars known_after_then;
    try {
      domain_ = affine_part.coalesce();
      for (const clang::Expr* c : on_data) guards_.push_back(Guard{c, false, frame, {}});
      walk(s->getThen(), nullptr);
      guards_.resize(depth);
      known_after_then = std::exchange(known_, known_before);
      if (s->getElse()) {
        domain_ = outer;
        guards_.push_back(Guard{s->getCond(), true, frame, {}});
        walk(s->getElse(), nullptr);
        guards_.resize(depth);
      }
    } catch (const StaleCondition& stale) {
      if (stale.frame != frame.get() || on_data.size() != conjuncts.size()) throw;
      // A statement under it changes what the condition reads: compute the
      // condition once, into a scalar of the region, as pet does.
      guards_.resize(depth);
      rewind(mark);
      domain_ = outer;
      const Guard held = held_condition(s->getCond());
      guards_.push_back(held);
      walk(s->getThen(), nullptr);
      guards_.resize(depth);
      known_after_then = std::exchange(known_, known_before);
      if (s->getElse()) {
        guards_.push_back(Guard{nullptr, true, held.frame, held.temporary});
        walk(s->getElse(), nullptr);
        guards_.resize(depth);
      }
    }
    known_ = agreed(known_after_then, known_);
    domain_ = outer;
  }

  // Where the walk stands, to walk a part again.
  struct WalkMark {
    std::size_t statements = 0;
    int statement_count = 0;
    std::vector<int> counters, path;
    std::vector<LoopInfo> loops;
    std::set<std::string> used_names;
    KnownScalars known;
  };
  WalkMark walk_mark() const {
    return {program_.statements.size(), statement_count_, counters_, path_, loops_, used_names_, known_};
  }
  void rewind(const WalkMark& mark) {
    known_ = mark.known;
    program_.statements.resize(mark.statements);
    statement_count_ = mark.statement_count;
    counters_ = mark.counters;
    path_ = mark.path;
    loops_ = mark.loops;
    used_names_ = mark.used_names;
  }

  // `ls_cond<k> = condition;`, an int scalar of the region; returns its name.
  std::string add_condition_temporary(const clang::Expr* condition) {
    std::string name = "ls_cond" + std::to_string(temporaries_++);
    while (used_names_.count(name) || labels_.count(name)) name += "_";
    Array a;
    a.name = name;
    a.element_type = "int";
    a.declared_in_region = true;
    a.temporary = true;
    a.declared_at = loc_.at(condition->getBeginLoc());
    program_.arrays.push_back(a);
    StatementParts parts;
    parts.stmt = condition;
    parts.op = "=";
    parts.rhs = condition;
    parts.scalar_target = name;
    add_statement(parts, nullptr);
    return name;
  }

  // The conditions of one data-dependent `if`: the arrays they read, and the
  // elements the statements under it (then and else) have written so far.
  struct GuardFrame {
    std::set<std::string> reads;
    // Who wrote what, per iteration of the loops around the `if`:
    // [i] -> a[i] (the loops under the `if` projected out).
    std::vector<std::pair<std::string, isl::map>> writes;
    std::size_t loop_depth = 0;
    CLoc where;
  };
  struct Guard {
    const clang::Expr* condition = nullptr;  // null: the temporary holds it
    bool negated = false;  // the else branch
    std::shared_ptr<GuardFrame> frame;
    std::string temporary;  // the scalar the condition was computed into ("" if none)
  };
  // A statement would see the condition of `frame` changed under it.
  struct StaleCondition : InputError {
    StaleCondition(const SourceLocation& at, const std::string& message, const GuardFrame* f)
        : InputError(at, message), frame(f) {}
    const GuardFrame* frame;
  };

  // The condition computed once, here, into a temporary, as a guard on it.
  Guard held_condition(const clang::Expr* condition) {
    auto frame = std::make_shared<GuardFrame>();
    frame->loop_depth = loops_.size();
    frame->where = condition->getBeginLoc();
    const std::string temporary = add_condition_temporary(condition);
    frame->reads = {temporary};
    return Guard{nullptr, false, frame, temporary};
  }

  // `access` (S[i, j] -> A[...]) per iteration of the first `depth` loops.
  static isl::map per_iteration(const isl::map& access, std::size_t depth) {
    const unsigned dims = unsigned(isl_map_dim(access.get(), isl_dim_in));
    isl_map* m = isl_map_project_out(access.copy(), isl_dim_in, unsigned(depth), dims - unsigned(depth));
    return isl::manage(isl_map_reset_tuple_id(m, isl_dim_in));
  }

  // ------------------------------------------------------------ forward gotos

  // A path condition: which outcomes of the conditions on data (atoms) reach
  // a point of a loop body with forward gotos, in disjunctive normal form.
  // {} is false, {{}} true.
  struct Literal {
    int atom = 0;
    bool negated = false;
    bool operator<(const Literal& o) const { return std::tie(atom, negated) < std::tie(o.atom, o.negated); }
    bool operator==(const Literal& o) const { return atom == o.atom && negated == o.negated; }
  };
  using Term = std::vector<Literal>;  // sorted by atom
  using Formula = std::vector<Term>;

  static Formula conjoin(const Formula& f, const Literal& l) {
    Formula out;
    for (Term t : f) {
      const auto same = std::find_if(t.begin(), t.end(), [&](const Literal& x) { return x.atom == l.atom; });
      if (same != t.end()) {
        if (same->negated != l.negated) continue;  // contradiction: the term is false
      } else {
        t.insert(std::upper_bound(t.begin(), t.end(), l), l);
      }
      out.push_back(std::move(t));
    }
    return simplified(std::move(out));
  }

  static Formula disjoin(Formula a, const Formula& b) {
    a.insert(a.end(), b.begin(), b.end());
    return simplified(std::move(a));
  }

  // (A and X) or (not A and X) is X; a term that holds another is dropped.
  static Formula simplified(Formula f) {
    for (bool changed = true; changed;) {
      changed = false;
      std::sort(f.begin(), f.end());
      f.erase(std::unique(f.begin(), f.end()), f.end());
      for (std::size_t a = 0; a < f.size() && !changed; ++a)
        for (std::size_t b = 0; b < f.size() && !changed; ++b) {
          if (a == b) continue;
          if (std::includes(f[b].begin(), f[b].end(), f[a].begin(), f[a].end())) {
            f.erase(f.begin() + long(b));
            changed = true;
          } else if (f[a].size() == f[b].size()) {
            std::size_t differing = 0, at = 0;
            for (std::size_t k = 0; k < f[a].size(); ++k)
              if (!(f[a][k] == f[b][k])) {
                ++differing;
                at = k;
              }
            if (differing == 1 && f[a][at].atom == f[b][at].atom) {
              Term merged = f[a];
              merged.erase(merged.begin() + long(at));
              f[a] = merged;
              f.erase(f.begin() + long(b));
              changed = true;
            }
          }
        }
    }
    return f;
  }

  static bool is_true(const Formula& f) { return f.size() == 1 && f[0].empty(); }

  // Labels of `c`'s own statements that a `goto` earlier inside `c` names.
  static std::set<const clang::LabelDecl*> forward_goto_targets(const clang::CompoundStmt* c) {
    std::set<const clang::LabelDecl*> seen_gotos, targets;
    std::function<void(const clang::Stmt*)> gotos_in = [&](const clang::Stmt* s) {
      if (!s) return;
      if (const auto* g = llvm::dyn_cast<clang::GotoStmt>(s)) seen_gotos.insert(g->getLabel());
      for (const clang::Stmt* child : s->children()) gotos_in(child);
    };
    for (const clang::Stmt* child : c->body()) {
      if (const auto* l = llvm::dyn_cast<clang::LabelStmt>(child))
        if (seen_gotos.count(l->getDecl())) targets.insert(l->getDecl());
      gotos_in(child);
    }
    return targets;
  }
  // A `continue` of the loop whose body `c` is (not of a loop inside it).
  static bool continues(const clang::Stmt* s) {
    if (!s || llvm::isa<clang::ForStmt>(s) || llvm::isa<clang::WhileStmt>(s) || llvm::isa<clang::DoStmt>(s)) return false;
    if (llvm::isa<clang::ContinueStmt>(s)) return true;
    for (const clang::Stmt* child : s->children())
      if (continues(child)) return true;
    return false;
  }
  static bool has_forward_goto_targets(const clang::CompoundStmt* c) {
    return !forward_goto_targets(c).empty() || continues(c);
  }

  // A loop body with forward gotos to its own labels (`if (c) goto L20; ...
  // L20: ...`): each statement runs under the path condition that reaches it.
  void walk_with_gotos(const clang::CompoundStmt* c) {
    if (!guards_.empty())
      fail(c->getLBracLoc(), "'goto' inside an 'if' on data is not supported; jump from the loop body itself");
    const std::set<const clang::LabelDecl*> targets = forward_goto_targets(c);
    // Paths through the body differ in what they assign: no closed forms here.
    const ScalarValues written = iteration_effect(c, ast_, classifier());
    for (const auto& entry : written) known_.erase(entry.first);
    const WalkMark mark = walk_mark();
    // A condition that a statement after it changes is computed once into a
    // temporary (held_conditions_), and the body walked again.
    for (bool done = false; !done;) {
      goto_targets_ = targets;
      goto_path_ = Formula{Term{}};
      label_paths_.clear();
      atoms_.clear();
      goto_domain_ = domain_;
      goto_loop_depth_ = loops_.size();
      try {
        for (const clang::Stmt* child : c->body()) {
          const clang::Stmt* stmt = child;
          const clang::LabelStmt* target_label = nullptr;
          while (const auto* l = llvm::dyn_cast<clang::LabelStmt>(stmt)) {
            if (!targets.count(l->getDecl())) break;
            goto_path_ = disjoin(*goto_path_, label_paths_[l->getDecl()]);
            target_label = l;
            stmt = l->getSubStmt();
          }
          if (goto_path_->empty()) continue;  // no path reaches it
          // A label in front of an assignment names its statement, jumped to or not.
          const bool names = llvm::isa<clang::Expr>(stmt) || llvm::isa<clang::DeclStmt>(stmt);
          walk(stmt, names ? target_label : nullptr);
        }
        done = true;
      } catch (const StaleCondition& stale) {
        const auto atom = std::find_if(atoms_.begin(), atoms_.end(), [&](const Guard& a) { return a.frame.get() == stale.frame; });
        if (atom == atoms_.end() || !atom->condition || !held_conditions_.insert(atom->condition).second) throw;
        rewind(mark);
        domain_ = goto_domain_;
      }
    }
    goto_path_.reset();
    label_paths_.clear();
    atoms_.clear();
    goto_targets_.clear();
    for (const auto& entry : written) known_.erase(entry.first);
  }

  void walk_goto(const clang::GotoStmt* g) {
    const clang::LabelDecl* target = g->getLabel();
    const bool forward = target && target->getStmt() &&
                         loc_.sm().isBeforeInTranslationUnit(g->getGotoLoc(), target->getStmt()->getBeginLoc());
    if (!goto_path_ || !goto_targets_.count(target) || !forward)
      fail(g->getGotoLoc(), "'goto' in a scop: only a jump forward to a label of the same loop body is supported "
                            "(not out of a loop, nor back)");
    if (!domain_.is_equal(goto_domain_))
      fail(g->getGotoLoc(), "'goto' under an affine condition: only conditions on data may guard a jump");
    label_paths_[target] = disjoin(label_paths_[target], *goto_path_);
    goto_path_ = Formula{};
  }

  // A data-dependent `if` inside a body with gotos: its outcome is an atom of
  // the path condition; after it, the paths out of both branches meet.
  void walk_if_on_path(const clang::IfStmt* s, const std::shared_ptr<GuardFrame>& frame, bool all_on_data) {
    if (!all_on_data)
      fail(s->getIfLoc(), "an 'if' that mixes affine and data conditions in a loop body with 'goto': split it");
    const int atom = static_cast<int>(atoms_.size());
    atoms_.push_back(held_conditions_.count(s->getCond()) ? held_condition(s->getCond())
                                                          : Guard{s->getCond(), false, frame, {}});
    const Formula before = *goto_path_;
    goto_path_ = conjoin(before, Literal{atom, false});
    walk(s->getThen(), nullptr);
    const Formula after_then = *goto_path_;
    goto_path_ = conjoin(before, Literal{atom, true});
    walk(s->getElse(), nullptr);
    goto_path_ = disjoin(after_then, *goto_path_);
  }

  // The path condition as an expression, its reads added to the statement.
  ExprPtr path_guard(Statement& st, std::string& text) {
    ExprPtr any;
    std::string any_text;
    for (const Term& t : *goto_path_) {
      ExprPtr all;
      std::string all_text;
      for (const Literal& l : t) {
        const Guard& a = atoms_[static_cast<std::size_t>(l.atom)];
        std::string written;
        const ExprPtr c = guard_condition(st, a.condition, a.temporary, *a.frame, l.negated, written);
        if (!l.negated && (t.size() > 1 || goto_path_->size() > 1)) written = "(" + written + ")";
        all = all ? make(ExprKind::Binary, "&&", {all, c}, "int") : c;
        all_text += (all_text.empty() ? "" : " && ") + written;
      }
      any = any ? make(ExprKind::Binary, "||", {any, all}, "int") : all;
      any_text += (any_text.empty() ? "" : " || ") + (t.size() > 1 && goto_path_->size() > 1 ? "(" + all_text + ")" : all_text);
    }
    text += (text.empty() ? "" : " && ") + any_text;
    return any;
  }

  static void split_conjuncts(const clang::Expr* e, std::vector<const clang::Expr*>& out) {
    const clang::Expr* x = strip(e);
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x))
      if (b->getOpcode() == clang::BO_LAnd) {
        split_conjuncts(b->getLHS(), out);
        split_conjuncts(b->getRHS(), out);
        return;
      }
    out.push_back(e);
  }

  // True when `e` reads memory or values the polyhedral model cannot hold in
  // a domain: array elements, scalars of the region, non-integer values, calls.
  bool reads_data(const clang::Expr* e) const {
    const clang::Expr* x = e->IgnoreParens();
    if (!x->getType()->isIntegerType() && !x->getType()->isBooleanType()) return true;
    if (llvm::isa<clang::ArraySubscriptExpr>(x)) return true;
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(x)) {
      // The integer helpers affine() reads are data only through their arguments.
      const clang::FunctionDecl* fd = call->getDirectCallee();
      if (!fd || !is_affine_helper(fd->getName().str(), call->getNumArgs())) return true;
      for (const clang::Expr* arg : call->arguments())
        if (reads_data(arg)) return true;
      return false;
    }
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(x))
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl())) {
        if (const clang::Expr* argument = argument_of(v)) return reads_data(argument);
        const VarRole r = role(v);
        if (r == VarRole::RegionScalar && known_.count(v)) return false;
        if (r == VarRole::RegionScalar || r == VarRole::OuterOther) return true;
      }
    for (const clang::Stmt* c : x->children())
      if (const auto* sub = llvm::dyn_cast_or_null<clang::Expr>(c))
        if (reads_data(sub)) return true;
    return false;
  }

  void collect_read_arrays(const clang::Stmt* s, std::set<std::string>& out) {
    if (!s) return;
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(s))
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl())) {
        if (const clang::Expr* argument = argument_of(v)) return collect_read_arrays(argument, out);
        const VarRole k = role(v);
        if (k == VarRole::Array || k == VarRole::RegionScalar)
          out.insert(program_.arrays[static_cast<std::size_t>(array_index(v))].name);
      }
    for (const clang::Stmt* c : s->children()) collect_read_arrays(c, out);
  }

  // The guard of the statement being built, its reads added to its accesses;
  // refuses a statement that would see the condition changed by one before it.
  ExprPtr build_guard(Statement& st, std::string& text) {
    ExprPtr guard;
    guard_reads_.clear();
    for (const Guard& g : guards_) {
      std::string written;
      const ExprPtr c = guard_condition(st, g.condition, g.temporary, *g.frame, g.negated, written);
      guard = guard ? make(ExprKind::Binary, "&&", {guard, c}, "int") : c;
      text += (text.empty() ? "" : " && ") + written;
    }
    if (goto_path_ && !is_true(*goto_path_)) {
      ExprPtr on_path = path_guard(st, text);
      guard = guard ? make(ExprKind::Binary, "&&", {guard, on_path}, "int") : on_path;
    }
    return guard;
  }

  // One condition of a statement's guard (or the temporary that holds it),
  // negated where asked, with its text: its reads become accesses of the
  // statement, checked unchanged since the condition was evaluated.
  ExprPtr guard_condition(Statement& st, const clang::Expr* condition, const std::string& temporary,
                          GuardFrame& frame, bool negated, std::string& written) {
    const std::size_t first_read = st.accesses.size();
    ExprPtr c = condition ? value(condition) : scalar_access(temporary, "int", Access::Kind::Read, frame.where);
    for (std::size_t k = first_read; k < st.accesses.size(); ++k) {
      const isl::map read = per_iteration(st.accesses[k].relation, frame.loop_depth);
      require_unchanged(st, frame, read);
      guard_reads_.push_back({&frame, read});
    }
    written = condition ? loc_.text(condition->getSourceRange()) : temporary;
    if (!negated && (written.find("||") != std::string::npos || written.find('?') != std::string::npos))
      written = "(" + written + ")";
    if (negated) {
      c = make(ExprKind::Unary, "!", {c}, "int");
      written = condition ? "!(" + written + ")" : "!" + written;
    }
    return c;
  }

  // Each statement re-evaluates the condition: exact only when no statement
  // under the same `if` has written, in the same iteration of the loops
  // around it, what the condition reads.
  void require_unchanged(const Statement& st, const GuardFrame& frame, const isl::map& read) const {
    for (const auto& [writer, write] : frame.writes)
      if (write.range_tuple_id().name() == read.range_tuple_id().name() && !write.intersect(read).is_empty())
        throw StaleCondition(loc_.at(frame.where), "this condition reads '" + read.range_tuple_id().name() + "', which " + writer +
                                 " under it writes before " + st.name + " (line " + std::to_string(st.where.line) +
                                 ") runs: each statement re-evaluates the condition, so it must not change "
                                 "under it; compute the condition into an array first", &frame);
  }

  // After a guarded statement is built: what it writes, the conditions above
  // it may no longer read. In a loop under the condition, the statement's own
  // later iterations would see the change.
  void record_guarded_write(const Statement& st, const Access& write) {
    std::vector<GuardFrame*> frames;
    for (const Guard& g : guards_) frames.push_back(g.frame.get());
    for (const Guard& a : atoms_) frames.push_back(a.frame.get());
    for (GuardFrame* frame : frames) {
      if (!frame->reads.count(write.array)) continue;
      const isl::map written = per_iteration(write.relation, frame->loop_depth);
      if (loops_.size() > frame->loop_depth)
        for (const auto& [reader, read] : guard_reads_)
          if (reader == frame && read.range_tuple_id().name() == write.array && !written.intersect(read).is_empty())
            throw StaleCondition(loc_.at(frame->where), "this condition reads '" + write.array + "', which " + st.name +
                                     " (line " + std::to_string(st.where.line) + ") writes in a loop under it: "
                                     "the condition would change between the loop's iterations", frame);
      frame->writes.emplace_back(st.name, written);
    }
  }

  void walk_decl(const clang::DeclStmt* d, const clang::LabelStmt* label) {
    for (const clang::Decl* decl : d->decls()) {
      const auto* v = llvm::dyn_cast<clang::VarDecl>(decl);
      if (!v || !v->hasInit()) continue;
      if (v->isStaticLocal())
        fail(v->getLocation(), "static variable '" + v->getName().str() +
                                   "' declared in a scop: its value outlives the region");
      if (role(v) != VarRole::RegionScalar) {
        if (role(v) == VarRole::Pointer) fail_pointer(v->getLocation(), v);
        fail(v->getLocation(), "initialised array '" + v->getName().str() +
                                   "' declared in a scop: only scalar declarations can have "
                                   "initialisers");
      }
      StatementParts parts;
      parts.stmt = d;
      parts.decl = v;
      parts.op = "=";
      parts.rhs = v->getInit();
      add_assignments(parts, label);
    }
  }

  void walk_expr(const clang::Expr* e, const clang::LabelStmt* label) {
    const clang::Expr* x = e->IgnoreParens();
    StatementParts parts;
    parts.stmt = e;
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x)) {
      if (b->isAssignmentOp()) {
        parts.lhs = b->getLHS();
        parts.op = b->getOpcodeStr().str();
        parts.rhs = b->getRHS();
        return add_assignments(parts, label);
      }
      if (b->getOpcode() == clang::BO_Comma)
        fail(b->getOperatorLoc(), "comma operator in a statement: write one assignment per "
                                  "statement");
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x)) {
      if (u->isIncrementDecrementOp()) {
        parts.lhs = u->getSubExpr();
        parts.op = u->isIncrementOp() ? "+=" : "-=";
        return add_statement(parts, label);
      }
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(strip(x))) {
      const clang::FunctionDecl* fd = call->getDirectCallee();
      if (fd && fd->hasBody() && !is_known_math_function(fd->getName().str())) return inline_call(call, fd);
      fail(call->getBeginLoc(),
           "call to " + (fd ? "'" + fd->getName().str() + "'" : std::string("a function")) +
               " as a statement: calls may have side effects; only assignments are allowed");
    }
    fail(x->getBeginLoc(), "expression statement " + quoted(x) +
                               " assigns nothing: only assignments are allowed");
  }

  // ------------------------------------------------------------ helper functions

  // A helper function of the file is inlined: its parameters stand for the
  // call's arguments (arrays for arrays, expressions for scalars), so its
  // statements and loops become the region's, as if written at the call.
  const clang::Expr* argument_of(const clang::VarDecl* v) const {
    const auto it = inline_arguments_.find(v);
    return it == inline_arguments_.end() ? nullptr : it->second;
  }

  // `E` when the body of `fd` is `{ return E; }`.
  static const clang::Expr* returned_expression(const clang::FunctionDecl* fd) {
    const auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody());
    if (!body || body->size() != 1) return nullptr;
    const auto* ret = llvm::dyn_cast<clang::ReturnStmt>(body->body_front());
    return ret ? ret->getRetValue() : nullptr;
  }

  // Restores the bindings when the helper is done, or refused.
  struct InlineScope {
    Builder& builder;
    std::map<const clang::VarDecl*, const clang::Expr*> saved = builder.inline_arguments_;
    std::size_t helpers = builder.inlining_.size();
    ~InlineScope() {
      builder.inline_arguments_ = saved;
      builder.inlining_.resize(helpers);
    }
  };

  // Binds the parameters of `fd` to the arguments of `call` (until `scope`
  // ends); refuses what inlining cannot keep exact.
  void bind_arguments(const clang::CallExpr* call, const clang::FunctionDecl* fd) {
    const std::string name = fd->getName().str();
    if (inlining_.size() >= 4 || std::count(inlining_.begin(), inlining_.end(), fd))
      fail(call->getBeginLoc(), "call to '" + name + "': recursive or deeply nested helper functions are not inlined");
    if (fd->isVariadic() || call->getNumArgs() != fd->getNumParams())
      fail(call->getBeginLoc(), "call to '" + name + "': only calls with one argument per parameter are inlined");
    for (unsigned k = 0; k < fd->getNumParams(); ++k) {
      const clang::ParmVarDecl* param = fd->getParamDecl(k);
      if (changed_in(param, fd->getBody()))
        fail(param->getLocation(), "'" + name + "' assigns its parameter '" + param->getName().str() +
                                       "': only helpers that leave their parameters unchanged are inlined");
      inline_arguments_[param] = call->getArg(k);
    }
    inlining_.push_back(fd);
  }

  ExprPtr inlined_value(const clang::CallExpr* call, const clang::FunctionDecl* fd, const clang::Expr* returned,
                        const std::string& type) {
    const InlineScope scope{*this};
    bind_arguments(call, fd);
    ExprPtr e = value(returned);
    if (e->type != type) e = make(ExprKind::Cast, type, {e}, type);
    return e;
  }

  // A call statement: the helper's body walked in place. A `return` may only
  // end it, and what it returns is dropped, as the call drops it.
  void inline_call(const clang::CallExpr* call, const clang::FunctionDecl* fd) {
    const auto* body = llvm::dyn_cast<clang::CompoundStmt>(fd->getBody());
    if (!body) fail(call->getBeginLoc(), "call to '" + fd->getName().str() + "': its body is not a block");
    const InlineScope scope{*this};
    bind_arguments(call, fd);
    scan(body);
    const std::size_t count = body->size();
    std::size_t k = 0;
    for (const clang::Stmt* child : body->body()) {
      ++k;
      if (const auto* ret = llvm::dyn_cast<clang::ReturnStmt>(child)) {
        if (k != count || (ret->getRetValue() && ret->getRetValue()->HasSideEffects(ast_)))
          fail(ret->getReturnLoc(), "'return' in the middle of '" + fd->getName().str() +
                                        "': only a last 'return' without side effects is inlined");
        continue;
      }
      walk(child, nullptr);
    }
  }

  struct StatementParts {
    const clang::Stmt* stmt = nullptr;
    const clang::Expr* lhs = nullptr;     // the assigned lvalue, or
    const clang::VarDecl* decl = nullptr; // the declared scalar
    std::string op;
    const clang::Expr* rhs = nullptr;     // null: the constant 1 (x++ / x--)
    // In a chain `x = y = e`, the statement `x = y` reads back `y`, the
    // target of the assignment that is its right-hand side (rhs is that one).
    const clang::Expr* reads_back = nullptr;
    bool in_chain = false;  // one of several statements split from one chain
    std::string scalar_target;  // a scalar the front-end made (the condition temporaries)
  };

  // One statement per assignment. A chained assignment `x = y = e;` (any
  // depth, any assignment operators, also in an initialiser) is split into
  // statements that run right to left: `y = e;` then `x = y;`. That is exact:
  // the value of an assignment expression is the value its left operand holds
  // after the assignment, in that operand's type, and reading the location
  // back yields exactly it (with the same conversion). The location is the
  // same one: subscripts are affine in the iterators and the parameters, which
  // the region never writes. The statements take consecutive textual
  // positions and names S<k> in the order they run; a label in front of the
  // chain names the first of them, the innermost assignment (it is the one
  // that computes the chain's value). Increments in a chain (`a = x++`,
  // `a = ++x`) stay refused (x++ yields what x held before), and so does any
  // assignment nested in another expression (`A[i] = (b = 2) + 1`).
  void add_assignments(StatementParts parts, const clang::LabelStmt* label) {
    std::vector<StatementParts> chain;
    while (parts.rhs) {
      const auto* inner = llvm::dyn_cast<clang::BinaryOperator>(strip(parts.rhs));
      if (!inner || !inner->isAssignmentOp()) break;
      parts.reads_back = inner->getLHS();
      chain.push_back(parts);
      parts = StatementParts{};
      parts.stmt = inner;
      parts.lhs = inner->getLHS();
      parts.op = inner->getOpcodeStr().str();
      parts.rhs = inner->getRHS();
    }
    chain.push_back(parts);
    if (chain.size() > 1)
      for (StatementParts& link : chain) link.in_chain = true;
    for (auto link = chain.rbegin(); link != chain.rend(); ++link)
      add_statement(*link, link == chain.rbegin() ? label : nullptr);
  }

  std::string statement_name(const clang::LabelStmt* label) {
    const int index = statement_count_++;
    if (label) return label->getName();
    std::string name = "S" + std::to_string(index);
    while (labels_.count(name) || used_names_.count(name)) name += "_";
    return name;
  }

  void add_statement(const StatementParts& parts, const clang::LabelStmt* label) {
    Statement st;
    st.name = statement_name(label);
    used_names_.insert(st.name);
    for (const LoopInfo& l : loops_) st.loops.push_back(Loop{l.name, l.id, l.step, l.where});
    st.position = path_;
    st.position.push_back(counters_.back()++);
    st.domain = set_tuple_name(domain_, st.name);
    st.where = loc_.at(parts.stmt->getBeginLoc());
    st.source_text = parts.scalar_target.empty() ? statement_text(parts)
                                                 : parts.scalar_target + " = " + text(parts.rhs) + ";";
    current_ = &st;

    ExprPtr target;
    if (!parts.scalar_target.empty()) {
      target = scalar_access(parts.scalar_target, "int", Access::Kind::Write, parts.stmt->getBeginLoc());
    } else if (parts.decl) {
      target = scalar_access(parts.decl, Access::Kind::Write, parts.decl->getLocation());
    } else {
      target = lvalue(parts.lhs);
    }
    st.target = target;
    // `k++` or `k += c` on a scalar whose value here has a closed form becomes
    // `k = <closed form>`: it no longer reads k, so no dependence chains the
    // iterations through it.
    const clang::VarDecl* scalar = tracked_target(parts);
    // Under a condition on data, what the statement leaves holds for the
    // statements under the same condition; walk_if keeps after the `if` only
    // what both branches agree on. Paths of gotos are not followed.
    const bool followed = !goto_path_;
    const ExprPtr before = scalar && followed ? peek_known(scalar) : nullptr;
    const bool stepped = before && (parts.op == "+=" || parts.op == "-=") && !parts.reads_back &&
                         (!parts.rhs || closed_form_operand(parts.rhs));
    st.assign_op = stepped ? "=" : parts.op;
    if (parts.op != "=" && !stepped) {
      Access read = st.accesses[static_cast<std::size_t>(target->access_index)];
      read.kind = Access::Kind::Read;
      st.accesses.push_back(read);
    }
    if (parts.reads_back)
      st.value = value(parts.reads_back);
    else
      st.value = parts.rhs ? value(parts.rhs) : make(ExprKind::IntLiteral, "1", {}, "int");
    if (stepped) st.value = make(ExprKind::Binary, parts.op == "+=" ? "+" : "-", {before, st.value}, "int");
    if (scalar) {
      if (followed && st.assign_op == "=" && is_closed_form(*st.value))
        known_[scalar] = simplified(st.value);
      else
        known_.erase(scalar);
    }
    if (!guards_.empty() || (goto_path_ && !is_true(*goto_path_))) {
      const std::size_t body_accesses = st.accesses.size();
      std::string condition_text;
      st.guard = build_guard(st, condition_text);
      for (std::size_t k = 0; k < body_accesses; ++k) st.accesses[k].conditional = true;
      if (parts.op == "=") {
        Access kept = st.accesses[static_cast<std::size_t>(target->access_index)];
        kept.kind = Access::Kind::Read;
        st.accesses.push_back(kept);
      }
      st.source_text = "if (" + condition_text + ") " + st.source_text;
      record_guarded_write(st, st.accesses[static_cast<std::size_t>(target->access_index)]);
    } else if (goto_path_) {
      guard_reads_.clear();
      record_guarded_write(st, st.accesses[static_cast<std::size_t>(target->access_index)]);
    }
    current_ = nullptr;
    program_.statements.push_back(std::move(st));
  }

  // The statement as written, with its ';'. For a link `x = y` of a chained
  // assignment: the text up to the end of x, the operator, y and a ';' (what
  // stood between x's operator and y, such as a '(', is left out); for the
  // innermost link, a ';' is added where its text is not followed by one.
  std::string statement_text(const StatementParts& parts) const {
    const clang::Stmt* s = parts.stmt;
    const std::string& src = program_.source_text;
    std::size_t begin = loc_.offset(s->getBeginLoc());
    if (parts.reads_back) {
      const clang::SourceRange target = parts.decl
                                            ? clang::SourceRange(parts.decl->getLocation())
                                            : parts.lhs->getSourceRange();
      const std::size_t end = loc_.end_offset(target);
      const std::string head = begin <= end && end <= src.size()
                                   ? src.substr(begin, end - begin)
                                   : loc_.text(clang::SourceRange(s->getBeginLoc(), target.getEnd()));
      return head + " " + parts.op + " " + loc_.text(parts.reads_back->getSourceRange()) + ";";
    }
    std::size_t end = loc_.end_offset(s->getSourceRange());
    if (begin > src.size() || end > src.size() || begin > end) return text(s);
    if (!llvm::isa<clang::DeclStmt>(s)) {
      std::size_t k = end;
      while (k < src.size() && (src[k] == ' ' || src[k] == '\t')) ++k;
      if (k < src.size() && src[k] == ';') return src.substr(begin, k + 1 - begin);
      if (parts.in_chain) return src.substr(begin, end - begin) + ";";
    }
    return src.substr(begin, end - begin);
  }

  // ------------------------------------------------------------ expression trees

  std::shared_ptr<Expr> make(ExprKind kind, std::string text, std::vector<ExprPtr> args,
                             std::string type) const {
    auto e = std::make_shared<Expr>();
    e->kind = kind;
    e->text = std::move(text);
    e->args = std::move(args);
    e->type = std::move(type);
    return e;
  }

  ExprPtr lvalue(const clang::Expr* lhs) {
    const clang::Expr* x = lhs->IgnoreParens();
    if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(x))
      return array_access(a, Access::Kind::Write);
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(x)) {
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl())) {
        switch (role(v)) {
          case VarRole::Iterator:
            fail(x->getBeginLoc(), "loop iterator '" + v->getName().str() +
                                       "' is written in the loop body: the iteration domain "
                                       "would not be affine");
          case VarRole::StaleIterator: fail_stale_iterator(x->getBeginLoc(), v);
          case VarRole::Pointer: fail_pointer(x->getBeginLoc(), v);
          case VarRole::Array:
            fail(x->getBeginLoc(), "assignment to the whole array '" + v->getName().str() + "'");
          default: return scalar_access(v, Access::Kind::Write, x->getBeginLoc());
        }
      }
    }
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x))
      if (u->getOpcode() == clang::UO_Deref)
        fail(x->getBeginLoc(), "write through the pointer dereference " + quoted(x) +
                                   ": the written location may alias any array; use an array "
                                   "subscript");
    if (llvm::isa<clang::MemberExpr>(x))
      fail(x->getBeginLoc(), "write to the structure member " + quoted(x) +
                                 ": only arrays and scalars are supported");
    fail(x->getBeginLoc(), "unsupported assignment target " + quoted(x) +
                               ": only array elements and scalar variables can be written");
  }

  ExprPtr scalar_access(const clang::VarDecl* v, Access::Kind kind, CLoc where) {
    const Array& array = program_.arrays[static_cast<std::size_t>(array_index(v))];
    return scalar_access(array.name, array.element_type, kind, where);
  }

  // Also for the scalars the front-end makes (the condition temporaries).
  ExprPtr scalar_access(const std::string& name, const std::string& type, Access::Kind kind, CLoc where) {
    Access a;
    a.kind = kind;
    a.array = name;
    a.relation = set_range_name(map_from_domain(current_->domain), name);
    a.where = loc_.at(where);
    current_->accesses.push_back(a);
    auto e = make(ExprKind::Access, name, {}, type);
    e->access_index = static_cast<int>(current_->accesses.size()) - 1;
    return e;
  }

  ExprPtr array_access(const clang::ArraySubscriptExpr* a, Access::Kind kind) {
    std::vector<const clang::Expr*> subscripts;
    const clang::Expr* base = a;
    while (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(strip(base))) {
      subscripts.insert(subscripts.begin(), s->getIdx());
      base = s->getBase();
    }
    const clang::Expr* b = strip(base);
    const clang::VarDecl* v = referenced_var(b);
    if (const clang::Expr* argument = v ? argument_of(v) : nullptr) {
      v = referenced_var(argument);
      if (!v || role(v) != VarRole::Array)
        fail(argument->getBeginLoc(), "the helper's array parameter is passed " + quoted(argument) +
                                          ", which is not an array variable");
    }
    if (!v) {
      if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(b))
        if (u->getOpcode() == clang::UO_Deref)
          fail(b->getBeginLoc(), "pointer dereference " + quoted(b) +
                                     ": pointers may alias arrays; use array subscripts");
      fail(b->getBeginLoc(), "subscript of " + quoted(b) +
                                 ", which is not an array variable (pointer arithmetic is not "
                                 "supported)");
    }
    switch (role(v)) {
      case VarRole::Array: break;
      case VarRole::Pointer: fail_pointer(b->getBeginLoc(), v);
      default:
        fail(b->getBeginLoc(), "subscript of '" + v->getName().str() + "', which is not an array");
    }
    const int index = array_index(v);
    const Array& array = program_.arrays[static_cast<std::size_t>(index)];
    if (array.extents.size() != subscripts.size())
      fail(a->getBeginLoc(), "array '" + array.name + "' has " +
                                 std::to_string(array.extents.size()) +
                                 " dimension(s) but is accessed with " +
                                 std::to_string(subscripts.size()) +
                                 " subscript(s): partial accesses (pointers to rows) are not "
                                 "supported");
    const isl::set& domain = current_->domain;
    const isl::space space = domain.space();
    const std::string name = array.name;
    // A subscript that reads data (`a[ip[i]]`) may reach any element of its
    // dimension: the access is a may-access of all of them, inside the
    // declared extent where it is a number.
    bool indirect = false;
    const isl::map relation = with_division<isl::map>(domain, [&](DivMode mode) {
      isl::map m = map_from_domain(domain);
      for (std::size_t d = 0; d < subscripts.size(); ++d) {
        if (!reads_data(subscripts[d])) {
          m = append_output(m, affine(subscripts[d], space, mode, "subscript"));
          continue;
        }
        indirect = true;
        const unsigned at = unsigned(isl_map_dim(m.get(), isl_dim_out));
        isl_map* any = isl_map_add_dims(m.copy(), isl_dim_out, 1);
        any = isl_map_lower_bound_si(any, isl_dim_out, at, 0);
        const std::string& extent = array.extents[d];
        if (!extent.empty() && std::all_of(extent.begin(), extent.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
          any = isl_map_upper_bound_si(any, isl_dim_out, at, std::stoi(extent) - 1);
        m = isl::manage(any);
      }
      return set_range_name(m, name).intersect_domain(domain).coalesce();
    });
    Access acc;
    acc.kind = kind;
    acc.array = name;
    acc.relation = relation;
    acc.where = loc_.at(a->getBeginLoc());
    acc.conditional = indirect;
    current_->accesses.push_back(acc);
    const int access_index = static_cast<int>(current_->accesses.size()) - 1;
    if (indirect && kind == Access::Kind::Write) {
      // The elements it does not write keep their values: read them too.
      Access kept = acc;
      kept.kind = Access::Kind::Read;
      current_->accesses.push_back(kept);
    }
    std::vector<ExprPtr> args;
    for (const clang::Expr* s : subscripts) args.push_back(value(s));
    auto e = make(ExprKind::Access, name, std::move(args),
                  program_.arrays[static_cast<std::size_t>(index)].element_type);
    e->access_index = access_index;
    return e;
  }

  std::string literal_text(const clang::Expr* lit, CLoc at, bool floating) const {
    std::string s = loc_.token_spelling(at);
    const bool ok = !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) ||
                                   (floating && s[0] == '.') || (!floating && s[0] == '\''));
    if (ok) return s;
    if (const auto* i = llvm::dyn_cast<clang::IntegerLiteral>(lit))
      return llvm::toString(i->getValue(), 10, i->getType()->isSignedIntegerType());
    if (const auto* f = llvm::dyn_cast<clang::FloatingLiteral>(lit)) {
      llvm::SmallString<32> buf;
      f->getValue().toString(buf);
      std::string out = buf.str().str();
      if (out.find_first_of(".eE") == std::string::npos) out += ".0";
      return out;
    }
    if (const auto* c = llvm::dyn_cast<clang::CharacterLiteral>(lit))
      return std::to_string(c->getValue());
    return s;
  }

  ExprPtr value(const clang::Expr* e) {
    const clang::Expr* x = strip(e);
    const std::string type = type_name(x->getType(), ast_);
    if (const auto* i = llvm::dyn_cast<clang::IntegerLiteral>(x))
      return make(ExprKind::IntLiteral, literal_text(i, i->getLocation(), false), {}, type);
    if (const auto* c = llvm::dyn_cast<clang::CharacterLiteral>(x))
      return make(ExprKind::IntLiteral, literal_text(c, c->getLocation(), false), {}, type);
    if (const auto* f = llvm::dyn_cast<clang::FloatingLiteral>(x))
      return make(ExprKind::FloatLiteral, literal_text(f, f->getLocation(), true), {}, type);
    if (const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(x)) {
      if (const auto* ec = llvm::dyn_cast<clang::EnumConstantDecl>(r->getDecl()))
        return make(ExprKind::IntLiteral, llvm::toString(ec->getInitVal(), 10), {}, "int");
      const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
      if (!v)
        fail(x->getBeginLoc(), "use of the function '" + r->getDecl()->getName().str() +
                                   "' as a value: only calls to math functions are supported");
      if (const clang::Expr* argument = argument_of(v)) return value(argument);
      switch (role(v)) {
        case VarRole::Iterator: return make(ExprKind::Iterator, v->getName().str(), {}, type);
        case VarRole::StaleIterator: fail_stale_iterator(x->getBeginLoc(), v);
        case VarRole::Pointer: fail_pointer(x->getBeginLoc(), v);
        case VarRole::Array:
          fail(x->getBeginLoc(), "array '" + v->getName().str() +
                                     "' used without all its subscripts: pointer arithmetic and "
                                     "passing arrays around are not supported");
        case VarRole::RegionScalar:
          if (const ExprPtr known = known_scalar(v)) return known;
          return scalar_access(v, Access::Kind::Read, x->getBeginLoc());
        case VarRole::OuterInteger: {
          auto node = make(ExprKind::Variable, v->getName().str(), {}, type);
          pending_.push_back({node, v});
          return node;
        }
        case VarRole::OuterOther: return make(ExprKind::Variable, v->getName().str(), {}, type);
      }
    }
    if (const auto* a = llvm::dyn_cast<clang::ArraySubscriptExpr>(x))
      return array_access(a, Access::Kind::Read);
    if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(x)) {
      switch (u->getOpcode()) {
        case clang::UO_Minus:
        case clang::UO_Plus:
        case clang::UO_LNot:
        case clang::UO_Not:
          return make(ExprKind::Unary, clang::UnaryOperator::getOpcodeStr(u->getOpcode()).str(),
                      {value(u->getSubExpr())}, type);
        case clang::UO_PreInc:
        case clang::UO_PreDec:
        case clang::UO_PostInc:
        case clang::UO_PostDec:
          fail(x->getBeginLoc(), "assignment inside an expression: " + quoted(x) +
                                     " has a side effect; write the update as its own statement");
        case clang::UO_Deref:
          fail(x->getBeginLoc(), "pointer dereference " + quoted(x) +
                                     ": pointers may alias arrays; use array subscripts");
        case clang::UO_AddrOf:
          fail(x->getBeginLoc(), "address-of " + quoted(x) +
                                     ": pointers may alias arrays; use array subscripts");
        default:
          fail(x->getBeginLoc(), "unsupported operator in " + quoted(x));
      }
    }
    if (const auto* b = llvm::dyn_cast<clang::BinaryOperator>(x)) {
      if (b->isAssignmentOp())
        fail(b->getBeginLoc(), "assignment inside an expression: " + quoted(x) +
                                   " has a side effect; write it as its own statement");
      if (b->getOpcode() == clang::BO_Comma)
        fail(b->getOperatorLoc(), "comma operator in " + quoted(x) +
                                      ": write one assignment per statement");
      ExprPtr l = value(b->getLHS());
      ExprPtr r = value(b->getRHS());
      return make(ExprKind::Binary, b->getOpcodeStr().str(), {l, r}, type);
    }
    if (const auto* c = llvm::dyn_cast<clang::ConditionalOperator>(x)) {
      ExprPtr cond = value(c->getCond());
      ExprPtr t = value(c->getTrueExpr());
      ExprPtr f = value(c->getFalseExpr());
      return make(ExprKind::Ternary, "?:", {cond, t, f}, type);
    }
    if (const auto* c = llvm::dyn_cast<clang::CStyleCastExpr>(x)) {
      const clang::QualType to = c->getTypeAsWritten();
      if (!to->isArithmeticType())
        fail(x->getBeginLoc(), "cast to the non-arithmetic type '" + to.getAsString() + "' in " +
                                   quoted(x) + ": only numeric casts are supported");
      return make(ExprKind::Cast, type_name(to, ast_), {value(c->getSubExpr())}, type);
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(x)) {
      const clang::FunctionDecl* fd = call->getDirectCallee();
      const std::string name = fd ? fd->getName().str() : std::string();
      if (fd && !is_known_math_function(name)) {
        if (const clang::Expr* returned = returned_expression(fd)) return inlined_value(call, fd, returned, type);
        if (fd->hasBody())
          fail(x->getBeginLoc(), "call to '" + name + "' in an expression: a helper of the file is inlined into an "
                                 "expression only when its body is one 'return E;' (this one, at line " +
                                     std::to_string(loc_.at(fd->getBody()->getBeginLoc()).line) +
                                     ", has more); write it as an assignment statement in the region");
      }
      if (name.empty() || !is_known_math_function(name))
        fail(x->getBeginLoc(),
             "call to " + (name.empty() ? std::string("a function pointer") : "'" + name + "'") +
                 ": only side-effect-free math functions (sqrt, exp, pow, fabs, ...) may be "
                 "called in a scop");
      std::vector<ExprPtr> args;
      for (const clang::Expr* arg : call->arguments()) args.push_back(value(arg));
      return make(ExprKind::Call, name, std::move(args), type);
    }
    if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(x)) {
      if (auto v = evaluate(x, ast_))
        return make(ExprKind::IntLiteral, llvm::toString(*v, 10), {}, type);
    }
    if (llvm::isa<clang::MemberExpr>(x))
      fail(x->getBeginLoc(), "structure member " + quoted(x) +
                                 ": only arrays and scalar variables are supported");
    if (llvm::isa<clang::StmtExpr>(x))
      fail(x->getBeginLoc(), "statement expression in a scop: its effects are unknown");
    fail(x->getBeginLoc(), "unsupported expression " + quoted(x) + " (" + x->getStmtClassName() +
                               ")");
  }

  // ------------------------------------------------------------ scalars with closed forms

  Classify classifier() const {
    return [this](const clang::VarDecl* v) {
      switch (role(v)) {
        case VarRole::Iterator:
        case VarRole::StaleIterator:
        case VarRole::OuterInteger: return ScalarKind::Atom;
        case VarRole::RegionScalar: {
          // Signed and at least as wide as int: no value wraps around or
          // narrows, so the linear forms hold (bool, char and unsigned do not).
          const clang::QualType t = declared_type(v);
          const bool wide_signed = t->isSignedIntegerType() && !t->isCharType() && ast_.getTypeSize(t) >= 32;
          return wide_signed && !argument_of(v) ? ScalarKind::Tracked : ScalarKind::Other;
        }
        default: return ScalarKind::Other;
      }
    };
  }

  ExprPtr peek_known(const clang::VarDecl* v) const {
    const auto it = known_.find(v);
    return it == known_.end() ? nullptr : it->second;
  }

  // The closed form a read of `v` here stands for (the read is then no access).
  ExprPtr known_scalar(const clang::VarDecl* v) {
    ExprPtr known = peek_known(v);
    if (known) substituted_.insert(v);
    return known;
  }

  // The integer scalar of the region a statement assigns, or null.
  const clang::VarDecl* tracked_target(const StatementParts& parts) const {
    const clang::VarDecl* v = parts.decl ? parts.decl : (parts.lhs ? named_variable(parts.lhs) : nullptr);
    if (!v || !parts.scalar_target.empty()) return nullptr;
    if (parts.lhs && !llvm::isa<clang::DeclRefExpr>(parts.lhs->IgnoreParenImpCasts())) return nullptr;
    return classifier()(v) == ScalarKind::Tracked ? v : nullptr;
  }

  // Whether `e` is linear in iterators, parameters and scalars with closed forms here.
  bool closed_form_operand(const clang::Expr* e) const {
    const std::optional<Linear> form = linear_form(e, ast_, classifier(), {});
    if (!form) return false;
    const Classify classify = classifier();
    for (const auto& [atom, c] : form->terms)
      if (classify(atom) == ScalarKind::Tracked && !known_.count(atom)) return false;
    return true;
  }

  const clang::VarDecl* outer_integer_of(const Expr& e) const {
    for (const auto& [node, var] : pending_)
      if (node.get() == &e) return var;
    return nullptr;
  }

  // Integer arithmetic on iterators and parameters that affine_of_closed_form reads.
  bool is_closed_form(const Expr& e) const {
    switch (e.kind) {
      case ExprKind::IntLiteral:
      case ExprKind::Iterator:
      case ExprKind::Parameter: return true;
      case ExprKind::Variable: return outer_integer_of(e) != nullptr;
      case ExprKind::Unary: return e.text == "-" && is_closed_form(*e.args[0]);
      case ExprKind::Binary:
        if (e.text == "+" || e.text == "-" || e.text == "==" || e.text == "!=" || e.text == "<" ||
            e.text == "<=" || e.text == ">" || e.text == ">=" || e.text == "&&" || e.text == "||")
          return is_closed_form(*e.args[0]) && is_closed_form(*e.args[1]);
        if (e.text == "*")
          return (e.args[0]->kind == ExprKind::IntLiteral && is_closed_form(*e.args[1])) ||
                 (e.args[1]->kind == ExprKind::IntLiteral && is_closed_form(*e.args[0]));
        return false;
      case ExprKind::Ternary:
        return is_closed_form(*e.args[0]) && is_closed_form(*e.args[1]) && is_closed_form(*e.args[2]);
      default: return false;
    }
  }

  isl::pw_aff affine_of_closed_form(const Expr& e, const isl::space& space) {
    switch (e.kind) {
      case ExprKind::IntLiteral: return constant_on(space, isl::val(program_.ctx(), e.text));
      case ExprKind::Iterator:
        for (std::size_t k = loops_.size(); k-- > 0;)
          if (loops_[k].name == e.text) return variable_on(space, static_cast<unsigned>(k));
        break;
      case ExprKind::Parameter:
      case ExprKind::Variable:
        if (const clang::VarDecl* v = outer_integer_of(e)) {
          if (const std::optional<llvm::APSInt> known = known_value(v)) return constant_on(space, to_val(*known));
          use_parameter(v);
          return parameter_on(space, v->getName().str());
        }
        break;
      case ExprKind::Unary: return affine_of_closed_form(*e.args[0], space).neg();
      case ExprKind::Binary: {
        if (e.text == "*") {
          const bool left_constant = e.args[0]->kind == ExprKind::IntLiteral;
          const Expr& factor = *e.args[left_constant ? 0 : 1];
          return affine_of_closed_form(*e.args[left_constant ? 1 : 0], space)
              .scale(isl::val(program_.ctx(), factor.text));
        }
        const isl::pw_aff l = affine_of_closed_form(*e.args[0], space);
        const isl::pw_aff r = affine_of_closed_form(*e.args[1], space);
        if (e.text == "+") return l.add(r);
        if (e.text == "-") return l.sub(r);
        break;
      }
      case ExprKind::Ternary:
        return closed_condition(*e.args[0], space)
            .indicator_function()
            .cond(affine_of_closed_form(*e.args[1], space), affine_of_closed_form(*e.args[2], space));
      default: break;
    }
    throw std::logic_error("closed form of a scalar not affine: " + e.text);
  }

  isl::set closed_condition(const Expr& e, const isl::space& space) {
    if (e.kind == ExprKind::Binary) {
      if (e.text == "&&") return closed_condition(*e.args[0], space).intersect(closed_condition(*e.args[1], space));
      if (e.text == "||") return closed_condition(*e.args[0], space).unite(closed_condition(*e.args[1], space));
      const isl::pw_aff l = affine_of_closed_form(*e.args[0], space);
      const isl::pw_aff r = affine_of_closed_form(*e.args[1], space);
      if (e.text == "==") return l.eq_set(r);
      if (e.text == "!=") return l.ne_set(r);
      if (e.text == "<") return l.lt_set(r);
      if (e.text == "<=") return l.le_set(r);
      if (e.text == ">") return l.gt_set(r);
      if (e.text == ">=") return l.ge_set(r);
    }
    return affine_of_closed_form(e, space).ne_set(constant_on(space, 0));
  }

  ExprPtr int_expr(ExprKind kind, std::string text, std::vector<ExprPtr> args = {}) const {
    return make(kind, std::move(text), std::move(args), "int");
  }
  ExprPtr number(long long value) const { return int_expr(ExprKind::IntLiteral, std::to_string(value)); }

  ExprPtr sum(ExprPtr a, ExprPtr b, long long factor = 1) const {
    if (factor == 0) return a;
    if (b->kind == ExprKind::IntLiteral) {
      const long long c = std::stoll(b->text) * factor;
      if (c == 0) return a;
      if (a->kind == ExprKind::IntLiteral) return number(std::stoll(a->text) + c);
      return int_expr(ExprKind::Binary, c > 0 ? "+" : "-", {a, number(c > 0 ? c : -c)});
    }
    const long long magnitude = factor > 0 ? factor : -factor;
    ExprPtr term = magnitude == 1 ? b : int_expr(ExprKind::Binary, "*", {number(magnitude), b});
    if (a->kind == ExprKind::IntLiteral && a->text == "0")
      return factor > 0 ? term : int_expr(ExprKind::Unary, "-", {term});
    return int_expr(ExprKind::Binary, factor > 0 ? "+" : "-", {a, term});
  }

  // A linear form as an expression, each atom replaced by `values` where it
  // is there; null when a scalar's value is missing.
  ExprPtr expr_of(const Linear& form, const KnownScalars& values) {
    ExprPtr out;
    const Classify classify = classifier();
    for (const auto& [atom, c] : form.terms) {
      ExprPtr term;
      if (const auto it = values.find(atom); it != values.end()) {
        term = it->second;
      } else if (classify(atom) == ScalarKind::Tracked) {
        return nullptr;
      } else if (role(atom) == VarRole::OuterInteger) {
        auto node = make(ExprKind::Variable, atom->getName().str(), {}, "int");
        pending_.push_back({node, atom});
        term = node;
      } else {
        term = int_expr(ExprKind::Iterator, atom->getName().str());
      }
      out = out ? sum(out, term, c) : sum(number(0), term, c);
    }
    return out ? sum(out, number(form.constant)) : number(form.constant);
  }

  // A closed form with its like terms gathered (`1 + 20 * i + (j - 1)` is
  // `20 * i + j`), as the generated code prints it.
  ExprPtr simplified(const ExprPtr& e) const {
    struct Term {
      ExprPtr atom;
      long long coefficient;
    };
    std::vector<Term> terms;
    long long constant = 0;
    std::function<bool(const ExprPtr&, long long)> gather = [&](const ExprPtr& x, long long factor) {
      switch (x->kind) {
        case ExprKind::IntLiteral: constant += factor * std::stoll(x->text); return true;
        case ExprKind::Iterator:
        case ExprKind::Parameter:
        case ExprKind::Variable: {
          for (Term& t : terms)
            if (t.atom->kind == x->kind && t.atom->text == x->text) {
              t.coefficient += factor;
              return true;
            }
          terms.push_back({x, factor});
          return true;
        }
        case ExprKind::Unary: return x->text == "-" && gather(x->args[0], -factor);
        case ExprKind::Binary:
          if (x->text == "+") return gather(x->args[0], factor) && gather(x->args[1], factor);
          if (x->text == "-") return gather(x->args[0], factor) && gather(x->args[1], -factor);
          if (x->text == "*" && x->args[0]->kind == ExprKind::IntLiteral)
            return gather(x->args[1], factor * std::stoll(x->args[0]->text));
          if (x->text == "*" && x->args[1]->kind == ExprKind::IntLiteral)
            return gather(x->args[0], factor * std::stoll(x->args[1]->text));
          return false;
        default: return false;
      }
    };
    if (!gather(e, 1)) {
      if (e->kind != ExprKind::Ternary) return e;
      auto copy = std::make_shared<Expr>(*e);
      for (ExprPtr& a : copy->args) a = simplified(a);
      return copy;
    }
    ExprPtr out;
    for (const Term& t : terms)
      if (t.coefficient != 0) out = out ? sum(out, t.atom, t.coefficient) : sum(number(0), t.atom, t.coefficient);
    return out ? sum(out, number(constant)) : number(constant);
  }

  // At the start of an iteration of the loop over `var`, the scalars the body
  // changes hold: an induction (k += c per iteration) its value before the
  // loop plus c times the iterations done; a wrap-around variable (assigned a
  // form of the iterators, read before that) its value before the loop in the
  // first iteration, else what the previous iteration left.
  void enter_loop_body(const ScalarValues& effect, const KnownScalars& entry, const clang::VarDecl* var,
                       const clang::Expr* lower, int step) {
    KnownScalars starts;
    const std::optional<Linear> lower_form = linear_form(lower, ast_, classifier(), {});
    const ExprPtr first = lower_form ? expr_of(*lower_form, entry) : nullptr;
    if (first && (step == 1 || step == -1)) {
      const ExprPtr it = int_expr(ExprKind::Iterator, var->getName().str());
      const ExprPtr done = step == 1 ? sum(it, first, -1) : sum(first, it, -1);
      for (const auto& [v, e] : effect)
        if (e && e->terms.size() == 1 && e->coefficient(v) == 1 && entry.count(v))
          starts[v] = sum(entry.at(v), done, e->constant);
      const ExprPtr previous_iteration = sum(it, number(step), -1);
      for (bool progress = true; progress;) {
        progress = false;
        for (const auto& [v, e] : effect) {
          if (!e || starts.count(v) || !entry.count(v) || e->coefficient(v) != 0) continue;
          KnownScalars previous = entry;
          bool resolved = true;
          for (const auto& [atom, c] : e->terms) {
            if (atom == var) previous[atom] = previous_iteration;
            if (!effect.count(atom)) continue;
            if (!starts.count(atom)) resolved = false;
            else previous[atom] = substitute_iterators(starts.at(atom), {var->getName().str()}, {previous_iteration});
          }
          const ExprPtr rest = resolved ? expr_of(*e, previous) : nullptr;
          if (!rest) continue;
          starts[v] = int_expr(ExprKind::Ternary, "?:", {int_expr(ExprKind::Binary, "==", {it, first}), entry.at(v), rest});
          progress = true;
        }
      }
    }
    for (const auto& entry_effect : effect) {
      const clang::VarDecl* v = entry_effect.first;
      if (starts.count(v)) known_[v] = simplified(starts.at(v));
      else known_.erase(v);
    }
  }

  // After the loop, an induction holds its value before plus c times the trip count.
  void leave_loop(const ScalarValues& effect, const KnownScalars& entry, std::optional<long long> trips) {
    for (const auto& [v, e] : effect) {
      if (e && trips && e->terms.size() == 1 && e->coefficient(v) == 1 && entry.count(v))
        known_[v] = simplified(sum(entry.at(v), number(e->constant * *trips)));
      else
        known_.erase(v);
    }
  }

  // What both branches of an `if` agree on.
  static KnownScalars agreed(const KnownScalars& a, const KnownScalars& b) {
    KnownScalars out;
    for (const auto& [v, e] : a)
      if (const auto it = b.find(v); it != b.end() && same_expr(*e, *it->second)) out[v] = e;
    return out;
  }

  // A scalar no code after the region sees, whose every read was replaced by
  // its closed form, is assigned for nothing: those statements go. (A guarded
  // assignment reads the scalar back only to keep it where the guard fails.)
  void drop_dead_scalar_assignments() {
    for (const clang::VarDecl* v : substituted_) {
      const auto index = array_index_.find(v);
      if (index == array_index_.end()) continue;
      const Array& array = program_.arrays[static_cast<std::size_t>(index->second)];
      if (!array.temporary) continue;
      const std::string name = array.name;
      bool read = false;
      for (const Statement& s : program_.statements)
        for (const Access& a : s.accesses)
          read = read || (a.kind == Access::Kind::Read && a.array == name && s.target->text != name);
      if (read) continue;
      std::erase_if(program_.statements, [&](const Statement& s) { return s.target && s.target->text == name && s.target->args.empty(); });
      program_.closed_form_scalars.push_back(name);
    }
    std::erase_if(program_.arrays, [&](const Array& a) {
      if (std::find(program_.closed_form_scalars.begin(), program_.closed_form_scalars.end(), a.name) ==
          program_.closed_form_scalars.end())
        return false;
      for (const Statement& s : program_.statements)
        for (const Access& access : s.accesses)
          if (access.array == a.name) return false;
      return true;
    });
  }

  // ------------------------------------------------------------ finishing

  void finish() {
    drop_dead_scalar_assignments();
    for (auto& [node, var] : pending_)
      node->kind = affine_vars_.count(var) ? ExprKind::Parameter : ExprKind::Variable;
    const isl::space params = param_space(program_.ctx(), program_.parameters);
    for (Statement& s : program_.statements) {
      s.domain = align(s.domain, params);
      for (Access& a : s.accesses) a.relation = align(a.relation, params);
    }
    program_.context = isl::manage(isl_set_universe(params.copy()));
  }

  clang::ASTContext& ast_;
  const Locator& loc_;
  Program& program_;
  const RegionInput& input_;

  std::unordered_set<const clang::VarDecl*> iterator_vars_, written_, declared_, affine_vars_;
  std::set<std::string> labels_, used_names_;
  std::map<std::string, const clang::VarDecl*> parameter_vars_;
  std::unordered_map<const clang::VarDecl*, int> array_index_;
  std::vector<std::pair<std::shared_ptr<Expr>, const clang::VarDecl*>> pending_;

  std::vector<LoopInfo> loops_;
  std::vector<int> path_;      // index of each enclosing loop among its siblings
  std::vector<int> counters_;  // next sibling index at each depth
  isl::set domain_;            // the iterations of the enclosing loops and conditions
  std::vector<Guard> guards_;  // the conditions on data around the statement
  std::vector<std::pair<const GuardFrame*, isl::map>> guard_reads_;  // the statement's, per iteration
  // In a loop body with forward gotos: the path condition here, what each
  // label is reached under so far, the atoms, and the body's domain.
  std::optional<Formula> goto_path_;
  std::map<const clang::LabelDecl*, Formula> label_paths_;
  std::vector<Guard> atoms_;  // the conditions the path condition's literals name
  std::set<const clang::LabelDecl*> goto_targets_;
  std::set<const clang::Expr*> held_conditions_;  // computed into temporaries
  std::size_t goto_loop_depth_ = 0;
  isl::set goto_domain_;
  Statement* current_ = nullptr;
  int next_loop_id_ = 0;
  int statement_count_ = 0;
  int temporaries_ = 0;
  // The parameters of the helper functions being inlined, and the helpers.
  std::map<const clang::VarDecl*, const clang::Expr*> inline_arguments_;
  std::vector<const clang::FunctionDecl*> inlining_;
  // Integer scalars of the region whose value at this point of the walk is a
  // closed form in the iterators and parameters, and those read through one.
  KnownScalars known_;
  std::set<const clang::VarDecl*> substituted_;
  bool saw_division_ = false;
  bool jumps_ = false;  // the region (or a helper it inlines) has a goto or continue
};

}  // namespace

void build_program(const RegionInput& input, Program& program) {
  program.isl().bounded("building the polyhedral model of " + program.file, [&] {
    Builder builder(input, program);
    builder.run();
  });
}

}  // namespace loopscape::frontend_detail
