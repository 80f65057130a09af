// The command-line program as one bundled file: Node loads one module instead of hundreds, and
// React runs its production build. The library entry (dist/index.js) stays unbundled, from tsc.
import process from 'node:process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineConfig } from 'rolldown';
import { importGlobPlugin } from 'rolldown/experimental';

/** `import text from './x.md?raw'`: the file's text as a string (as Vite does in the tests). */
const rawText = {
  name: 'raw-text',
  resolveId: (id, importer) =>
    id.endsWith('?raw') && importer ? `\0raw:${resolve(dirname(importer), id.slice(0, -4))}` : null,
  load: (id) =>
    id.startsWith('\0raw:')
      ? `export default ${JSON.stringify(readFileSync(id.slice(5), 'utf8'))};`
      : null,
};

/** Ink loads react-devtools-core only when DEV=true; the bundle has no use for it. */
const noDevtools = {
  name: 'no-react-devtools',
  resolveId: (id) => (id === 'react-devtools-core' ? '\0no-devtools' : null),
  load: (id) => (id === '\0no-devtools' ? 'export default { connectToDevTools() {} };' : null),
};

/**
 * dist/madang.js, the command, is a few lines that turn on Node's compile cache and then load the
 * bundle (dist/madang-main.js): V8 compiling the megabyte bundle was a third of every start's CPU,
 * and with the cache a start reads it compiled (Node 22: 270 → 215 ms of CPU to the menu's
 * first frame). The cache is Node's own, in the system's temporary folder.
 */
const launcher = {
  name: 'madang-launcher',
  writeBundle() {
    writeFileSync(
      'dist/madang.js',
      [
        '#!/usr/bin/env node',
        "import module from 'node:module';",
        'module.enableCompileCache?.();',
        "await import('./madang-main.js');",
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    chmodSync('dist/madang.js', 0o755);
  },
};

export default defineConfig({
  input: 'source/main.ts',
  platform: 'node',
  // importGlobPlugin: `import.meta.glob` (each game's rules, ui/rules-text.ts), as Vite does.
  plugins: [noDevtools, importGlobPlugin(), rawText, launcher],
  // write-file-atomic is CommonJS that needs __filename: loaded from node_modules as it is.
  // ssh2 is CommonJS with optional native parts: loaded from node_modules as it is.
  // ws is CommonJS with optional native parts too (bufferutil, utf-8-validate).
  external: ['write-file-atomic', 'ssh2', 'ws'],
  transform: {
    define: { 'process.env.NODE_ENV': '"production"' },
  },
  output: {
    file: 'dist/madang-main.js',
    format: 'esm',
    codeSplitting: false,
    // MADANG_UNMINIFIED=1: a bundle a profile can be read from (names kept, no minifying).
    minify: process.env.MADANG_UNMINIFIED !== '1',
  },
});
