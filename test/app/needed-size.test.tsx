/**
 * The window a screen needs (Ur's boards come from files) is worked out when the screen changes:
 * the game's options are parsed once, not at every frame the shell draws.
 */
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import { newHeader } from '../../source/engine/recording.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { urModule } from '../../source/games/ur/index.js';
import { appOptions } from '../support/app.js';
import { frameWhen } from '../support/ink.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe("the shell's window size", () => {
  it("parses a replayed game's options once, however often the shell draws", async () => {
    let parsed = 0;
    let measured = 0;
    const counted: AnyGameModule = {
      ...urModule,
      parseOptions: (options: unknown) => {
        parsed++;
        return urModule.parseOptions(options);
      },
      needs: (options: never) => {
        measured++;
        return urModule.needs?.(options) ?? { columns: 80, rows: 24 };
      },
    };
    const games = GAMES.map((g) => (g.id === 'ur' ? counted : g));
    const header = newHeader({
      game: 'ur',
      options: urModule.typicalOptions,
      players: [
        { name: 'Ann', kind: 'human' },
        { name: 'Bo', kind: 'human' },
      ],
      seed: 1,
      startedAt: new Date(0),
      app: 'needed-size test',
    });
    // A recording handed over unread (no parsed options, no timeline): the shell parses them.
    const recording = { file: 'ur.jsonl', header, events: [], goodBytes: 0 };
    const options = appOptions({ games, opening: { kind: 'replay', recording } });
    const r = render(<App options={options} />);
    cleanup = r.unmount;
    await frameWhen(r.lastFrame, (f) => f.includes('The start of the game'));
    const [parsedFirst, measuredFirst] = [parsed, measured];
    expect(measuredFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) r.rerender(<App options={options} />);
    await frameWhen(r.lastFrame, (f) => f.includes('The start of the game'));
    expect({ parsed, measured }).toEqual({ parsed: parsedFirst, measured: measuredFirst });
  });
});
