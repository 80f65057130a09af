/**
 * Each game's rules in the project's own words, docs/rules/<id>.md, bundled into the program
 * (Vite's glob in the tests, Rolldown's in the build) and found by the game's id.
 */
const TEXTS: Readonly<Record<string, string>> = import.meta.glob<string>('../../docs/rules/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export function rulesTextOf(id: string): string {
  const text = TEXTS[`../../docs/rules/${id}.md`];
  if (text === undefined) throw new Error(`The rules of ${id} are missing: docs/rules/${id}.md`);
  return text;
}
