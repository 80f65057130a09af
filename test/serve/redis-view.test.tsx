/**
 * A play screen on a table run by another process (madang serve --redis): the view's intents
 * go to the runner and come back through the stream, so a move sent is not shown as made until
 * the table tells it (a write that did not land is never shown), and then it is shown once.
 */
import { render } from 'ink-testing-library';
import { afterEach, expect, it } from 'vitest';
import type { GameEvent } from '../../source/engine/game.js';
import { NO_RECORDING } from '../../source/engine/recording.js';
import { seatOf } from '../../source/engine/seats.js';
import { GAMES } from '../../source/games/index.js';
import type { AnyGameModule } from '../../source/games/module.js';
import { type Intent, Table, TIMERS } from '../../source/table/table.js';
import { KeysProvider } from '../../source/ui/keys-context.js';
import { ThemeContext } from '../../source/ui/theme.js';
import { frameWhen, press } from '../support/ink.js';

const yut = GAMES.find((g) => g.id === 'yut') as AnyGameModule;
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

it('a move sent to a table run elsewhere is shown when the table tells it, once', async () => {
  const options = { players: 2, pieces: 4 };
  const initial = yut.rules.setup(options as never);
  const seats = [seatOf('Ann', 'human'), seatOf('Bo', 'human')];
  const follower = new Table<unknown, GameEvent>({
    game: yut,
    initial,
    seats,
    chance: undefined,
    recorder: NO_RECORDING,
    botSeed: 1,
    scheduler: TIMERS,
    botDelay: 0,
  });
  // Ann's throw, as the stream told it (seed 382: gae).
  const thrown = yut.chance!.seeded(382, options).next(initial);
  if (!thrown.ok) throw new Error(thrown.problem);
  expect(follower.follow(thrown.event, 'chance')).toBeUndefined();
  const sent: Intent<GameEvent>[] = [];
  const view = {
    seats: [0],
    subscribe: follower.subscribe.bind(follower),
    send: (intent: Intent<GameEvent>) => {
      sent.push(intent);
      return { ok: true as const, pending: true };
    },
  };
  const { Play } = yut;
  const r = render(
    <ThemeContext.Provider value={{ colour: false }}>
      <KeysProvider>
        <Play
          session={{
            id: 0,
            seed: 382,
            initial,
            seats,
            chance: undefined,
            recorder: NO_RECORDING,
            botSeed: 1,
          }}
          width={100}
          height={30}
          onRequest={() => undefined}
          shared={{
            table: follower,
            view,
            // What the stream told before: the throw, with the states around it.
            past: () => [
              { kind: 'event', event: thrown.event, before: initial, after: follower.state },
            ],
          }}
        />
      </KeysProvider>
    </ThemeContext.Provider>,
  );
  cleanup = r.unmount;
  await frameWhen(r.lastFrame, 'Ann threw gae.');
  await press(r.stdin, '\r');
  expect(sent).toHaveLength(1);
  const move = sent[0] as Extract<Intent<GameEvent>, { type: 'move' }>;
  expect(move.type).toBe('move');
  // Not in the stream yet: not shown.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(r.lastFrame()).not.toContain('Ann moved');
  expect(follower.follow(move.event, 'person')).toBeUndefined();
  const shown = await frameWhen(r.lastFrame, 'Ann moved a new piece to 2 with gae.');
  expect(shown.split('Ann moved a new piece').length - 1).toBe(1);
});
