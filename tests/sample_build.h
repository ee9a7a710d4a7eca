// SPDX-License-Identifier: Apache-2.0
#pragma once
// Running programs from tests, and building C++ samples as a user would:
// against the engine installed alone (cmake --install --component
// Loopscape_engine, then find_package(Loopscape)).
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace loopscape::testing {

// Runs a program to its end; its exit code, with its standard output in `out`
// (and its standard error after it when it fails).
inline int run_tool(const QString& program, const QStringList& args, QString* out) {
  QProcess p;
  p.start(program, args);
  if (!p.waitForFinished(600000)) return -1;
  *out = QString::fromUtf8(p.readAllStandardOutput());
  if (p.exitCode() != 0) *out += QString::fromUtf8(p.readAllStandardError());
  return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

#if defined(LOOPSCAPE_BUILD_DIR) && defined(LOOPSCAPE_CMAKE_COMMAND)
// Installs the engine under `dir`/prefix and builds each of `sources` (name ->
// source file) there as executable `dir`/app/build/NAME. "" on success, else
// what failed with the tools' output.
inline QString build_against_installed_engine(const QString& dir, const QList<QPair<QString, QString>>& sources) {
  const QString prefix = dir + "/prefix", app = dir + "/app";
  if (!QDir().mkpath(app)) return "cannot make " + app;
  const QString cmake = QStringLiteral(LOOPSCAPE_CMAKE_COMMAND);
  QString out;
  if (run_tool(cmake, {"--install", LOOPSCAPE_BUILD_DIR, "--component", "Loopscape_engine", "--prefix", prefix}, &out))
    return "install: " + out;
  QString lists = "cmake_minimum_required(VERSION 3.25)\nproject(samples LANGUAGES C CXX)\n"
                  "find_package(Loopscape REQUIRED)\nset(CMAKE_CXX_STANDARD 20)\n";
  for (const auto& [name, source] : sources) {
    if (!QFile::copy(source, app + "/" + name + ".cpp")) return "cannot copy " + source;
    lists += "add_executable(" + name + " " + name + ".cpp)\ntarget_link_libraries(" + name +
             " PRIVATE Loopscape::engine)\n";
  }
  QFile file(app + "/CMakeLists.txt");
  if (!file.open(QIODevice::WriteOnly)) return "cannot write " + file.fileName();
  file.write(lists.toUtf8());
  file.close();
  if (run_tool(cmake, {"-S", app, "-B", app + "/build", "-DCMAKE_PREFIX_PATH=" + prefix, "-DCMAKE_BUILD_TYPE=Release",
                       "-DCMAKE_CXX_COMPILER=" LOOPSCAPE_CXX_COMPILER, "-DCMAKE_C_COMPILER=" LOOPSCAPE_C_COMPILER},
               &out))
    return "configure: " + out;
  if (run_tool(cmake, {"--build", app + "/build", "--parallel", "2"}, &out)) return "build: " + out;
  return {};
}
#endif

}  // namespace loopscape::testing
