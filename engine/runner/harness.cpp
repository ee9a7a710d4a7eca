// SPDX-License-Identifier: Apache-2.0
#include "runner/harness.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <sstream>

namespace loopscape {

namespace {

std::string element_type_of(const Array& array, const FunctionParameter* parameter) {
  std::string type = array.element_type;
  if (type.empty() && parameter) type = parameter->type;
  const std::string cleaned = without_type_qualifiers(type);
  return cleaned.empty() ? "double" : cleaned;
}

bool floating_type(const std::string& type) {
  return type.find("double") != std::string::npos || type.find("float") != std::string::npos;
}

std::string c_string_literal(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

bool SourceFacts::is_macro(const std::string& name) const {
  return macros.count(name) > 0 || macro_value(source, name).has_value();
}

HarnessPlan make_harness(const Program& program, const SourceFacts& facts, const std::string& function,
                         const std::map<std::string, std::string>& values, const std::string& default_value) {
  HarnessPlan plan;
  const std::string& source = facts.source;
  std::optional<std::vector<FunctionParameter>> parameters;
  if (!facts.preprocessed.empty()) parameters = function_parameters(facts.preprocessed, function);
  if (!parameters) parameters = function_parameters(source, function);
  if (!parameters)
    throw InputError({program.file, 0, 0}, "no definition of the function '" + function + "' in the file");

  auto parameter_named = [&](const std::string& name) -> const FunctionParameter* {
    for (const FunctionParameter& p : *parameters)
      if (p.name == name) return &p;
    return nullptr;
  };
  auto upper = [](std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
    return s;
  };
  auto value_of = [&](const std::string& name, bool floating) {
    auto given = values.find(name);
    if (given != values.end()) return given->second;
    for (const auto& [key, value] : values)
      if (upper(key) == upper(name)) return value;
    if (facts.is_macro(name)) return name;
    if (!floating && facts.is_macro(upper(name))) {
      plan.notes.push_back(name + " = " + upper(name) + " (the file's macro)");
      return upper(name);
    }
    const std::string chosen = floating ? "1.5" : default_value;
    plan.notes.push_back(name + " = " + chosen + " (default)");
    return chosen;
  };

  // The element count of an array parameter whose extents are numbers and
  // the file's macros only (`real_t c[LEN_1D]`), as a C expression.
  auto constant_element_count = [&](const std::string& declaration) -> std::optional<std::string> {
    std::string count;
    for (std::size_t open = declaration.find('['); open != std::string::npos; open = declaration.find('[', open + 1)) {
      const std::size_t close = declaration.find(']', open);
      if (close == std::string::npos) return std::nullopt;
      const std::string extent = trimmed(declaration.substr(open + 1, close - open - 1));
      if (extent.empty()) return std::nullopt;
      for (std::size_t k = 0; k < extent.size();) {
        const unsigned char c = static_cast<unsigned char>(extent[k]);
        if (std::isalpha(c) || c == '_') {
          std::size_t end = k;
          while (end < extent.size() && (std::isalnum(static_cast<unsigned char>(extent[end])) || extent[end] == '_')) ++end;
          if (!facts.is_macro(extent.substr(k, end - k))) return std::nullopt;
          k = end;
        } else if (std::isdigit(c) || std::string(" +-*/()").find(char(c)) != std::string::npos) {
          ++k;
        } else {
          return std::nullopt;
        }
      }
      count += (count.empty() ? "" : " * ") + std::string("(long)(") + extent + ")";
    }
    if (count.empty()) return std::nullopt;
    return count;
  };

  std::set<std::string> written;
  for (const Statement& s : program.statements)
    for (const Access& a : s.accesses)
      if (a.kind == Access::Kind::Write) written.insert(a.array);

  std::ostringstream setup, call_args, dumps;
  std::set<std::string> declared;

  // Integer parameters first: the array extents use them.
  for (const std::string& name : program.parameters) {
    if (parameter_named(name)) {
      setup << "  long long " << name << " = " << value_of(name, false) << ";\n";
      declared.insert(name);
    } else if (!facts.is_macro(name) && declared_at_file_scope(source, name)) {
      setup << "  " << name << " = " << value_of(name, false) << ";\n";
    }
  }

  int salt = 0;
  for (const Array& array : program.arrays) {
    ++salt;
    if (array.declared_in_region) continue;
    const FunctionParameter* parameter = parameter_named(array.name);
    const std::string type = element_type_of(array, parameter);
    const std::string name = array.name;
    std::string pointer, count, extents;
    for (std::size_t d = 0; d < array.extents.size(); ++d) {
      if (trimmed(array.extents[d]).empty())
        throw InputError({program.file, 0, 0}, "the extent of dimension " + std::to_string(d + 1) + " of " + name +
                                                   " is unknown: the harness cannot allocate it");
      count += (d ? " * " : "") + std::string("(long)(") + array.extents[d] + ")";
      extents += (d ? ", " : "") + std::string("(long)(") + array.extents[d] + ")";
    }
    if (count.empty()) count = "1L";
    if (extents.empty()) extents = "0L";
    const std::string shape = "((const long[]){" + extents + "})";
    const std::string variable = "loopscape_array_" + name;
    if (parameter) {
      if (!parameter->pointer) {
        // A scalar passed by value: the function cannot change it for the caller.
        setup << "  " << type << " " << variable << " = (" << type << ")("
              << value_of(name, floating_type(type)) << ");\n";
        continue;
      }
      setup << "  " << type << " *" << variable << " = (" << type << " *)loopscape_alloc((size_t)(" << count
            << "), sizeof(" << type << "));\n";
      setup << "  LOOPSCAPE_INIT(" << type << ", " << variable << ", " << count << ", " << salt << ");\n";
      pointer = variable;
    } else if (declared_at_file_scope(source, name)) {
      pointer = "&" + name;
      count = "(long)(sizeof(" + name + ") / sizeof(" + type + "))";
      setup << "  LOOPSCAPE_INIT(" << type << ", " << pointer << ", " << count << ", " << salt << ");\n";
    } else {
      if (written.count(name)) plan.skipped.push_back(name);
      continue;
    }
    if (written.count(name)) {
      dumps << "  LOOPSCAPE_DUMP(loopscape_out, " << type << ", " << c_string_literal(name) << ", " << pointer
            << ", " << count << ", " << array.extents.size() << ", " << shape << ");\n";
      plan.dumped.push_back(name);
    }
  }

  bool first = true;
  for (const FunctionParameter& p : *parameters) {
    std::string argument;
    const Array* array = program.find_array(p.name);
    if (declared.count(p.name)) {
      argument = p.name;
    } else if (array && !array->declared_in_region) {
      // Scalars go by value; arrays as void *, which converts to any array parameter type.
      argument = p.pointer ? "(void *)loopscape_array_" + p.name : "loopscape_array_" + p.name;
    } else if (p.pointer) {
      // Code before the region may still read it (TSVC's s351: alpha = c[0]):
      // filled like the others when its declaration gives constant extents.
      const std::optional<std::string> count = constant_element_count(p.declaration);
      if (count) {
        const std::string type = p.type.empty() ? std::string("double") : p.type;
        const std::string variable = "loopscape_unused_" + p.name;
        setup << "  " << type << " *" << variable << " = (" << type << " *)loopscape_alloc((size_t)(" << *count
              << "), sizeof(" << type << "));\n";
        setup << "  LOOPSCAPE_INIT(" << type << ", " << variable << ", " << *count << ", " << ++salt << ");\n";
        argument = "(void *)" + variable;
      } else {
        argument = "(void *)0";
        plan.notes.push_back(p.name + " = NULL (not used by the region)");
      }
    } else {
      argument = "(" + (p.type.empty() ? std::string("int") : p.type) + ")(" +
                 value_of(p.name, floating_type(p.type)) + ")";
    }
    call_args << (first ? "" : ", ") << argument;
    first = false;
  }
  for (const std::string& name : plan.skipped) dumps << "  fprintf(loopscape_out, \"skipped " << name << "\\n\");\n";

  std::ostringstream code;
  code << "\n/* ---- Loopscape verification harness (generated) ---- */\n"
          "#undef main\n"
          "#include <stdio.h>\n"
          "#include <stdlib.h>\n"
          "double omp_get_wtime(void);\n"
          "#define LOOPSCAPE_KIND(x) _Generic((x), float: 'f', double: 'd', long double: 'd', default: 'i')\n"
          "static void *loopscape_alloc(size_t count, size_t size) {\n"
          "  void *p = calloc(count ? count : 1, size);\n"
          "  if (!p) { fprintf(stderr, \"loopscape harness: out of memory\\n\"); exit(3); }\n"
          "  return p;\n"
          "}\n"
          "#define LOOPSCAPE_INIT(T, p, count, salt) do { T *q_ = (T *)(p); \\\n"
          "    for (long k_ = 0; k_ < (long)(count); ++k_) \\\n"
          "      q_[k_] = LOOPSCAPE_KIND(q_[0]) == 'i' ? (T)(1 + (k_ * 37 + (salt) * 11) % 13) \\\n"
          "                                            : (T)(0.5 + ((k_ * 37 + (salt) * 11) % 101) / 100.0); \\\n"
          "  } while (0)\n"
          "static void loopscape_header(FILE *f, const char *name, char kind, int dims, const long *extents, long count) {\n"
          "  fprintf(f, \"array %s %c %d\", name, kind, dims);\n"
          "  for (int d = 0; d < dims; ++d) fprintf(f, \" %ld\", extents[d]);\n"
          "  fprintf(f, \" %ld\\n\", count);\n"
          "}\n"
          "#define LOOPSCAPE_DUMP(f, T, name, p, count, dims, extents) do { T *q_ = (T *)(p); \\\n"
          "    char kind_ = LOOPSCAPE_KIND(q_[0]); loopscape_header(f, name, kind_, dims, extents, (long)(count)); \\\n"
          "    for (long k_ = 0; k_ < (long)(count); ++k_) { \\\n"
          "      if (kind_ == 'i') { long long v_ = (long long)q_[k_]; fwrite(&v_, 8, 1, f); } \\\n"
          "      else { double v_ = (double)q_[k_]; fwrite(&v_, 8, 1, f); } } \\\n"
          "    fputc('\\n', f); } while (0)\n"
          "int main(int argc, char **argv) {\n"
          "  if (argc < 2) { fprintf(stderr, \"usage: %s RESULT_FILE\\n\", argv[0]); return 2; }\n"
       << setup.str()
       << "  double loopscape_t0 = omp_get_wtime();\n"
       << "  " << function << "(" << call_args.str() << ");\n"
       << "  double loopscape_t1 = omp_get_wtime();\n"
          "#ifdef LOOPSCAPE_MPI_HARNESS\n"  // the mpi target's ranks: rank 0 holds the results
          "  { int ready_ = 0, rank_ = 0; MPI_Initialized(&ready_);\n"
          "    if (ready_) MPI_Comm_rank(MPI_COMM_WORLD, &rank_);\n"
          "    if (rank_ != 0) return 0; }\n"
          "#endif\n"
          "  FILE *loopscape_out = fopen(argv[1], \"wb\");\n"
          "  if (!loopscape_out) { perror(argv[1]); return 4; }\n"
       << dumps.str()
       << "  fprintf(loopscape_out, \"time %.9f\\n\", loopscape_t1 - loopscape_t0);\n"
          "  fclose(loopscape_out);\n"
          "  return 0;\n"
          "}\n";
  plan.code = code.str();
  return plan;
}

std::string instrument_region(const std::string& source, std::size_t begin, std::size_t end) {
  if (begin > end || end > source.size()) return source;
  std::string region = source.substr(begin, end - begin);
  const std::string start_timer = "{ double loopscape_region_t0_ = omp_get_wtime();\n";
  const std::string stop_timer = "\nloopscape_region_seconds_ += omp_get_wtime() - loopscape_region_t0_; }\n";
  const std::size_t first = region.find_first_not_of(" \t\r\n");
  const std::size_t last = region.find_last_not_of(" \t\r\n");
  if (first != std::string::npos && region[first] == '{' && region[last] == '}') {
    // A whole function body: the timers go inside its braces.
    region = region.substr(0, first + 1) + start_timer + region.substr(first + 1, last - first - 1) + stop_timer +
             "}" + region.substr(last + 1);
  } else {
    region = start_timer + region + stop_timer;
  }
  std::string out;
  out += "#ifdef __cplusplus\nextern \"C\"\n#endif\n"  // C simulation of the hls target builds it as C++
         "double omp_get_wtime(void);\nstatic double loopscape_region_seconds_;\n#line 1\n";
  out += source.substr(0, begin);
  out += region;
  out += source.substr(end);
  out +=
      "\n#include <stdio.h>\n#include <stdlib.h>\n"
      "__attribute__((destructor)) static void loopscape_report_region_time_(void) {\n"
      "  const char *rank = getenv(\"OMPI_COMM_WORLD_RANK\");\n"  // under mpirun: rank 0's time
      "  if (!rank) rank = getenv(\"PMI_RANK\");\n"
      "  if (rank && atoi(rank) != 0) return;\n"
      "  const char *path = getenv(\"LOOPSCAPE_REGION_TIME_FILE\");\n"
      "  FILE *f = path ? fopen(path, \"wb\") : 0;\n"
      "  if (!f) return;\n"
      "  fwrite(&loopscape_region_seconds_, sizeof loopscape_region_seconds_, 1, f);\n"
      "  fclose(f);\n"
      "}\n";
  return out;
}

}  // namespace loopscape