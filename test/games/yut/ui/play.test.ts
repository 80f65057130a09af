import { describe, expect, it } from 'vitest';
import { setup } from '../../../../source/games/yut/rules.js';
import {
  newPlay,
  playKey,
  preview,
  reducePlay,
  type YutPlay,
} from '../../../../source/games/yut/ui/play.js';
import { yutCore } from '../../../../source/games/yut/core.js';
import { atTable } from '../../../support/at-table.js';
import { thrown } from '../../../support/yut.js';

const seats = [
  { name: 'Alice', kind: 'human' as const },
  { name: 'Bob', kind: 'human' as const },
];

function start(positions?: number[][], turn = 0): YutPlay {
  const initial = setup({
    players: 2,
    pieces: 4,
    ...(positions ? { start: { positions, turn } } : {}),
  });
  return newPlay(initial, seats);
}

const { run, tell } = atTable(yutCore, reducePlay, (p: YutPlay) => p.seats);
/** Why `u` takes nothing back now, as the table says (undefined: it took a move back). */
function undoProblem(play: YutPlay): string | null | undefined {
  const after = run(play, { type: 'play/undoRequested' });
  return after.events.length < play.events.length ? undefined : after.notice;
}

describe('keys on the play screen (a pure mapping)', () => {
  const play = start();
  it.each([
    ['space', { type: 'play/chanceRequested' }],
    ['left', { type: 'play/stackChosen', delta: -1 }],
    ['right', { type: 'play/stackChosen', delta: 1 }],
    ['up', { type: 'play/moveChosen', delta: -1 }],
    ['down', { type: 'play/moveChosen', delta: 1 }],
    ['tab', { type: 'play/resultChosen', delta: 1 }],
    ['1', { type: 'play/moveNumbered', number: 1 }],
    ['9', { type: 'play/moveNumbered', number: 9 }],
    ['enter', { type: 'play/moveRequested' }],
    ['u', { type: 'play/undoRequested' }],
    ['?', { type: 'play/overlayOpened', overlay: 'help' }],
    ['q', { type: 'play/overlayOpened', overlay: 'quit' }],
  ])('%s → %j', (key, action) => {
    expect(playKey(play, key)).toEqual(action);
  });

  it('ignores keys that mean nothing', () => {
    expect(playKey(play, 'x')).toBeUndefined();
  });

  it('asks before quitting: y quits, anything else returns to the game', () => {
    const asking = run(play, { type: 'play/overlayOpened', overlay: 'quit' });
    expect(playKey(asking, 'y')).toEqual({ type: 'app/quitConfirmed' });
    expect(playKey(asking, 'n')).toEqual({ type: 'play/overlayClosed' });
    expect(playKey(asking, 'space')).toEqual({ type: 'play/overlayClosed' });
  });

  it('any key closes the help', () => {
    const help = run(play, { type: 'play/overlayOpened', overlay: 'help' });
    expect(playKey(help, 'space')).toEqual({ type: 'play/overlayClosed' });
  });

  it('after the game: Enter plays again, w with the seats swapped, a analyses, m goes to the menu, q quits', () => {
    const won = run(
      start([
        [29, 100, 100, 100],
        [0, 0, 0, 0],
      ]),
      thrown('do'),
      {
        type: 'play/moveRequested',
      },
    );
    expect(won.state.phase).toBe('over');
    expect(playKey(won, 'enter')).toEqual({ type: 'app/againRequested' });
    expect(playKey(won, 'w')).toEqual({ type: 'app/againRequested', swap: true });
    expect(playKey(won, 'a')).toEqual({ type: 'app/analysisRequested' });
    expect(playKey(won, 'm')).toEqual({ type: 'app/menuRequested' });
    expect(playKey(won, 'q')).toEqual({ type: 'app/quitConfirmed' });
    expect(playKey(won, 'space')).toBeUndefined();
    expect(won.log.at(-1)).toBe('Alice wins!');
  });
});

