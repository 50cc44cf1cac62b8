/**
 * The release path, checked the way a user meets it: pack every package under packages/
 * with pnpm (which rewrites `workspace:^` to real versions and applies publishConfig),
 * install the tarballs with plain npm into a fresh project outside the workspace, import
 * each package, type-check a consumer against the shipped declarations, and run the bins.
 *
 * Set PACK_CHECK_KEEP=1 to keep the scratch directory.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const work = mkdtempSync(path.join(os.tmpdir(), 'tilepass-pack-check-'))
const tarballDir = path.join(work, 'tarballs')
const consumer = path.join(work, 'consumer')
const problems: string[] = []

function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): { ok: boolean; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options })
  const stdout = String(result.stdout ?? '')
  const stderr = String(result.stderr ?? '') + (result.error ? `${result.error.message}\n` : '')
  return { ok: result.status === 0, stdout, stderr }
}

function fail(message: string): void {
  problems.push(message)
  process.stderr.write(`pack-check: error: ${message}\n`)
}

function step(message: string): void {
  process.stdout.write(`pack-check: ${message}\n`)
}

interface PackedManifest {
  name: string
  version: string
  exports?: unknown
  bin?: Record<string, string>
  dependencies?: Record<string, string>
}

try {
  // ---- Pack ----
  mkdirSync(tarballDir)
  mkdirSync(consumer)
  const pack = run('pnpm', ['-r', '--filter', './packages/*', 'pack', '--pack-destination', tarballDir], { cwd: root })
  if (!pack.ok) {
    throw new Error(`pnpm pack failed:\n${pack.stdout}${pack.stderr}`)
  }
  const tarballs = readdirSync(tarballDir).filter((f) => f.endsWith('.tgz')).sort()
  const packageDirs = readdirSync(path.join(root, 'packages')).sort()
  if (tarballs.length !== packageDirs.length) {
    fail(`expected ${packageDirs.length} tarballs (one per packages/*), got ${tarballs.length}: ${tarballs.join(', ')}`)
  }
  step(`packed ${tarballs.length} packages into ${tarballDir}`)

  // ---- Inspect each tarball ----
  const manifests: PackedManifest[] = []
  for (const tarball of tarballs) {
    const file = path.join(tarballDir, tarball)
    const listing = run('tar', ['-tzf', file])
    const manifestText = run('tar', ['-xzOf', file, 'package/package.json'])
    if (!listing.ok || !manifestText.ok) {
      fail(`${tarball}: cannot read the tarball: ${listing.stderr}${manifestText.stderr}`)
      continue
    }
    const entries = listing.stdout.split('\n').filter(Boolean)
    const manifest = JSON.parse(manifestText.stdout) as PackedManifest
    manifests.push(manifest)
    // The bins load the tools from one bundle, with its V8 code caches (bin/load-tools.js).
    const binFiles =
      manifest.bin === undefined
        ? []
        : ['package/dist/bundle/tilepass-tools.cjs', 'package/dist/bundle/tilepass-tools.cjs.v8cache', 'package/dist/bundle/tilepass-tools.cjs.light.v8cache']
    for (const required of ['package/package.json', 'package/README.md', 'package/LICENSE', 'package/dist/index.js', 'package/dist/index.d.ts', ...binFiles]) {
      if (!entries.includes(required)) {
        fail(`${manifest.name}: the tarball lacks ${required.slice('package/'.length)}`)
      }
    }
    for (const entry of entries) {
      // Source maps would point at src/, which is not shipped.
      if (entry.startsWith('package/src/') || entry.startsWith('package/test/') || entry.endsWith('.tsbuildinfo') || entry.endsWith('.map')) {
        fail(`${manifest.name}: the tarball ships ${entry.slice('package/'.length)}`)
      }
    }
    if (manifestText.stdout.includes('workspace:')) {
      fail(`${manifest.name}: the packed package.json still has a workspace: range`)
    }
    if (JSON.stringify(manifest.exports).includes('"source"')) {
      fail(`${manifest.name}: the packed exports still point at src/ through the "source" condition`)
    }
  }

  // ---- Install as a user would, with plain npm, outside the workspace ----
  writeFileSync(
    path.join(consumer, 'package.json'),
    JSON.stringify({ name: 'tilepass-pack-check-consumer', version: '0.0.0', private: true, type: 'module' }, null, 2),
  )
  const files = tarballs.map((t) => path.join(tarballDir, t))
  const npmArgs = ['install', '--no-audit', '--no-fund', '--no-package-lock']
  let install = run('npm', [...npmArgs, '--offline', ...files], { cwd: consumer })
  if (!install.ok) {
    // Only external dependencies can need the registry; try again online.
    step('offline npm install failed, retrying online')
    install = run('npm', [...npmArgs, ...files], { cwd: consumer })
  }
  if (!install.ok) {
    throw new Error(`npm install of the tarballs failed:\n${install.stdout}${install.stderr}`)
  }
  step(`installed the tarballs with npm into ${consumer}`)

  // ---- Import every package in plain Node.js ----
  for (const { name } of manifests) {
    const imported = run(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(name)})`], { cwd: consumer })
    if (imported.ok) {
      step(`import('${name}') ok`)
    } else {
      fail(`import('${name}') failed:\n${imported.stderr}`)
    }
  }

  // ---- Type-check a consumer against the shipped declarations ----
  writeFileSync(path.join(consumer, 'index.ts'), manifests.map(({ name }, i) => `import * as p${i} from '${name}'\nvoid p${i}\n`).join(''))
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        typeRoots: [path.join(root, 'node_modules/@types')],
        types: ['node'],
      },
      files: ['index.ts'],
    }),
  )
  const tsc = run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', consumer], { cwd: consumer })
  if (tsc.ok) {
    step('a TypeScript consumer type-checks against the packed declarations')
  } else {
    fail(`the packed declarations do not type-check in a consumer:\n${tsc.stdout}${tsc.stderr}`)
  }

  // ---- Internal fields stay out of the published types (`@internal` + stripInternal) ----
  // (`visitMark`/`visitData` are public: the scratch slots of `acquireVisitMarks`, which
  // traversals outside @tilepass/ir use too, such as sccp's solver in @tilepass/transforms.)
  const internalFields = /^\s*(readonly\s+)?(worklistIndex|rawProperties|orderIndex|isOpOrderValid)\??:|^\s*(get|set) rawProperties\(/m
  const irDist = path.join(consumer, 'node_modules', '@tilepass', 'ir', 'dist')
  const leaking = readdirSync(irDist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.d.ts') && internalFields.test(readFileSync(path.join(irDist, f), 'utf8')))
  if (leaking.length === 0) {
    step('internal fields are stripped from the published declarations')
  } else {
    fail(`@tilepass/ir's declarations show internal fields in ${leaking.join(', ')}`)
  }

  // ---- Run the bins ----
  const cli = manifests.find((m) => m.name === '@tilepass/cli')
  for (const bin of Object.keys(cli?.bin ?? {})) {
    const result = run(path.join(consumer, 'node_modules/.bin', bin), ['--version'], { cwd: consumer })
    const expected = `Tilepass version ${cli?.version}\n`
    if (result.ok && result.stdout.startsWith(expected)) {
      step(`${bin} --version: ${result.stdout.split('\n')[0]}`)
    } else {
      fail(`${bin} --version printed ${JSON.stringify(result.stdout)} (expected it to start with ${JSON.stringify(expected)}):\n${result.stderr}`)
    }
  }
  if (cli === undefined || Object.keys(cli.bin ?? {}).length === 0) {
    fail('@tilepass/cli was not packed with its bins')
  } else {
    const input = 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n'
    const expected = 'module {\n  func.func @f(%arg0: i32) -> i32 {\n    %0 = arith.addi %arg0, %arg0 : i32\n    return %0 : i32\n  }\n}\n\n'
    const opt = run(path.join(consumer, 'node_modules/.bin/tilepass-opt'), ['--cse', '-'], { cwd: consumer, input })
    if (opt.ok && opt.stdout === expected) {
      step('tilepass-opt --cse prints a small module as mlir-opt does')
    } else {
      fail(`tilepass-opt --cse - printed ${JSON.stringify(opt.stdout)} (expected ${JSON.stringify(expected)}):\n${opt.stderr}`)
    }
  }
} catch (error) {
  fail((error as Error).message)
} finally {
  if (process.env.PACK_CHECK_KEEP === '1') {
    step(`kept ${work}`)
  } else {
    rmSync(work, { recursive: true, force: true })
  }
}

if (problems.length > 0) {
  process.stderr.write(`pack-check: ${problems.length} problem(s)\n`)
  process.exitCode = 1
} else {
  step('all packages pack, install, import and run')
}
