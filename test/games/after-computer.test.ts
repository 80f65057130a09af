/**
 * One rule in every game (issue 28, item 13): after the computer's move, the person's selection
 * (Yut's piece and result, Ur's stone, Yoté's cursor) is on their first legal choice, the first
 * of the game's legal moves, not wherever the computer's move left it.
 */
import { describe, expect, it } from 'vitest';
import { legalEvents as urLegal, setup as urSetup } from '../../source/games/ur/rules.js';
import { newUrPlay, reduceUrPlay, type UrAction } from '../../source/games/ur/ui/play.js';
import { cellOf, legalEvents as yoteLegal } from '../../source/games/yote/rules.js';
import { newYotePlay, reduceYotePlay } from '../../source/games/yote/ui/play.js';
import { legalEvents as yutLegal, setup as yutSetup } from '../../source/games/yut/rules.js';
import { newPlay, reducePlay } from '../../source/games/yut/ui/play.js';
import type { Seat } from '../../source/engine/seats.js';
import { placed, rolled } from '../support/ur.js';
import { position } from '../support/yote.js';
import { thrown } from '../support/yut.js';

const seats: Seat[] = [
  { name: 'CPU 1', kind: 'computer', level: 'strong' },
  { name: 'Ann', kind: 'human' },
];

describe("after the computer's move, the person's first legal choice is selected", () => {
  it('Yut: the first legal move once the person has thrown', () => {
    const start = yutSetup({
      players: 2,
      pieces: 4,
      start: {
        positions: [
          [3, 0, 0, 0],
          [0, 0, 7, 9],
        ],
        turn: 0,
      },
    });
    let play = reducePlay(newPlay(start, seats), thrown('gae'));
    play = reducePlay(play, {
      type: 'play/botMoved',
      event: { type: 'yut/pieceMoved', from: 3, result: 'gae' },
      reason: 'strong: moves on',
    });
    play = reducePlay(play, thrown('geol'));
    expect(play.state.turn).toBe(1);
    const first = yutLegal(play.state)[0];
    expect(play.selection).toEqual({ from: first?.from, result: first?.result });
  });

  it('Ur: the first stone the person can move, not the number the computer moved', () => {
    // White (the computer) has its stone 4 selected as it moves it (its first three are borne
    // off); Black's stone 4 can move too, but is not Black's first.
    const off = urSetup().rules.board.paths[0]?.length ?? 0;
    const start = placed(urSetup(), [off, off, off, 5, -1], [2, 6, -1, 3, 9]);
    const play = [
      rolled(1),
      { type: 'play/botMoved', event: { type: 'ur/stoneMoved', stone: 3 }, reason: 'strong' },
      rolled(2),
    ].reduce<ReturnType<typeof newUrPlay>>(
      (p, a) => reduceUrPlay(p, a as UrAction),
      newUrPlay(start, seats),
    );
    expect(play.state.turn).toBe(1);
    expect(play.state.phase).toBe('move');
    expect(play.stone).toBe(urLegal(play.state)[0]?.stone);
    expect(play.stone).toBe(0);
  });

  it('Yoté: the cursor on the first legal move (an attack first), not on the computer’s piece', () => {
    const start = position(['......', '......', '......', '.W....', '.B....'], {
      hands: [3, 3],
    });
    const play = reduceYotePlay(newYotePlay(start, seats), {
      type: 'play/botMoved',
      event: { type: 'yote/placed', cell: 'F5' },
      reason: 'strong: places on F5',
    });
    expect(play.state.turn).toBe(1);
    expect(yoteLegal(play.state)[0]).toEqual({ type: 'yote/jumped', from: 'B1', to: 'B3' });
    expect(play.cursor).toBe(cellOf('B1'));
  });
});