describe('choosing and moving', () => {
  it('selects a legal move as soon as the throw phase ends', () => {
    const play = run(start(), thrown('yut'), thrown('gae'));
    expect(play.selection).toEqual({ from: 0, result: 'gae' });
  });

  it('←/→ cycle through a new piece and the stacks; ↑/↓ through the results', () => {
    let play = run(
      start([
        [3, 3, 7, 0],
        [0, 0, 0, 0],
      ]),
      thrown('yut'),
      thrown('gae'),
    );
    expect(play.selection).toEqual({ from: 0, result: 'gae' });
    play = run(play, { type: 'play/stackChosen', delta: 1 });
    expect(play.selection?.from).toBe(3);
    play = run(
      play,
      { type: 'play/stackChosen', delta: 1 },
      { type: 'play/stackChosen', delta: 1 },
    );
    expect(play.selection?.from).toBe(0);
    play = run(play, { type: 'play/stackChosen', delta: -1 });
    expect(play.selection?.from).toBe(7);
    play = run(play, { type: 'play/resultChosen', delta: 1 });
    expect(play.selection?.result).toBe('yut');
    play = run(play, { type: 'play/moveRequested' });
    expect(play.state.positions[0]).toEqual([3, 3, 11, 0]);
    expect(play.log.at(-1)).toBe('Alice moved the piece at 7 to 11 with yut.');
  });

  it('an illegal choice shows the engine’s reason and changes nothing', () => {
    const play = run(start(), thrown('yut'), thrown('back-do'), {
      type: 'play/resultChosen',
      delta: -1,
    });
    expect(play.selection).toEqual({ from: 0, result: 'back-do' });
    const after = run(play, { type: 'play/moveRequested' });
    expect(after.notice).toBe('Back-do cannot bring a new piece onto the board.');
    expect(after.state).toBe(play.state);
    expect(after.events).toBe(play.events);
  });

  it('with only a back-do left, the selection moves to a piece that can take it', () => {
    // Alice has a piece on 2; yut then back-do, and she plays the yut with a new piece.
    const thrownBoth = run(
      start([
        [2, 0, 0, 0],
        [0, 0, 0, 0],
      ]),
      thrown('yut'),
      thrown('back-do'),
    );
    const handYut = { ...thrownBoth, selection: { from: 0, result: 'yut' as const } };
    const after = run(handYut, { type: 'play/moveRequested' });
    expect(after.state.results).toEqual(['back-do']);
    // Not the hand (a new piece cannot go back): the piece on 2, whose back-do is legal.
    expect(after.selection).toEqual({ from: 2, result: 'back-do' });
    expect(preview(after.state, after.selection)?.problem).toBeUndefined();
  });

  it('choosing before throwing says to throw first', () => {
    const play = run(start(), { type: 'play/stackChosen', delta: 1 });
    expect(play.notice).toBe('Alice must throw first (Space).');
    expect(run(start(), { type: 'play/moveRequested' }).notice).toBe(
      'Alice must throw the sticks first.',
    );
  });
});

describe('the move preview', () => {
  it('shows the landing station, a catch, and the shortcut from a corner', () => {
    const play = run(
      start([
        [5, 0, 0, 0],
        [22, 0, 0, 0],
      ]),
      thrown('geol'),
    );
    const p = preview(play.state, { from: 5, result: 'geol' });
    expect(p).toMatchObject({ to: 22, route: [20, 21, 22], shortcut: true, size: 1 });
    expect(p?.catches).toEqual({ seat: 1, position: 22, size: 1 });
  });

  it('shows stacking with one’s own piece and arriving', () => {
    const play = run(
      start([
        [28, 2, 2, 0],
        [0, 0, 0, 0],
      ]),
      thrown('gae'),
    );
    expect(preview(play.state, { from: 0, result: 'gae' })?.joins).toEqual({
      seat: 0,
      position: 2,
      size: 2,
    });
    expect(preview(play.state, { from: 28, result: 'gae' })).toMatchObject({
      to: 100,
      shortcut: false,
    });
  });

  it('carries the engine’s reason for a move that is not allowed', () => {
    const play = run(
      start([
        [3, 0, 0, 0],
        [0, 0, 0, 0],
      ]),
      thrown('yut'),
      thrown('back-do'),
    );
    expect(preview(play.state, { from: 0, result: 'back-do' })).toMatchObject({
      to: undefined,
      problem: 'Back-do cannot bring a new piece onto the board.',
    });
  });
});

