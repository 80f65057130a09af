// The command-line program as one bundled file: Node loads one module instead of hundreds, and
// React runs its production build. The library entry (dist/index.js) stays unbundled, from tsc.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineConfig } from 'rolldown';

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

export default defineConfig({
  input: 'source/main.ts',
  platform: 'node',
  plugins: [noDevtools, rawText],
  // write-file-atomic is CommonJS that needs __filename: loaded from node_modules as it is.
  // ssh2 is CommonJS with optional native parts: loaded from node_modules as it is.
  external: ['write-file-atomic', 'ssh2'],
  transform: {
    define: { 'process.env.NODE_ENV': '"production"' },
  },
  output: {
    file: 'dist/madang.js',
    format: 'esm',
    codeSplitting: false,
    minify: true,
  },
});
