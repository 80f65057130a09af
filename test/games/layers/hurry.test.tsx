/**
 * Layers' `n` on the full screen (the real App in process, the real timers): player 1 a person,
 * the rest the strong computer. The game `n` plays is the game of its seed, event for event (the
 * same records before and after the computers' turns were cut into slices), and while the
 * computers play at once, no hold of the event loop applies more than a slice of events: the
 * loop is never held long, whatever the machine's speed (counted in events, not in time).
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../source/app/App.js';
import type { GameEvent } from '../../../source/engine/game.js';
import { layersGame, type LayersState, toAct } from '../../../source/games/layers/rules.js';
import { SLICE_EVENTS } from '../../../source/table/table.js';
import { appOptions } from '../../support/app.js';
import { renderSized } from '../../support/ink.js';
import { foldedLayers } from '../../support/layers.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Played {
  readonly events: GameEvent[];
  /** The most events applied in one hold of the event loop while the computers played. */
  readonly mostInAHold: number;
}

/**
 * `rounds` rounds of a game of `players` from the start, player 1 answering its own turns (a
 * fight at the aimed opponent, or a rest when it may fight nobody; an escape after a draw) and
 * pressing n whenever the computers are to play.
 */
async function playWithN(players: number, rounds: number, seed: number): Promise<Played> {
  const events: GameEvent[] = [];
  // A hold of the event loop is one run of code without a pause: its events are applied one
  // after another, and the microtasks queued by the first run only when the hold ends. (Counted
  // once by the turns of an immediate instead, a batch in one turn and the test's own key in the
  // next turn's timers were taken for one turn: 33 events, CI.)
  let holding = false;
  let counted = 0;
  let mostInAHold = 0;
  const folded = foldedLayers((event, before) => {
    // The events of the rounds asked for (the computers may play on a moment longer).
    if (before.round <= rounds) events.push(event);
    if (!holding) {
      holding = true;
      counted = 0;
      queueMicrotask(() => {
        holding = false;
      });
    }
    counted++;
    mostInAHold = Math.max(mostInAHold, counted);
  });
  const { recorder } = folded;
  const r = renderSized(
    <App
      options={appOptions({
        opening: { kind: 'entry', entry: 'layers' },
        settings: { players, turns: 100 },
        seed,
        recorder,
        botDelay: 0,
      })}
    />,
    80,
    24,
  );
  cleanup = () => r.unmount();
  await sleep(50);
  r.stdin.write('\r');
  // A loaded machine plays slowly: the bound is on the work of a turn, not on the time.
  const end = Date.now() + 150_000;
  while (folded.state() === undefined && Date.now() < end) await sleep(10);
  let hurried = false;
  for (;;) {
    const s = folded.state() as LayersState;
    if (s.round > rounds || layersGame.outcome(s).status !== 'running') break;
    if (Date.now() > end) throw new Error(`round ${s.round} of ${rounds} after 150 s`);
    if ((s.phase === 'turn' || s.phase === 'draw') && toAct(s) === 0) {
      r.stdin.write(s.phase === 'draw' ? 'e' : layersGame.legalEvents(s).length > 1 ? '\r' : 'r');
      hurried = false;
    } else if (!hurried) {
      r.stdin.write('n');
      hurried = true;
    }
    await sleep(20);
  }
  cleanup();
  cleanup = undefined;
  return { events, mostInAHold };
}

const digest = (events: readonly GameEvent[]) =>
  createHash('sha256')
    .update(events.map((e) => JSON.stringify(e)).join('\n'))
    .digest('hex')
    .slice(0, 16);

describe('Layers’ n on the full screen', () => {
  it('plays the game of its seed: the same records as before the computers played in slices', async () => {
    const played = await playWithN(100, 3, 4);
    // Taken from the program before n played in slices (commit 1c50619).
    expect({ events: played.events.length, digest: digest(played.events) }).toEqual({
      events: 737,
      digest: '0808c5c1ba790096',
    });
  }, 200_000);

  it('at a thousand players no hold of the event loop applies more than a slice of events', async () => {
    // Round 1: a thousand draws of the order, then the computers' turns and player 1's.
    const played = await playWithN(1000, 1, 4);
    expect(played.events.length).toBeGreaterThan(2000);
    expect(played.mostInAHold).toBeLessThanOrEqual(SLICE_EVENTS);
  }, 200_000);
});
