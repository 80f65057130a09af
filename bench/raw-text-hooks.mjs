// `import text from './file.md?raw'`: the file's text as the module's default export; and
// `import.meta.glob('./dir/*.md', { query: '?raw', import: 'default', eager: true })` (the rules'
// texts, ui/rules-text.ts): an object of those files' texts, as Vite and Rolldown make it.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';

const GLOB = /import\.meta\.glob(?:<[^>]*>)?\(\s*'([^']*)'\s*,\s*\{[^}]*\}\s*\)/g;

async function globbed(pattern, from) {
  const slash = pattern.lastIndexOf('/');
  const folder = pattern.slice(0, slash + 1);
  const [head, tail] = pattern.slice(slash + 1).split('*');
  const names = (await readdir(fileURLToPath(new URL(folder, from)))).filter(
    (name) => name.startsWith(head) && name.endsWith(tail ?? ''),
  );
  const entries = await Promise.all(
    names
      .sort()
      .map(async (name) => [
        `${folder}${name}`,
        await readFile(new URL(`${folder}${name}`, from), 'utf8'),
      ]),
  );
  return JSON.stringify(Object.fromEntries(entries));
}

export async function load(url, context, next) {
  if (url.endsWith('?raw')) {
    const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
    return {
      format: 'module',
      source: `export default ${JSON.stringify(text)};`,
      shortCircuit: true,
    };
  }
  const loaded = await next(url, context);
  if (!url.startsWith('file:') || loaded.format !== 'module' || loaded.source === undefined)
    return loaded;
  const source = String(loaded.source);
  if (!source.includes('import.meta.glob')) return loaded;
  let out = source;
  for (const [call, pattern] of source.matchAll(GLOB))
    out = out.replace(call, await globbed(pattern, url));
  return { ...loaded, source: out };
}
