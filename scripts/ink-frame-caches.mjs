// Ink's frame building made cheaper for the bundle (madang serve draws a frame for two hundred
// connections at once). Ink 6 measures and splits every line of text into styled cells afresh for
// every frame (its caches live one frame), fills a new cell object per blank cell, and measures
// each text's width again though its layout already has it; its two lasting caches grow without
// end in a server that runs for days. These edits keep the output byte for byte: the same pure
// functions of the same strings, remembered across frames, and every cache bounded. An edit
// whose text is not found fails the build, so an Ink upgrade cannot drop one unseen.

/** Entries a cache holds before it starts again (a few megabytes at most). */
export const CACHE_ENTRIES = 20_000;

const EDITS = {
  'ink/build/output.js': [
    // One set of caches for every frame, started again when full.
    ['    caches = new OutputCaches();', '    caches = sharedCaches();'],
    // A blank cell is never changed (a write puts another cell in its place): one for all.
    [
      `                row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
      '                row.push(BLANK_CELL);',
    ],
    [
      'export default class Output {',
      `let shared;
const sharedCaches = () => {
    if (!shared || shared.styledChars.size + shared.widths.size + shared.blockWidths.size > ${CACHE_ENTRIES})
        shared = new OutputCaches();
    return shared;
};
const BLANK_CELL = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });
export default class Output {`,
    ],
  ],
  'ink/build/render-node-to-output.js': [
    // The layout measured this very text (dom.js): its width is in measure-text's cache.
    ["import widestLine from 'widest-line';", "import measureText from './measure-text.js';"],
    ['const currentWidth = widestLine(text);', 'const currentWidth = measureText(text).width;'],
  ],
  'ink/build/measure-text.js': [
    [
      '    cache.set(text, dimensions);',
      `    if (cache.size >= ${CACHE_ENTRIES}) cache.clear();\n$&`,
    ],
  ],
  'ink/build/wrap-text.js': [
    ['const cache = {};', 'let cache = new Map();'],
    ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
    [
      '    cache[cacheKey] = wrappedText;',
      `    if (cache.size >= ${CACHE_ENTRIES}) cache = new Map();\n    cache.set(cacheKey, wrappedText);`,
    ],
  ],
  // The cells of a line share their styles until a code changes them (reduceAnsiCodesIncremental
  // makes a new list, never changes one): a cell with its neighbour's styles needs no codes
  // between them, found without diffing the two (most of a frame's cells, blank or plain).
  '@alcalzone/ansi-tokenize/build/styledChars.js': [
    ['                styles: [...codes],', '                styles: codes,'],
    [
      '            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
      '            if (chars[i - 1].styles !== char.styles)\n                ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
    ],
  ],
};

/** The edited text of one of Ink's files (or of its cells' styles), or undefined for any other. */
export function editInk(id, code) {
  const path = id.replaceAll('\\', '/');
  const file = Object.keys(EDITS).find((name) => path.endsWith(`/node_modules/${name}`));
  if (!file) return undefined;
  let edited = code;
  for (const [from, to] of EDITS[file]) {
    if (!edited.includes(from))
      throw new Error(`ink-frame-caches: ${file} no longer has ${JSON.stringify(from)}`);
    edited = edited.replace(from, to);
  }
  return edited;
}

/** The rolldown plugin. */
export const inkFrameCaches = {
  name: 'ink-frame-caches',
  transform(code, id) {
    const edited = editInk(id, code);
    return edited === undefined ? null : { code: edited, map: null };
  },
};
