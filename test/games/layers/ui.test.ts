/**
 * The Layers play screen as a pure model: the forest's rows in reading order with their branch
 * lines, the cursor over them (free looking), Enter on an opponent challenges it and elsewhere
 * says why not, Tab finds the next opponent, r rests (refused twice in a row), the draw's f and e,
 * a new turn aims the cursor at an opponent, hints move the cursor, computers' turns refuse keys.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../source/engine/seats.js';
import {
  type LayersEvent,
  layersGame,
  type LayersState,
  reduce,
  setup,
} from '../../../source/games/layers/rules.js';
import {
  forestRows,
  type LayersAction,
  playRows,
  layersKey,
  type LayersPlay,
  newLayersPlay,
  reduceLayersPlay,
  toldLayersPlay,
} from '../../../source/games/layers/ui/play.js';
import type { Told } from '../../../source/ui/event-log.js';
import { seededRandom } from '../../../source/engine/random.js';
import type { Key } from '../../../source/ui/keys.js';

import { layersModule } from '../../../source/games/layers/index.js';
import type { MenuEntry } from '../../../source/games/module.js';
import { layersCore } from '../../../source/games/layers/core.js';
import { atTable } from '../../support/at-table.js';
import { deepFreeze } from '../../support/freeze.js';

const people: Seat[] = Array.from({ length: 10 }, (_, p) => ({
  name: `Player ${p}`,
  kind: 'human',
}));
const againstComputers: Seat[] = people.map((s, p) =>
  p === 0 ? s : { name: s.name, kind: 'computer', level: 'strong' },
);

/** Round 1 drawn in the order 0, 1, …, 9. */
function started(): LayersState {
  let s = setup({ players: 10, turns: 3 });
  for (let p = 0; p < 9; p++) s = reduce(s, { type: 'layers/orderDrawn', player: p });
  return deepFreeze(s);
}

// What the model asks goes to a table; what the table tells comes back as the model's actions.
const table = atTable(
  layersCore,
  (play: LayersPlay, action: LayersAction) => reduceLayersPlay(deepFreeze(play), action),
  (p: LayersPlay) => p.seats,
);

function press(play: LayersPlay, ...keys: Key[]): LayersPlay {
  for (const key of keys) {
    const action = layersKey(play, key);
    if (action) play = table.act(play, action);
  }
  return play;
}
const act = (play: LayersPlay, action: LayersAction) => table.act(play, action);
/** Events the table told (draws, others' moves), one by one. */
const events = (play: LayersPlay, ...list: LayersEvent[]) =>
  list.reduce((p, event) => table.tell(p, event), play);

