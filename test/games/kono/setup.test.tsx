/**
 * Kono's setup screen, drawn: its seats named as the other games' setups name them ("played by",
 * a person or the computer), not by the seed's Human and Computer, which stay the console's and
 * the save file's words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseSave } from '../../../source/games/kono/save.js';
import { KonoSetup } from '../../../source/games/kono/ui/KonoSetup.js';
import { newKonoSetup } from '../../../source/games/kono/ui/setup-model.js';
import type { SetupContext } from '../../../source/games/module.js';
import { plain, renderSized } from '../../support/ink.js';
import { SEED_SAVE } from '../../support/kono.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const context = (settings = {}): SetupContext => ({
  settings,
  kinds: [],
  dataDir: '/none',
  warn: () => {},
});

function drawn(resume: boolean, settings = {}): string[] {
  const r = renderSized(<KonoSetup form={newKonoSetup(context(settings), resume)} />, 80, 24);
  cleanup = r.unmount;
  return plain(r.lastFrame()).split('\n');
}

describe('the Kono setup', () => {
  it('names each seat and who plays it in the words of the other games’ setups', () => {
    const lines = drawn(false);
    const text = lines.join('\n');
    expect(text).not.toMatch(/Human seat|Computer seat/);
    expect(text).toMatch(/▸ Seat 1 played by +◀ a person ▶/);
    expect(text).toMatch(/ {2}Seat 2 played by +the computer \(strong\)/);
    // The values line up after the longest label (the focused row's ◀ stands before its value).
    const valueAt = (label: string) => {
      const line = lines.find((l) => l.includes(label)) ?? '';
      const after = line.indexOf(label) + label.length;
      return after + line.slice(after).search(/[^\s◀]/);
    };
    expect(valueAt('Seat 1 played by')).toBe(valueAt('Seat 2 played by'));
    expect(valueAt('Board')).toBe(valueAt('Seat 2 played by'));
  });

  it('resuming, the save’s totals are told as the seats’', () => {
    const saved = parseSave(SEED_SAVE);
    if (!saved.ok) throw new Error(saved.problem);
    const text = drawn(true, { loaded: { name: 'kono.txt', saved: saved.saved } }).join('\n');
    expect(text).toMatch(/round 3, 5 × 5, seat 1 14 · seat 2 17/);
    expect(text).not.toMatch(/Human seat|Computer seat|Human 14/);
    expect(text).toMatch(/Seat 1 played by/);
  });
});
