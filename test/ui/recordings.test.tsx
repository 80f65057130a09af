/** The recordings browser: its keys as a pure model, and the screen drawn. */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Header } from '../../source/engine/recording.js';
import type { Catalogue, Listed } from '../../source/engine/recording.js';
import {
  type Browser,
  browserKey,
  newBrowser,
  rowOf,
  shown,
} from '../../source/ui/recordings-model.js';
import { RecordingsBrowser } from '../../source/ui/RecordingsBrowser.js';
import { plain } from '../support/ink.js';

process.env.TZ = 'UTC';

const titles: Record<string, string> = { yut: 'Yut Nori', ur: 'Royal Game of Ur' };
const titleOf = (id: string) => titles[id] ?? id;

function header(game: string, names: string[], startedAt: string): Header {
  return {
    format: 'madang-recording',
    version: 1,
    game,
    options: {},
    players: names.map((name) => ({ name, kind: 'human' as const })),
    seed: 1,
    startedAt,
    app: 'test',
  };
}

const listed = (n: number, extra: Partial<Listed> = {}): Listed => ({
  file: `/r/${n}.jsonl`,
  name: `${n}.jsonl`,
  modified: 0,
  header: header(
    n % 2 ? 'ur' : 'yut',
    n % 3 ? ['Ann', 'Bob'] : ['Cho', 'Dan'],
    `2026-11-${String(1 + (n % 28)).padStart(2, '0')}T10:0${n % 10}:00.000Z`,
  ),
  outcome: n % 4 === 0 ? undefined : { status: 'won', winner: 0 },
  steps: 10 + n,
  approximate: false,
  ...extra,
});

const catalogue = (count: number): Catalogue => ({
  directory: '/data/recordings',
  recordings: Array.from({ length: count }, (_, n) => listed(n)),
});

/** The browser after each key in turn, failing if one leaves it. */
function afterKeys(browser: Browser, ...keys: string[]): Browser {
  for (const key of keys) {
    const outcome = browserKey(browser, key, 10, titleOf);
    if (outcome.type !== 'browse') throw new Error(`${key} left the browser: ${outcome.type}`);
    browser = outcome.browser;
  }
  return browser;
}

describe('the recordings browser, as a model', () => {
  it('moves with ↑↓ PgUp PgDn Home End and never past either end', () => {
    const b = newBrowser(catalogue(300));
    expect(afterKeys(b, 'up').index).toBe(0);
    expect(afterKeys(b, 'down', 'down', 'j').index).toBe(3);
    expect(afterKeys(b, 'pagedown', 'pagedown').index).toBe(20);
    expect(afterKeys(b, 'end').index).toBe(299);
    expect(afterKeys(b, 'end', 'pagedown', 'down').index).toBe(299);
    expect(afterKeys(b, 'end', 'pageup', 'k').index).toBe(288);
    expect(afterKeys(b, 'end', 'home').index).toBe(0);
  });

  it('Enter watches the chosen recording; r resumes an unfinished one and says why not a finished one', () => {
    const b = newBrowser(catalogue(10));
    expect(browserKey(b, 'enter', 10, titleOf)).toMatchObject({
      type: 'watch',
      file: '/r/0.jsonl',
    });
    expect(browserKey(b, 'r', 10, titleOf)).toMatchObject({ type: 'resume', file: '/r/0.jsonl' });
    const finished = afterKeys(b, 'down');
    expect(afterKeys(finished, 'r').notice).toBe('That game is over: Enter watches it.');
    // The notice goes with the next move.
    expect(afterKeys(finished, 'r', 'down').notice).toBeUndefined();
  });

  it('a file it cannot play says why on Enter and on r', () => {
    const bad: Listed = {
      file: '/r/x.jsonl',
      name: 'x.jsonl',
      modified: 0,
      problem: 'not a madang recording (its first line is not a header)',
      steps: 0,
      approximate: false,
    };
    const b = newBrowser({ directory: '/r', recordings: [bad] });
    for (const key of ['enter', 'r'])
      expect(afterKeys(b, key).notice).toBe(
        'x.jsonl: not a madang recording (its first line is not a header)',
      );
  });

  it('/ filters by every word typed, in any case, over game, players, date and result', () => {
    const b = afterKeys(newBrowser(catalogue(40)), 'down', 'down', '/');
    expect(b.filtering).toBe(true);
    const typed = afterKeys(b, ...'UR cho'.split('').map((c) => (c === ' ' ? 'space' : c)));
    // Typing starts the list again from its top; j and k are letters while typing.
    expect(typed.index).toBe(0);
    const rows = shown(typed, titleOf).map((l) => rowOf(l, titleOf));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.game === 'Royal Game of Ur' && r.players === 'Cho, Dan')).toBe(true);
    expect(rows.length).toBe(
      catalogue(40).recordings.filter((_, n) => n % 2 === 1 && n % 3 === 0).length,
    );
    // Enter keeps the filter and goes back to choosing; Esc clears it, and a second Esc leaves.
    const kept = afterKeys(typed, 'enter');
    expect(kept.filtering).toBe(false);
    expect(kept.filter.value).toBe('UR cho');
    expect(afterKeys(kept, 'down').index).toBe(1);
    expect(afterKeys(kept, 'escape').filter.value).toBe('');
    expect(browserKey(afterKeys(kept, 'escape'), 'escape', 10, titleOf)).toEqual({ type: 'back' });
    expect(afterKeys(typed, 'escape')).toMatchObject({ filtering: false, filter: { value: '' } });
    // Enter on a filtered list opens the row shown, not the row of the whole list.
    const second = afterKeys(kept, 'down');
    expect(browserKey(second, 'enter', 10, titleOf)).toMatchObject({
      type: 'watch',
      file: shown(kept, titleOf)[1]?.file,
    });
  });

  it('rows say the game, the players, the length and how it ended', () => {
    expect(rowOf(listed(1), titleOf)).toEqual({
      date: '2026-11-02 10:01',
      game: 'Royal Game of Ur',
      players: 'Ann, Bob',
      length: '11 steps',
      result: 'Ann won',
      playable: true,
      unfinished: false,
    });
    expect(rowOf(listed(4, { approximate: true, steps: 1 }), titleOf)).toMatchObject({
      length: '≈1 step',
      result: 'unfinished',
      unfinished: true,
    });
  });
});

