#!/usr/bin/env node
// package-check.mjs — checks the npm package as a user gets it. Usage:
// node e2e/package-check.mjs PKG_DIR, where PKG_DIR holds the packed tarball
// and app/, an empty project that installed it (make test-package does both).
// Checks: the tarball holds what users need and nothing else; `import ... from
// 'winrate'` loads and solves under Node; 'winrate/embed' resolves to
// dist/embed.js; and it writes app/usage.ts + app/tsconfig.json so that
// `tsc -p app` type-checks the API's usage against the installed declarations.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pkgDir = process.argv[2];
if (!pkgDir) {
  console.error('usage: node e2e/package-check.mjs PKG_DIR');
  process.exit(2);
}
const app = join(pkgDir, 'app');
const tarball = readdirSync(pkgDir).find((f) => /^winrate-.*\.tgz$/.test(f));
assert.ok(tarball, `no winrate-*.tgz in ${pkgDir}`);

// 1. What the tarball holds.
const files = execFileSync('tar', ['tzf', join(pkgDir, tarball)], { encoding: 'utf8' })
  .split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
for (const need of ['package.json', 'README.md', 'dist/embed.js', 'dist/embed.html', 'dist/index.html',
  'dist/wasm-glue/winrate.mjs', 'dist/wasm-glue/winrate.d.mts', 'dist/wasm-glue/cli.mjs', 'dist/wasm-glue/worker.mjs',
  'dist/build/wasm/winrate-core.mjs', 'dist/build/wasm/winrate-core.wasm', 'dist/vendor/preact.mjs',
  'dist/integrations/hugo/layouts/shortcodes/winrate.html', 'dist/integrations/jekyll/_includes/winrate.html',
  'dist/integrations/eleventy/winrate.js', 'dist/integrations/jsx/winrate-elements.d.ts',
  'dist/integrations/wordpress/winrate.zip']) {
  assert.ok(files.includes(need), `the tarball lacks ${need}`);
}
const stray = files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f));
assert.deepEqual(stray, [], 'only dist/, package.json and README.md belong in the tarball');
// The WordPress plugin comes as its zip only: unpacked, it would hold a second copy of dist/.
assert.deepEqual(files.filter((f) => f.startsWith('dist/integrations/wordpress/winrate/')), [],
  'the unpacked WordPress plugin stays out of the tarball');
assert.deepEqual(files.filter((f) => /(^|\/)(test|node_modules)\/|\.spec\.|\.c$|\.h$/.test(f)), [],
  'no tests, sources or node_modules in the tarball');
const manifest = JSON.parse(readFileSync(join(app, 'node_modules/winrate/package.json'), 'utf8'));
assert.equal(manifest.private, undefined, 'the package is publishable (no "private")');
assert.deepEqual(Object.keys(manifest.dependencies ?? {}), [], 'no runtime dependencies');

// 2. The API under Node, through the package's exports, from the user's folder.
writeFileSync(join(app, 'use.mjs'), `
import { load, SolverError, codes } from 'winrate';
const solver = await load();
const out = {
  games: solver.games,
  text: solver.solveText('dice', 'AA A D DD\\n4 4\\n'),
  hop: solver.hopchess({ board: ['JJD'], aJ: 3, aD: 1 }).answer,
  embed: import.meta.resolve('winrate/embed'),
  eleventy: typeof (await import('winrate/integrations/eleventy/winrate.js')).default,
};
try { solver.solveText('dice', 'A D\\n4 x\\n'); } catch (err) {
  out.error = { isSolverError: err instanceof SolverError, syntax: err.code === codes.syntax, line: err.line, column: err.column };
}
console.log(JSON.stringify(out));
`);
const got = JSON.parse(execFileSync(process.execPath, ['use.mjs'], { cwd: app, encoding: 'utf8' }));
assert.deepEqual(got.games, ['hopchess', 'codenames', 'escape', 'dice']);
assert.equal(got.text, '0.4079\n');
assert.ok(Math.abs(got.hop - 2 / 3) < 1e-12, `hop chess sample 1: ${got.hop}`);
assert.match(got.embed, /\/node_modules\/winrate\/dist\/embed\.js$/);
assert.equal(got.eleventy, 'function', 'the Eleventy plugin imports as winrate/integrations/eleventy/winrate.js');
assert.deepEqual(got.error, { isSolverError: true, syntax: true, line: 2, column: 3 });

// 3. The type declarations, as a TypeScript user imports them (tsc runs next, from the Makefile).
const usage = readFileSync(new URL('../wasm-glue/test/types/usage.ts', import.meta.url), 'utf8')
  .replace(/from '(\.\.\/)+winrate\.mjs'/g, "from 'winrate'");
assert.match(usage, /from 'winrate'/, 'usage.ts imports the API');
writeFileSync(join(app, 'usage.ts'), usage);
writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
  compilerOptions: {
    strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext',
    lib: ['es2022', 'dom'], types: [], skipLibCheck: false,
  },
  files: ['usage.ts'],
}, null, 2));
console.log(`package: ${tarball}, ${files.length} files; API, exports and error shape checked under Node`);
