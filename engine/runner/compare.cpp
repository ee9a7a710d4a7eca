// SPDX-License-Identifier: Apache-2.0
#include "runner/compare.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <tuple>

#include "runner/process.h"

namespace loopscape {

std::string ValueDifference::describe() const {
  std::ostringstream out;
  if (!array.empty()) {
    out << array;
    if (!index.empty())
      for (long i : index) out << '[' << i << ']';
    else if (flat_index >= 0)
      out << " (element " << flat_index << ')';
    out << ": ";
  }
  out << "original " << expected << ", emitted " << actual;
  if (!where.empty()) out << " (" << where << ')';
  return out.str();
}

std::vector<long> unflatten(long flat, const std::vector<long>& extents) {
  std::vector<long> index(extents.size(), 0);
  for (std::size_t d = extents.size(); d-- > 0;) {
    const long e = std::max(1L, extents[d]);
    index[d] = flat % e;
    flat /= e;
  }
  return index;
}

namespace {

struct Token {
  std::string text;
  bool numeric = false;
  std::size_t line = 1;
};

bool is_special_number_word(std::string word) {
  std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
  if (!word.empty() && (word[0] == '-' || word[0] == '+')) word.erase(0, 1);
  return word == "nan" || word == "inf" || word == "infinity";
}

bool starts_number(const std::string& s, std::size_t i) {
  auto digit = [&](std::size_t k) { return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])); };
  if (digit(i)) return true;
  if (s[i] == '.' && digit(i + 1)) return true;
  if (s[i] == '-' || s[i] == '+') {
    if (digit(i + 1) || (i + 1 < s.size() && s[i + 1] == '.' && digit(i + 2))) return true;
    std::size_t k = i + 1;
    while (k < s.size() && std::isalpha(static_cast<unsigned char>(s[k]))) ++k;
    return is_special_number_word(s.substr(i + 1, k - i - 1));
  }
  return false;
}

std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> tokens;
  std::size_t line = 1;
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isspace(c)) {
      if (c == '\n') ++line;
      ++i;
      continue;
    }
    Token t;
    t.line = line;
    if (starts_number(s, i)) {
      const char* begin = s.c_str() + i;
      char* end = nullptr;
      std::strtod(begin, &end);
      std::size_t n = static_cast<std::size_t>(end - begin);
      if (n == 0) n = 1;
      t.text = s.substr(i, n);
      t.numeric = n > 1 || std::isdigit(c);
      i += n;
    } else if (std::isalpha(c) || c == '_') {
      std::size_t k = i;
      while (k < s.size() && (std::isalnum(static_cast<unsigned char>(s[k])) || s[k] == '_')) ++k;
      t.text = s.substr(i, k - i);
      t.numeric = is_special_number_word(t.text);
      i = k;
    } else {
      t.text = s.substr(i, 1);
      ++i;
    }
    tokens.push_back(std::move(t));
  }
  return tokens;
}

