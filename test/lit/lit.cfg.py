# -*- Python -*-
# lit configuration for Tilepass's own lit tests (test/lit/<Area>/*.mlir).
#
#   lit -sv test/lit                      # runs node_modules/.bin/tilepass-opt (build first)
#   OPT=/usr/lib/llvm-22/bin/mlir-opt lit -sv test/lit   # checks the tests against the oracle
#
# FileCheck, not, count and split-file come from LLVM_TOOLS_DIR (default /usr/lib/llvm-22/bin).

import os

import lit.formats

_root = os.path.dirname(os.path.abspath(__file__))
_repo = os.path.dirname(os.path.dirname(_root))

config.name = "tilepass-lit"
config.suffixes = [".mlir"]
config.test_format = lit.formats.ShTest(True)
config.test_source_root = _root
config.test_exec_root = os.path.join(_repo, "node_modules", ".cache", "tilepass-lit")
config.excludes = ["Inputs", "lit.cfg.py"]

_llvm_tools = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
_opt = os.path.abspath(os.environ.get("OPT", os.path.join(_repo, "node_modules", ".bin", "tilepass-opt")))
if not os.access(_opt, os.X_OK):
    lit_config.fatal("OPT=%s is not an executable file (run `pnpm build` first)" % _opt)

config.environment["PATH"] = os.pathsep.join([_llvm_tools, os.environ.get("PATH", "/usr/bin:/bin")])
for _var in ("HOME", "TMPDIR", "LANG", "LC_ALL"):
    if _var in os.environ:
        config.environment[_var] = os.environ[_var]

# The token `tilepass-opt` in RUN lines (not part of a longer name or path).
config.substitutions.append((r"(?<![\w./-])tilepass-opt(?![\w.-])", _opt))
lit_config.note("OPT = %s" % _opt)
