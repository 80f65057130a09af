// `import text from './file.md?raw'`: the file's text as the module's default export.
import { readFile } from 'node:fs/promises';
import { URL } from 'node:url';

export async function load(url, context, next) {
  if (!url.endsWith('?raw')) return next(url, context);
  const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
  return {
    format: 'module',
    source: `export default ${JSON.stringify(text)};`,
    shortCircuit: true,
  };
}
