/**
 * Kono's panel between rounds, drawn: the round-score table keeps the points awarded at 80×24
 * (the name is what a narrow panel cuts), widens at 120×40, and says why each round ended; the
 * end of a tournament between two computers says who is who. In a round beside a 9 × 9 board,
 * long names, a hint is whole. Before the first round's size is chosen the board names the sizes,
 * none cut in two.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Seat } from '../../../source/engine/seats.js';
import {
  type KonoEvent,
  type KonoState,
  reduce,
  setup,
  withDefaults,
} from '../../../source/games/kono/rules.js';
import { konoModule } from '../../../source/games/kono/index.js';
import { frameWhen, press } from '../../support/ink.js';
import { renderPlay } from '../../support/screens.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const plain = (frame: string) => frame.replace(/\x1b\[[0-9;]*m/g, '');

/** A round on an n × n board: seat 0 wins the dice and plays white, then `quitter` quits. */
function tournament(sizes: number[], quitter = 0, asker: number | null = 0): KonoState {
  let state = setup(withDefaults({ asker, size: null }));
  const events: KonoEvent[] = [];
  sizes.forEach((size, i) => {
    if (i > 0) events.push({ type: 'kono/anotherRound', again: true });
    events.push({ type: 'kono/sizeChosen', size });
    if (i === 0)
      events.push({
        type: 'kono/diceThrown',
        dice: [
          [6, 6],
          [1, 1],
        ],
      });
    events.push({ type: 'kono/colourChosen', colour: 'white' });
    events.push({ type: 'kono/quit', seat: quitter });
  });
  for (const event of events) state = reduce(state, event);
  return state;
}

function frame(state: KonoState, seats: Seat[], width: number, height: number): string {
  const r = renderPlay(konoModule.Play, state, seats, width, height);
  cleanup = r.unmount;
  return plain(r.lastFrame() ?? '');
}

const person: Seat = { name: 'Player 1', kind: 'human' };
const cpu: Seat = { name: 'CPU 2', kind: 'computer', level: 'strong' };
/** A computer as an older madang named it (a resumed recording keeps the name). */
const oldCpu: Seat = { name: 'Computer (strong)', kind: 'computer', level: 'strong' };

describe('Kono’s panel', () => {
  it('at 80×24 beside a 9 × 9 board, the points awarded and why stay whole; the name is cut', () => {
    // Seat 0 quits twice: 5 points each time to the computer. No room for "Player 1 quit".
    const text = frame(tournament([9, 9]), [person, oldCpu], 80, 24);
    expect(text).toMatch(/ {2}1 9×9 +-5 +0 {2}\+5 C… · quit │/);
    expect(text).toMatch(/ {2}2 9×9 +-5 +0 {2}\+5 C… · quit │/);
    expect(text).toMatch(/total +0 +10/);
  });

  it('at 80×24 beside a 9 × 9 board, long names: the hint is whole, the log gives it rows', async () => {
    let state = setup(withDefaults({ asker: 0, size: null }));
    const opening: KonoEvent[] = [
      { type: 'kono/sizeChosen', size: 9 },
      {
        type: 'kono/diceThrown',
        dice: [
          [6, 6],
          [1, 1],
        ],
      },
      { type: 'kono/colourChosen', colour: 'white' },
    ];
    for (const event of opening) state = reduce(state, event);
    const seats: Seat[] = [
      { name: 'Alexandra Konstantinopoulou', kind: 'human' },
      { name: 'Bartholomew the Magnificent', kind: 'computer', level: 'strong' },
    ];
    const r = renderPlay(konoModule.Play, state, seats, 80, 24);
    cleanup = r.unmount;
    await press(r.stdin, 'h');
    const text = plain(await frameWhen(r.lastFrame, 'Hint:'));
    // The panel's lines, right of the board's box, as one text.
    const panel = text
      .split('\n')
      .map((line) =>
        line
          .slice(line.indexOf('││') + 2)
          .replace(/│\s*$/, '')
          .trim(),
      )
      .join(' ');
    // It was cut after two rows: 'Hint: the piece at (2,1) southeast, to advance toward the'.
    expect(panel).toMatch(
      /Hint: the piece at \(2,1\) southeast, to advance toward the home point \(\d+,\d+\)\./,
    );
    // The frame keeps to the window, its keys at the bottom.
    expect(text.split('\n').length).toBeLessThanOrEqual(24);
    // Every key with its word, whole in the narrowest panel (33 columns).
    expect(panel).toContain(' h hint · u undo · s save · ? help ');
    expect(panel).toContain(' r r resign · q quit ');
  });

  it('at 80×24 beside a 5 × 5 board, every column whole, and why the round ended', () => {
    const text = frame(tournament([5]), [person, cpu], 80, 24);
    expect(text).toContain('Rnd     Player 1 CPU 2  awarded');
    expect(text).toContain('  1 5×5       -5     0  +5 CPU 2 · Player 1 quit');
  });

  it('at 120×40 the panel widens: long names whole, and more rounds shown', () => {
    const sizes = [5, 7, 5, 7, 5, 7, 5, 7];
    const narrow = frame(tournament(sizes), [person, oldCpu], 80, 24);
    const wide = frame(tournament(sizes), [person, oldCpu], 120, 40);
    expect(narrow).not.toContain('Computer (strong)  awarded');
    expect(wide).toContain('Computer (strong)  awarded');
    // The names head their columns whole; the row keeps its points and why whole.
    expect(wide).toMatch(/\+5 Computer \(str… · quit/);
    // Eight rounds: the last four at 80×24, all eight at 120×40.
    expect(narrow).not.toMatch(/ {3}4 [57]×[57] /);
    expect(narrow).toMatch(/ {3}5 5×5 /);
    expect(wide).toMatch(/ {3}1 5×5 /);
    expect(wide).toMatch(/ {3}8 7×7 /);
  });

  it('between two computers of one name (an older madang’s recording) the end says which', () => {
    const text = frame(tournament([5], 1, null), [oldCpu, oldCpu], 80, 24);
    expect(text).toContain('★ Computer (strong) (seat 1) wins the tournament');
    expect(text).toMatch(/ {2}1 5×5 +0 +-5 {2}\+5 Com… · quit │/);
  });
});

describe('Kono’s board before the first round’s size is chosen', () => {
  it('at 80×24 names the sizes whole: no line ends in "9" with "× 9" on the next', () => {
    const text = frame(setup(withDefaults({ asker: 0, size: null })), [person, cpu], 80, 24);
    // The board's box: the columns up to its top right corner, the first ╮.
    const lines = text.split('\n');
    const right = (lines.find((line) => line.includes('╮')) ?? '').indexOf('╮');
    const board = lines.map((line) => line.slice(0, right + 1).replace(/\u00a0/g, ' '));
    expect(board.join('\n')).toContain('The board is');
    for (const size of ['5 × 5', '7 × 7', '9 × 9'])
      expect(
        board.some((line) => line.includes(size)),
        board.join('\n'),
      ).toBe(true);
  });
});
