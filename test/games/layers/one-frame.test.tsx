/**
 * A person's fight is one frame: the challenge and the number the table draws at once after it
 * are drawn together (the table says its next step is a draw at once: Table.drawsAtOnce), not
 * the challenge alone and the fight a moment later. At a served table of a hundred that frame
 * between is a hundred frames a move. The real App on madang's renderer, every seat a person's.
 */
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../source/app/App.js';
import type { LayersState } from '../../../source/games/layers/rules.js';
import { renderScreen, type Screen } from '../../../source/render/screen.js';
import { keysOf } from '../../../source/ui/keys.js';
import { appOptions } from '../../support/app.js';
import { foldedLayers } from '../../support/layers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let screen: Screen | undefined;
afterEach(() => screen?.unmount());

describe('a person’s fight on the Layers screen', () => {
  it('is drawn in one frame with the number drawn after it', async () => {
    const { recorder, state: recorded } = foldedLayers();
    const current = () => recorded() as LayersState;
    const frames: string[] = [];
    let press: ((key: string) => void) | undefined;
    screen = renderScreen(
      createElement(App, {
        options: appOptions({
          opening: { kind: 'entry', entry: 'layers' },
          settings: { players: 10, turns: 100 },
          kinds: Array.from({ length: 10 }, () => 'human' as const),
          seed: 3,
          recorder,
        }),
      }),
      {
        columns: 80,
        rows: 24,
        frame: (rows) => frames.push(rows.join('\n')),
        keys: (listener) => {
          press = listener;
          return () => undefined;
        },
        exit: () => undefined,
      },
    );
    const type = (data: string) => {
      for (const key of keysOf(data)) press?.(key);
    };
    const until = async (what: string, ok: () => boolean) => {
      const end = Date.now() + 5000;
      while (!ok()) {
        if (Date.now() > end) throw new Error(`waited 5 s for ${what}:\n${frames.at(-1)}`);
        await sleep(10);
      }
    };
    await until('the setup', () => press !== undefined && frames.length > 0);
    type('\r');
    await until('a person to choose', () => recorded()?.phase === 'turn');
    // The order's draws are over and drawn; then the fight, and what follows it at once.
    await sleep(300);
    const round = current().round;
    const position = current().position;
    // Tab: the cursor on an opponent one may fight; Enter challenges it.
    type('\t');
    await until('an opponent under the cursor', () => /Enter: \d+ · win/.test(frames.at(-1) ?? ''));
    await sleep(100);
    const before = frames.length;
    type('\r');
    await until('the fight', () => {
      const s = current();
      return s.position !== position || s.round !== round || s.phase === 'draw';
    });
    await sleep(400);
    const after = frames.slice(before);
    expect(after, after.join('\n=====\n')).toHaveLength(1);
    // That frame is of the fight fought: the number drawn, the fight kept shown.
    expect(after[0]).toContain('Your fight');
    expect(current().last).not.toBeNull();
  });
});
