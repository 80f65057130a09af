/**
 * The recordings browser as a pure model: the folder's recordings, newest first, the one chosen,
 * and a filter typed after `/`. Enter watches the chosen recording, `r` resumes an unfinished
 * one; what must be read from disk goes out as an outcome for the app.
 */
import { outcomeWords } from '../engine/game.js';
import type { Catalogue, Listed } from '../engine/recording.js';
import type { Key } from './keys.js';
import { editField, type Field, fieldOf } from './text-field.js';

export interface Browser {
  readonly catalogue: Catalogue;
  /** The chosen row among those the filter shows. */
  readonly index: number;
  readonly filter: Field;
  /** The filter is being typed (after `/`). */
  readonly filtering: boolean;
  readonly notice?: string | undefined;
}

export type BrowserOutcome =
  | { readonly type: 'browse'; readonly browser: Browser }
  | { readonly type: 'watch' | 'resume'; readonly file: string; readonly browser: Browser }
  | { readonly type: 'back' };

/** The longest filter. */
export const FILTER_MAX = 40;

export const newBrowser = (catalogue: Catalogue): Browser => ({
  catalogue,
  index: 0,
  filter: fieldOf(''),
  filtering: false,
});

/** A recording's row in words: each column as shown, and what the filter searches. */
export interface Row {
  readonly date: string;
  readonly game: string;
  readonly players: string;
  readonly length: string;
  readonly result: string;
  /** It can be watched (madang has its game and the header holds). */
  readonly playable: boolean;
  readonly unfinished: boolean;
}

/** The local date and time of an ISO timestamp, as `2026-11-21 14:30`. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function rowOf(listed: Listed, titleOf: (game: string) => string): Row {
  const { header } = listed;
  if (!header) {
    return {
      date: localTime(new Date(listed.modified).toISOString()),
      game: '?',
      players: listed.name,
      length: '',
      result: listed.problem ?? 'not a recording',
      playable: false,
      unfinished: false,
    };
  }
  const names = header.players.map((p) => p.name);
  return {
    date: localTime(header.startedAt) || localTime(new Date(listed.modified).toISOString()),
    game: titleOf(header.game),
    players: names.join(', '),
    length: `${listed.approximate ? '≈' : ''}${listed.steps} step${listed.steps === 1 ? '' : 's'}`,
    result: listed.outcome ? outcomeWords(listed.outcome, names) : 'unfinished',
    playable: true,
    unfinished: listed.outcome === undefined,
  };
}

/**
 * The recordings the filter lets through: every word of it is found (in any case) in the row's
 * date, game, players, result or file name.
 */
export function shown(browser: Browser, titleOf: (game: string) => string): readonly Listed[] {
  const words = browser.filter.value.toLowerCase().split(/\s+/).filter(Boolean);
  const all = browser.catalogue.recordings;
  if (words.length === 0) return all;
  return all.filter((listed) => {
    const row = rowOf(listed, titleOf);
    const text = [row.date, row.game, row.players, row.result, listed.name].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The browser after `key`; `rows` is how many recordings a page shows (PgUp, PgDn). */
export function browserKey(
  browser: Browser,
  key: Key,
  rows: number,
  titleOf: (game: string) => string,
): BrowserOutcome {
  const list = shown(browser, titleOf);
  const last = Math.max(0, list.length - 1);
  const at = (index: number): BrowserOutcome => ({
    type: 'browse',
    browser: { ...browser, index: Math.max(0, Math.min(last, index)), notice: undefined },
  });
  const moves: Readonly<Record<string, number>> = {
    up: -1,
    down: 1,
    pageup: -rows,
    pagedown: rows,
  };
  const move = moves[key];
  if (move !== undefined) return at(browser.index + move);
  if (browser.filtering) {
    if (key === 'enter') return { type: 'browse', browser: { ...browser, filtering: false } };
    if (key === 'escape')
      return {
        type: 'browse',
        browser: { ...browser, filtering: false, filter: fieldOf(''), index: 0 },
      };
    const filter = editField(browser.filter, key, FILTER_MAX);
    if (!filter) return { type: 'browse', browser };
    return { type: 'browse', browser: { ...browser, filter, index: 0, notice: undefined } };
  }
  const chosen = list[browser.index];
  const say = (notice: string): BrowserOutcome => ({
    type: 'browse',
    browser: { ...browser, notice },
  });
  switch (key) {
    case 'k':
      return at(browser.index - 1);
    case 'j':
      return at(browser.index + 1);
    case 'home':
      return at(0);
    case 'end':
      return at(last);
    case '/':
      return { type: 'browse', browser: { ...browser, filtering: true, notice: undefined } };
    case 'escape':
      // Esc clears a filter first, then leaves.
      if (browser.filter.value !== '')
        return { type: 'browse', browser: { ...browser, filter: fieldOf(''), index: 0 } };
      return { type: 'back' };
    case 'q':
      return { type: 'back' };
    case 'enter':
    case 'r': {
      if (!chosen) return say('No recording is chosen.');
      const row = rowOf(chosen, titleOf);
      if (!row.playable) return say(`${chosen.name}: ${row.result}`);
      if (key === 'enter') return { type: 'watch', file: chosen.file, browser };
      if (!row.unfinished) return say('That game is over: Enter watches it.');
      return { type: 'resume', file: chosen.file, browser };
    }
    default:
      return { type: 'browse', browser };
  }
}
