/** `import text from './x.md?raw'`: a file's text, bundled (Rolldown's plugin, Vite in tests). */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