describe('the Layers play screen model', () => {
  it('the forest in reading order: roots by number, each child under its parent', () => {
    const s: LayersState = {
      ...started(),
      parent: [null, 0, 0, 1, null, null, null, null, null, null],
      layer: [2, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    };
    expect(forestRows(s).slice(0, 5)).toEqual([
      { player: 0, prefix: '' },
      { player: 1, prefix: '├─' },
      { player: 3, prefix: '│ └─' },
      { player: 2, prefix: '└─' },
      { player: 4, prefix: '' },
    ]);
  });

  it('a person’s turn aims the cursor at an opponent; Enter fights it; the number decides', () => {
    let play = newLayersPlay(started(), people);
    expect(play.cursor).toBe(1);
    play = press(play, 'down', 'down');
    expect(play.cursor).toBe(3);
    expect(play.events).toEqual([]);
    play = press(play, 'enter');
    expect(play.events).toEqual([{ type: 'layers/challenged', opponent: 3 }]);
    play = events(play, { type: 'layers/numberDrawn', number: 0 });
    expect(play.state.parent[3]).toBe(0);
    // Player 1's turn: its opponents are the roots; the cursor goes to the first, player 0.
    expect(play.cursor).toBe(0);
  });

  it('Enter elsewhere says why not; Tab finds the next opponent', () => {
    let play = newLayersPlay(started(), people);
    play = press(play, 'up');
    expect(play.cursor).toBe(0);
    expect(press(play, 'enter').notice).toMatch(/^That is you/);
    play = events(
      play,
      { type: 'layers/challenged', opponent: 1 },
      { type: 'layers/numberDrawn', number: 0 },
    );
    // Player 1 is now player 0's child: it may fight only its parent.
    play = press({ ...play, cursor: 2 }, 'enter');
    expect(play.notice).toBe('You can fight only your parent, player 1.');
    expect(press(play, 'tab').cursor).toBe(0);
  });

  it('r rests, and is refused on the next turn with the reason', () => {
    let play = newLayersPlay(started(), people);
    play = press(play, 'r');
    expect(play.state.experience[0]).toBe(150);
    // Everyone else rests; round 2 in the same order.
    for (let p = 1; p < 10; p++) play = press(play, 'r');
    for (let p = 0; p < 9; p++) play = events(play, { type: 'layers/orderDrawn', player: p });
    play = press(play, 'r');
    expect(play.notice).toMatch(/successive rests are not allowed/);
    expect(play.state.experience[0]).toBe(150);
  });

  it('after a draw the challenged person answers with f or e; Enter says which', () => {
    let play = newLayersPlay(started(), people);
    play = events(
      play,
      { type: 'layers/challenged', opponent: 1 },
      { type: 'layers/numberDrawn', number: 299 },
    );
    expect(play.state.phase).toBe('draw');
    expect(press(play, 'enter').notice).toBe('A draw: f to fight back, e to escape.');
    expect(press(play, 'e').events.at(-1)).toEqual({ type: 'layers/escaped' });
    expect(press(play, 'f').state.fight).toEqual({ attacker: 1, defender: 0, back: true });
  });

  it('a computer’s turn: looking still works, choosing does not', () => {
    let play = newLayersPlay(started(), againstComputers);
    play = events(play, { type: 'layers/rested' });
    expect(press(play, 'down').cursor).not.toBe(play.cursor);
    expect(press(play, 'enter').notice).toBe('Player 1 is the computer: wait for its move.');
  });

  it('a hint puts the cursor on the opponent it suggests', () => {
    const play = act(newLayersPlay(started(), people), {
      type: 'play/hintShown',
      event: { type: 'layers/challenged', opponent: 7 },
      notice: 'Hint: fights player 7.',
    });
    expect(play.cursor).toBe(7);
    expect(play.notice).toBe('Hint: fights player 7.');
  });
});

/** A hundred seats: player 1 a person, the rest the computer; round 1 drawn 0, 1, …, 99. */
function hundred(): LayersPlay {
  let s = setup({ players: 100, turns: 3 });
  for (let p = 0; p < 99; p++) s = reduce(s, { type: 'layers/orderDrawn', player: p });
  const seats: Seat[] = Array.from({ length: 100 }, (_, p) =>
    p === 0
      ? { name: 'Player 1', kind: 'human' }
      : { name: `CPU ${p + 1}`, kind: 'computer', level: 'strong' },
  );
  return newLayersPlay(deepFreeze(s), seats);
}

describe('the Layers play screen model at a hundred players', () => {
  it('the forest folds to a line a tree; → opens the cursor’s, ← folds it, and goes up', () => {
    let play = hundred();
    // Everyone under player 1 (seat 0): 2–10 its children, the rest theirs.
    const parent = Array.from({ length: 100 }, (_, p) =>
      p === 0 ? null : p < 10 ? 0 : Math.floor(p / 10),
    );
    play = { ...play, state: { ...play.state, parent }, cursor: 5, viewer: 0 };
    // The ways to the viewer (player 1, the root) and the cursor (6) are open: 1's children show.
    expect(playRows(play).map((r) => [r.player, r.folded ?? 0])).toEqual([
      [0, 0],
      ...Array.from({ length: 9 }, (_, i) => [i + 1, 10]),
    ]);
    play = press(play, 'right');
    expect(playRows(play).find((r) => r.player === 5)?.folded).toBeUndefined();
    expect(playRows(play).map((r) => r.player)).toContain(59);
    play = press(play, 'down');
    expect(play.cursor).toBe(50);
    // ← on a player with no tree of its own goes up to its parent; ← again folds that.
    play = press(play, 'left');
    expect(play.cursor).toBe(5);
    expect(playRows(play).map((r) => r.player)).toContain(59);
    play = press(play, 'left');
    expect(play.cursor).toBe(5);
    expect(playRows(play).find((r) => r.player === 5)?.folded).toBe(10);
    expect(playRows(play).map((r) => r.player)).not.toContain(59);
  });

  it('a taller window opens trees while they fit, nearest the roots first; never one folded with ←', () => {
    let play = hundred();
    const parent = Array.from({ length: 100 }, (_, p) =>
      p === 0 ? null : p < 10 ? 0 : Math.floor(p / 10),
    );
    play = { ...play, state: { ...play.state, parent }, cursor: 0, viewer: null };
    expect(playRows(play)).toHaveLength(1);
    // 30 rows: the root, its nine children, and two of theirs opened (ten lines each).
    play = act(play, { type: 'layersPlay/roomSet', rows: 30 });
    const rows = playRows(play);
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.folded).map((r) => r.player)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    // ← on player 2 (opened to fill) folds it, and it stays folded; player 4 opens instead.
    play = press({ ...play, cursor: 1 }, 'left');
    expect(
      playRows(play)
        .filter((r) => r.folded)
        .map((r) => r.player),
    ).toEqual([1, 4, 5, 6, 7, 8, 9]);
    // Room for everything: nothing folded.
    play = act(play, { type: 'layersPlay/roomSet', rows: 100 });
    expect(
      playRows(play)
        .filter((r) => r.folded)
        .map((r) => r.player),
    ).toEqual([1]);
  });

  it('/ and a number go to any player; y to one’s own place; a bad number says the range', () => {
    let play = press(hundred(), '/', '5', '7', 'enter');
    expect(play.cursor).toBe(56);
    expect(play.find).toBeNull();
    play = press(play, 'y');
    expect(play.cursor).toBe(0);
    play = press(play, '/', '1', '0', '1', 'enter');
    expect(play.notice).toBe('Players are 1 to 100.');
    play = press(play, '/', '3', 'escape');
    expect(play.find).toBeNull();
    expect(play.cursor).toBe(0);
  });

  it('n: the computers play at once until a person’s turn, then the hurry ends', () => {
    let play = hundred();
    // Player 1 rests; the computers are to play.
    play = press(play, 'r');
    expect(play.hurry).toBe(false);
    play = press(play, 'n');
    expect(play.hurry).toBe(true);
    // The ninety-nine computers rest (as events); round 2's order puts player 1 first.
    for (let p = 1; p < 100; p++) play = events(play, { type: 'layers/rested' });
    expect(play.hurry).toBe(true);
    for (let p = 0; p < 99; p++) play = events(play, { type: 'layers/orderDrawn', player: p });
    expect(play.hurry).toBe(false);
    expect(press(play, 'n').notice).toBe('Your turn: the computers wait for you.');
  });

  it('a batch the table told folds to what its events make one by one: state, log, pinned fight, cursor, hurry', () => {
    // Player 1 rests and presses n; then the computers' turns and the draws, chosen at random,
    // until well into round 3 (player 1's own turns: the first challenge it may make, else a rest).
    let play = press(hundred(), 'r', 'n');
    const random = seededRandom(8);
    const told: Told<LayersState, LayersEvent>[] = [];
    let s = play.state;
    while (s.round < 3 || told.length < 600) {
      const chances = layersGame.chance(s);
      const person = !chances && layersGame.toAct(s) === 0;
      const choices = chances ? chances.map((c) => c.event) : layersGame.legalEvents(s);
      const event = person
        ? (choices.find((e) => e.type === 'layers/challenged') ?? (choices[0] as LayersEvent))
        : (choices[random.below(choices.length)] as LayersEvent);
      const after = reduce(s, event);
      const note = chances || person ? undefined : '  (strong: why)';
      told.push({ event, before: s, after, note });
      s = after;
    }
    const oneByOne = told.reduce((p, one) => act(p, { type: 'play/told', told: one }), play);
    play = toldLayersPlay(deepFreeze(play), told);
    expect(play).toEqual(oneByOne);
    expect(play.events).toHaveLength(told.length + 1);
    expect(play.pinned).not.toBeNull();
  });

  it('a person’s own fight stays shown through the computers’ fights until a key', () => {
    let play = hundred();
    play = press(play, 'enter');
    play = events(play, { type: 'layers/numberDrawn', number: 0 });
    const mine = play.state.last;
    expect(play.pinned).toBe(mine);
    expect(mine?.attacker).toBe(0);
    // Player 2 (a computer, now player 1's child) rests; player 3 fights player 4: the state's
    // last fight changes, the kept one not.
    play = events(
      play,
      { type: 'layers/rested' },
      { type: 'layers/challenged', opponent: 3 },
      { type: 'layers/numberDrawn', number: 0 },
    );
    expect(play.state.last).not.toBe(mine);
    expect(play.pinned).toBe(mine);
    // Any key puts it away, and does what it does.
    play = press(play, 'down');
    expect(play.pinned).toBeNull();
    expect(play.cursor).not.toBe(0);
  });

  it('a person’s drawn fight the other side escapes is kept too (the escape draws no number)', () => {
    let play = press(hundred(), 'enter');
    play = events(play, { type: 'layers/numberDrawn', number: 299 });
    expect(play.state.phase).toBe('draw');
    expect(play.pinned).toBeNull();
    play = events(play, { type: 'layers/escaped' });
    expect(play.pinned).toMatchObject({ attacker: 0, result: 'draw' });
  });
});

