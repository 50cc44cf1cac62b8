# lit configuration of the Toy example's FileCheck tests. %toyc runs src/toyc.ts with tsx
# against the @tilepass/* TypeScript sources (no build needed).
import os
import tempfile

import lit.formats

config.name = 'Toy'
config.test_format = lit.formats.ShTest(True)
config.suffixes = ['.toy', '.mlir']
config.test_source_root = os.path.dirname(__file__)
# Scratch files (%t, Output/) go to the temp dir, never into the source tree.
config.test_exec_root = os.path.join(tempfile.gettempdir(), 'tilepass-toy-lit')

toy_root = os.path.abspath(os.path.join(config.test_source_root, '..', '..'))
repo_root = os.path.abspath(os.path.join(toy_root, '..', '..'))
tsx = os.path.join(repo_root, 'node_modules', '.bin', 'tsx')
config.substitutions.append(('%toyc', '%s --conditions=source %s' % (tsx, os.path.join(toy_root, 'src', 'toyc.ts'))))

llvm_bin = lit_config.params.get('llvm_bin', '/usr/lib/llvm-22/bin')
config.environment['PATH'] = os.pathsep.join([llvm_bin, os.environ.get('PATH', '')])

# `REQUIRES: lli` tests run the compiled program; they are reported UNSUPPORTED, not failed,
# where LLVM 22's lli is not installed.
if os.path.exists(lit_config.params.get('lli', os.path.join(llvm_bin, 'lli'))):
    config.available_features.add('lli')
config.environment['LLVM_BIN'] = llvm_bin