describe('<RecordingsBrowser>', () => {
  const frame = (browser: Browser, width = 80, height = 24) =>
    plain(
      render(
        <RecordingsBrowser browser={browser} titleOf={titleOf} width={width} height={height} />,
      ).lastFrame(),
    );

  it('at 80×24: a title with the count and folder, headings, 18 rows around the chosen, the keys', () => {
    const b = afterKeys(newBrowser(catalogue(300)), 'pagedown', 'pagedown', 'pagedown');
    const lines = frame(b).split('\n');
    expect(lines).toHaveLength(24);
    expect(lines[1]).toContain('Recordings · 300 recordings · 22–39 · /data/recordings');
    expect(lines[2]).toMatch(/started +game +players +length result/);
    const rows = lines.slice(3, 21);
    expect(rows.filter((l) => l.includes('▸'))).toHaveLength(1);
    expect(rows[9]).toMatch(/▸ 2026-11-03 10:00 Yut Nori +Cho, Dan +40 steps Cho won/);
    expect(lines[22]).toContain(
      '↑↓ PgUp PgDn choose · Enter watch · r resume · / filter · Esc back',
    );
    // Columns do not wander: the length column ends at the same place on every row.
    const ends = rows.map((l) => l.indexOf('steps'));
    expect(new Set(ends).size).toBe(1);
    expect(lines.every((l) => [...l].length <= 80)).toBe(true);
  });

  it('at 80 columns players who do not all fit are named whole, and the rest counted', () => {
    const four = listed(2, {
      header: header('yut', ['Player 1', 'CPU 2', 'CPU 3', 'CPU 4'], '2026-11-03T10:02:00.000Z'),
    });
    const twelve = listed(3, {
      header: header(
        'yut',
        Array.from({ length: 12 }, (_, i) => `Player ${i + 1}`),
        '2026-11-04T10:03:00.000Z',
      ),
    });
    const lines = frame(newBrowser({ directory: '/r', recordings: [four, twelve] })).split('\n');
    // They were cut inside a name: 'Player 1, CPU 2, C…'.
    expect(lines[3]).toMatch(/▸ 2026-11-03 10:02 Yut Nori Player 1, CPU 2 \+2 +12 steps/);
    expect(lines[4]).toMatch(/ {2}2026-11-04 10:03 Yut Nori Player 1 \+11 +13 steps/);
  });

  it('shows the filter as it is typed, and how many it lets through', () => {
    const b = afterKeys(newBrowser(catalogue(40)), '/', 'c', 'h', 'o');
    const text = frame(b);
    expect(text).toMatch(/Recordings · \d+ of 40/);
    expect(text).toContain('filter cho');
    expect(text).toContain('Enter keep the filter · Esc clear it');
    const none = frame(afterKeys(b, 'x', 'y', 'z'));
    expect(none).toContain('No recording matches the filter. Esc clears it.');
    // The columns stay where they were, whatever the filter lets through.
    const headings = (text: string) => text.split('\n')[2];
    expect(headings(none)).toBe(headings(frame(newBrowser(catalogue(40)))));
  });

  it('an empty folder says where recordings will be; a file name cannot reach the terminal as escapes', () => {
    expect(frame(newBrowser({ directory: '/d', recordings: [] }))).toContain(
      'No recordings yet. Every game is recorded here as it is played.',
    );
    const evil: Listed = {
      file: '/d/\x1b]0;owned\x07.jsonl',
      name: '\x1b]0;owned\x07.jsonl',
      modified: 0,
      problem: 'not a madang recording (its first line is not a header)',
      steps: 0,
      approximate: false,
    };
    const text = frame(newBrowser({ directory: '/d', recordings: [evil] }));
    expect(text).toContain('\\u{1b}]0;owned\\u{7}.jsonl');
    expect(text).not.toContain('\x1b]0;');
  });
});
