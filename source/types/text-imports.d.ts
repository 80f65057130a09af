/** `import text from './x.md?raw'`: a file's text, bundled (Rolldown's plugin, Vite in tests). */
declare module '*.md?raw' {
  const text: string;
  export default text;
}

/** `import.meta.glob(…, { query: '?raw', import: 'default', eager: true })`: files' texts by path. */
interface ImportMeta {
  glob<T>(
    pattern: string,
    options: { query: '?raw'; import: 'default'; eager: true },
  ): Record<string, T>;
}