describe('the Layers setup', () => {
  it('N, K, people from player 1, and any seat changed on its own with Space', () => {
    const entry = layersModule.entries[0] as MenuEntry;
    const context = { settings: {}, kinds: [], dataDir: '/nowhere', warn: () => {} };
    let form = entry.newForm(context);
    const press = (...keys: string[]) => {
      for (const k of keys) {
        const outcome = entry.key(form, k);
        if (outcome.type !== 'form') return outcome;
        form = outcome.form;
      }
      return undefined;
    };
    // From Start: up to the seats row, right to seat 3, Space twice (strong → greedy → random).
    press('up', 'right', 'right', 'right', 'space', 'space');
    // Up to the players row: PgUp adds ten.
    press('up', 'up', 'up', 'up', 'pageup');
    const started = press('down', 'down', 'down', 'down', 'down', 'enter');
    expect(started?.type).toBe('start');
    if (started?.type !== 'start') return;
    expect(started.start.options).toEqual({ players: 20, turns: 3 });
    // Changing N recomputes the seats from the rows above: player 0 a person, the rest strong.
    expect(started.start.seats.map((s) => s.kind === 'human')).toEqual(
      Array.from({ length: 20 }, (_, p) => p === 0),
    );
    // Without changing N, the seat changed on its own stays changed.
    form = entry.newForm(context);
    press('up', 'right', 'right', 'right', 'space', 'space');
    const again = press('down', 'enter');
    if (again?.type !== 'start') throw new Error('not started');
    // Named as in every game: a computer CPU N, a person Player N, N counted from 1.
    expect(again.start.seats[3]).toEqual({ name: 'CPU 4', kind: 'computer', level: 'random' });
    expect(again.start.seats[2]).toEqual({ name: 'CPU 3', kind: 'computer', level: 'strong' });
    expect(again.start.seats[0]).toEqual({ name: 'Player 1', kind: 'human' });
  });
});