describe('u takes back the last move of the turn, by folding again', () => {
  it('restores a catch, and never takes back a throw', () => {
    let play = run(
      start([
        [0, 0, 0, 0],
        [2, 0, 0, 0],
      ]),
      thrown('yut'),
      thrown('gae'),
    );
    const beforeMove = play.state;
    play = run(play, { type: 'play/moveRequested' });
    expect(play.state.positions[1]).toEqual([0, 0, 0, 0]);
    play = run(play, { type: 'play/undoRequested' });
    expect(play.state).toEqual(beforeMove);
    expect(play.events).toHaveLength(2);
    expect(play.log.at(-1)).toBe('Alice took back the move (gae from hand).');
    play = run(play, { type: 'play/undoRequested' });
    expect(play.notice).toBe('Nothing to take back: a throw is never taken back.');
  });

  it('not once a throw has happened since the move', () => {
    const play = run(
      start([
        [0, 0, 0, 0],
        [2, 0, 0, 0],
      ]),
      thrown('gae'),
      { type: 'play/moveRequested' },
      thrown('do'),
    );
    expect(undoProblem(play)).toBe('Nothing to take back: a throw is never taken back.');
  });

  it('against the computer: the move is taken back with the computer’s reply, its throws too', () => {
    const computer = newPlay(setup({ players: 2, pieces: 4 }), [
      seats[0] as (typeof seats)[0],
      { name: 'CPU 1', kind: 'computer', level: 'strong' },
    ] as never);
    const mine = run(computer, thrown('gae'), { type: 'play/moveRequested' });
    // Taken back while the computer is still to throw: the move alone, and `u` is heard then.
    expect(playKey(mine, 'u')).toEqual({ type: 'play/undoRequested' });
    expect(run(mine, { type: 'play/undoRequested' }).log.at(-1)).toBe(
      'Alice took back the move (gae from hand).',
    );
    // The computer threw a yut, then a do, and moved twice: all of it goes with Alice's move.
    const replied = run(
      mine,
      thrown('yut'),
      thrown('do'),
      { type: 'yut/pieceMoved', from: 0, result: 'yut' },
      { type: 'yut/pieceMoved', from: 4, result: 'do' },
    );
    expect(replied.state.turn).toBe(0);
    expect(replied.lastThrow?.seat).toBe(1);
    const back = run(replied, { type: 'play/undoRequested' });
    expect(back.events).toEqual(mine.events.slice(0, 1));
    expect(back.state).toEqual(run(computer, thrown('gae')).state);
    expect(back.lastThrow?.seat).toBe(0);
    expect(back.selection).toEqual({ from: 0, result: 'gae' });
    expect(back.log.at(-1)).toBe("Alice took back the move (gae from hand) and CPU 1's reply.");
    // Alice's own throw stays.
    expect(run(back, { type: 'play/undoRequested' }).notice).toBe(
      'Nothing to take back: a throw is never taken back.',
    );
  });

  it('hot-seat: the move that ended a turn is taken back until the next player throws', () => {
    const ended = run(start(), thrown('gae'), { type: 'play/moveRequested' });
    expect(ended.state).toMatchObject({ turn: 1, phase: 'throw' });
    expect(undoProblem(ended)).toBeUndefined();
    const back = run(ended, { type: 'play/undoRequested' });
    expect(back.state).toMatchObject({ turn: 0, phase: 'move', results: ['gae'] });
    expect(back.events).toHaveLength(1);
    expect(back.log.at(-1)).toBe('Alice took back the move (gae from hand).');
    // Once Bob has thrown, it stays.
    expect(undoProblem(run(ended, thrown('do')))).toBe(
      'Nothing to take back: a throw is never taken back.',
    );
  });
});

describe('a computer’s turn', () => {
  it('keys other than help and quit only say to wait', () => {
    const play = newPlay(setup({ players: 2, pieces: 4 }), [
      { name: 'Alice', kind: 'computer', level: 'strong' },
      { name: 'Bob', kind: 'human' },
    ]);
    expect(playKey(play, 'space')).toEqual({
      type: 'play/noticeShown',
      notice: 'Alice is the computer: wait for its move.',
    });
    expect(playKey(play, '?')).toEqual({ type: 'play/overlayOpened', overlay: 'help' });
    expect(playKey(play, 'q')).toEqual({ type: 'play/overlayOpened', overlay: 'quit' });
    // Station numbers are for anyone to look at, in anyone's turn; n again hides them.
    expect(playKey(play, 'n')).toEqual({ type: 'play/numbersToggled' });
    const shown = reducePlay(play, { type: 'play/numbersToggled' });
    expect(shown.numbers).toBe(true);
    expect(shown.events).toBe(play.events);
    expect(reducePlay(shown, { type: 'play/numbersToggled' }).numbers).toBe(false);
  });

  it('its move is logged with its reason right under it', () => {
    let play = newPlay(setup({ players: 2, pieces: 4 }), [
      { name: 'Alice', kind: 'computer', level: 'strong' },
      { name: 'Bob', kind: 'human' },
    ]);
    play = tell(
      run(play, thrown('gae')),
      { type: 'yut/pieceMoved', from: 0, result: 'gae' },
      'strong: enters a new piece at 2',
    );
    expect(play.log.slice(-3)).toEqual([
      'Alice moved a new piece to 2 with gae.',
      '  (strong: enters a new piece at 2)',
      "Bob's turn.",
    ]);
  });
});