bool is_integer_text(const std::string& t) {
  std::size_t i = (!t.empty() && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
  if (i >= t.size()) return false;
  for (; i < t.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
  return true;
}

// The value of one unit in the last printed digit of a decimal number (0 for hex or words).
double printed_quantum(const std::string& t) {
  if (t.find_first_of("xX") != std::string::npos) return 0;
  const std::size_t e = t.find_first_of("eE");
  const std::string mantissa = t.substr(0, e);
  const std::size_t dot = mantissa.find('.');
  const long decimals = dot == std::string::npos ? 0 : long(mantissa.size() - dot - 1);
  const long exponent = e == std::string::npos ? 0 : std::strtol(t.c_str() + e + 1, nullptr, 10);
  return std::pow(10.0, double(exponent - decimals));
}

bool reals_match(double a, double b, const Tolerance& tolerance, double quantum) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  const double diff = std::fabs(a - b);
  const double allowed =
      std::max({tolerance.relative * std::max(std::fabs(a), std::fabs(b)), tolerance.absolute, quantum * (1 + 1e-9)});
  return diff <= allowed;
}

std::string line_text(const std::string& s, std::size_t line) {
  std::size_t begin = 0;
  for (std::size_t l = 1; l < line && begin != std::string::npos; ++l) {
    begin = s.find('\n', begin);
    if (begin != std::string::npos) ++begin;
  }
  if (begin == std::string::npos || begin >= s.size()) return {};
  std::size_t end = s.find('\n', begin);
  std::string text = s.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  if (text.size() > 160) text = text.substr(0, 157) + "...";
  return text;
}

std::string format_real(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string format_float(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

}  // namespace

bool printed_numbers_match(const std::string& a, const std::string& b, const Tolerance& tolerance) {
  if (a == b) return true;
  if (is_integer_text(a) && is_integer_text(b)) {
    errno = 0;
    const long long x = std::strtoll(a.c_str(), nullptr, 10);
    const long long y = std::strtoll(b.c_str(), nullptr, 10);
    if (errno == ERANGE) return false;
    return x == y;
  }
  const double x = std::strtod(a.c_str(), nullptr);
  const double y = std::strtod(b.c_str(), nullptr);
  const double quantum =
      is_integer_text(a) || is_integer_text(b) ? 0.0 : std::max(printed_quantum(a), printed_quantum(b));
  return reals_match(x, y, tolerance, quantum);
}

Comparison compare_printed_output(const std::string& expected, const std::string& actual,
                                  const std::string& stream_name, const Tolerance& tolerance,
                                  const ArrayShapes& shapes) {
  Comparison result;
  const std::vector<Token> want = tokenize(expected);
  const std::vector<Token> got = tokenize(actual);
  std::string dump_array;
  long dump_position = 0;
  std::vector<long> dump_extents;

  auto difference_at = [&](std::size_t i) {
    ValueDifference d;
    const bool have_want = i < want.size(), have_got = i < got.size();
    d.expected = have_want ? want[i].text : "<end of output>";
    d.actual = have_got ? got[i].text : "<end of output>";
    const std::size_t line = have_want ? want[i].line : (have_got ? got[i].line : 0);
    d.where = stream_name + " line " + std::to_string(line);
    d.context = line_text(have_want ? expected : actual, line);
    if (!dump_array.empty() && have_want && want[i].numeric) {
      d.array = dump_array;
      d.flat_index = dump_position;
      if (!dump_extents.empty()) d.index = unflatten(dump_position, dump_extents);
    }
    return d;
  };

  const std::size_t n = std::max(want.size(), got.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (i >= want.size() || i >= got.size()) {
      result.difference = difference_at(i);
      return result;
    }
    const Token& a = want[i];
    const Token& b = got[i];
    if (a.text == "begin" && i + 3 < want.size() && want[i + 1].text == "dump" && want[i + 2].text == ":") {
      dump_array = want[i + 3].text;
      dump_position = 0;
      dump_extents.clear();
      auto found = shapes.find(dump_array);
      if (found != shapes.end()) dump_extents = found->second;
    } else if (a.text == "end" && i + 1 < want.size() && want[i + 1].text == "dump") {
      dump_array.clear();
    }
    bool same;
    if (a.numeric && b.numeric) {
      same = printed_numbers_match(a.text, b.text, tolerance);
      ++result.values_compared;
    } else {
      same = a.text == b.text;
    }
    if (!same) {
      result.difference = difference_at(i);
      return result;
    }
    if (!dump_array.empty() && a.numeric) ++dump_position;
  }
  return result;
}

std::optional<double> read_region_time(const std::string& path) {
  const std::string raw = read_file_text(path);
  if (raw.size() != sizeof(double)) return std::nullopt;
  double seconds = 0;
  std::memcpy(&seconds, raw.data(), sizeof seconds);
  return seconds;
}

std::optional<HarnessDump> read_harness_dump(const std::string& path, std::string* error) {
  const std::string data = read_file_text(path);
  auto fail = [&](const std::string& why) -> std::optional<HarnessDump> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (data.empty()) return fail("the harness wrote no results (" + path + ")");
  HarnessDump dump;
  std::size_t pos = 0;
  bool finished = false;
  while (pos < data.size()) {
    const std::size_t eol = data.find('\n', pos);
    if (eol == std::string::npos) return fail("truncated result file");
    std::istringstream header(data.substr(pos, eol - pos));
    pos = eol + 1;
    std::string word;
    header >> word;
    if (word.empty()) continue;
    if (word == "time") {
      header >> dump.seconds;
      finished = true;
      continue;
    }
    if (word == "skipped") {
      std::string name;
      header >> name;
      dump.skipped.push_back(name);
      continue;
    }
    if (word != "array") return fail("malformed result file: unexpected '" + word + "'");
    ArrayDump a;
    int dims = 0;
    long count = 0;
    header >> a.name >> a.kind >> dims;
    for (int d = 0; d < dims; ++d) {
      long e = 0;
      header >> e;
      a.extents.push_back(e);
    }
    header >> count;
    if (!header || count < 0) return fail("malformed array header in result file");
    const std::size_t bytes = std::size_t(count) * 8;
    if (pos + bytes > data.size()) return fail("truncated data of array " + a.name);
    if (a.kind == 'i') {
      a.integers.resize(std::size_t(count));
      std::memcpy(a.integers.data(), data.data() + pos, bytes);
    } else {
      a.reals.resize(std::size_t(count));
      std::memcpy(a.reals.data(), data.data() + pos, bytes);
    }
    pos += bytes;
    if (pos < data.size() && data[pos] == '\n') ++pos;
    dump.arrays.push_back(std::move(a));
  }
  if (!finished) return fail("the result file is incomplete (the function did not return?)");
  return dump;
}

Comparison compare_dumps(const HarnessDump& expected, const HarnessDump& actual,
                         const Tolerance& double_tolerance, const Tolerance& float_tolerance) {
  Comparison result;
  for (const ArrayDump& want : expected.arrays) {
    const ArrayDump* got = nullptr;
    for (const ArrayDump& a : actual.arrays)
      if (a.name == want.name) got = &a;
    ValueDifference d;
    d.array = want.name;
    d.where = "dump of " + want.name;
    if (!got || got->kind != want.kind || got->size() != want.size()) {
      d.expected = std::to_string(want.size()) + " elements";
      d.actual = got ? std::to_string(got->size()) + " elements" : "missing";
      result.difference = d;
      return result;
    }
    const Tolerance& tolerance = want.kind == 'f' ? float_tolerance : double_tolerance;
    for (std::size_t k = 0; k < want.size(); ++k) {
      ++result.values_compared;
      bool same;
      if (want.kind == 'i') {
        same = want.integers[k] == got->integers[k];
        if (!same) {
          d.expected = std::to_string(want.integers[k]);
          d.actual = std::to_string(got->integers[k]);
        }
      } else {
        same = reals_match(want.reals[k], got->reals[k], tolerance, 0);
        if (!same) {
          auto format = want.kind == 'f' ? format_float : format_real;
          d.expected = format(want.reals[k]);
          d.actual = format(got->reals[k]);
        }
      }
      if (!same) {
        d.flat_index = long(k);
        d.index = unflatten(long(k), want.extents);
        result.difference = d;
        return result;
      }
    }
  }
  return result;
}

Comparison compare_run_outputs(const RunOutput& expected, const RunOutput& actual, const Tolerance& printed,
                               const Tolerance& double_tolerance, const Tolerance& float_tolerance,
                               const ArrayShapes& shapes) {
  Comparison comparison;
  if (expected.dump && actual.dump)
    comparison = compare_dumps(*expected.dump, *actual.dump, double_tolerance, float_tolerance);
  for (const auto& [want, got, stream] : {std::tuple{&expected.out, &actual.out, "stdout"},
                                          std::tuple{&expected.err, &actual.err, "stderr"}}) {
    if (comparison.difference) break;
    const Comparison part = compare_printed_output(*want, *got, stream, printed, shapes);
    comparison.values_compared += part.values_compared;
    comparison.difference = part.difference;
  }
  return comparison;
}

}  // namespace loopscape