describe('the Layers help page', () => {
  it('numbers the players from 1, as the screen does (the classic console keeps 0)', async () => {
    const { rulesTextOf } = await import('../../../source/ui/rules-text.js');
    const RULES_TEXT = rulesTextOf('layers');
    expect(RULES_TEXT).not.toMatch(/numbered 0/);
    expect(RULES_TEXT).toMatch(/numbered 1 to N on the screens/);
    expect(RULES_TEXT).not.toMatch(/player 0 is a person/);
  });

  it('the log names the seats as the screen does: CPU 2 fights Player 1', () => {
    const seats: Seat[] = againstComputers.map((s, p) => ({
      ...s,
      name: s.kind === 'human' ? `Player ${p + 1}` : `CPU ${p + 1}`,
    }));
    let play = newLayersPlay(started(), seats);
    play = events(
      play,
      { type: 'layers/challenged', opponent: 1 },
      { type: 'layers/numberDrawn', number: 0 },
    );
    expect(play.log).toContain('Player 1 fights CPU 2.');
    expect(play.log).toContain('Player 1 beats CPU 2.');
    expect(play.log).toContain('CPU 2 is now a child of Player 1.');
  });

  it('every key line fits the 80-column help page as written (76 inside its frame)', async () => {
    const { LAYERS_HELP } = await import('../../../source/games/layers/ui/play.js');
    const { displayWidth } = await import('../../../source/ui/text.js');
    expect(LAYERS_HELP.filter((line) => displayWidth(line) > 76)).toEqual([]);
  });
});
