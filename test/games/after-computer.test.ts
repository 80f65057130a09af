/**
 * One rule in every game (issue 28, item 13): after the computer's move, the person's selection
 * (Yut's piece and result, Ur's stone, Yoté's and Kono's cursor) is on their first legal choice, the first
 * of the game's legal moves, not wherever the computer's move left it.
 */
import { describe, expect, it } from 'vitest';
import { legalEvents as urLegal, setup as urSetup } from '../../source/games/ur/rules.js';
import { newUrPlay, reduceUrPlay, type UrPlay } from '../../source/games/ur/ui/play.js';
import { cellOf, legalEvents as yoteLegal } from '../../source/games/yote/rules.js';
import { newYotePlay, reduceYotePlay, type YotePlay } from '../../source/games/yote/ui/play.js';
import { legalEvents as yutLegal, setup as yutSetup } from '../../source/games/yut/rules.js';
import { newPlay, reducePlay, type YutPlay } from '../../source/games/yut/ui/play.js';
import type { Seat } from '../../source/engine/seats.js';
import { konoGame } from '../../source/games/kono/rules.js';
import {
  type KonoPlay,
  konoTakeBack,
  newKonoPlay,
  reduceKonoPlay,
} from '../../source/games/kono/ui/play.js';
import { konoCore } from '../../source/games/kono/core.js';
import { urCore } from '../../source/games/ur/core.js';
import { yoteCore } from '../../source/games/yote/core.js';
import { yutCore } from '../../source/games/yut/core.js';
import { atTable } from '../support/at-table.js';
import { position as konoPosition } from '../support/kono.js';
import { placed, rolled } from '../support/ur.js';
import { position } from '../support/yote.js';
import { thrown } from '../support/yut.js';

// The computer's moves and the throws, as the table tells them to the screen.
const yut = atTable(yutCore, reducePlay, (p: YutPlay) => p.seats);
const ur = atTable(urCore, reduceUrPlay, (p: UrPlay) => p.seats);
const yote = atTable(yoteCore, reduceYotePlay, (p: YotePlay) => p.seats);
const kono = atTable(konoCore, reduceKonoPlay, (p: KonoPlay) => p.seats, konoTakeBack);

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
    let play = yut.tell(newPlay(start, seats), thrown('gae'));
    play = yut.tell(play, { type: 'yut/pieceMoved', from: 3, result: 'gae' }, 'strong: moves on');
    play = yut.tell(play, thrown('geol'));
    expect(play.state.turn).toBe(1);
    const first = yutLegal(play.state)[0];
    expect(play.selection).toEqual({ from: first?.from, result: first?.result });
  });

  it('Ur: the first stone the person can move, not the number the computer moved', () => {
    // White (the computer) has its stone 4 selected as it moves it (its first three are borne
    // off); Black's stone 4 can move too, but is not Black's first.
    const off = urSetup().rules.board.paths[0]?.length ?? 0;
    const start = placed(urSetup(), [off, off, off, 5, -1], [2, 6, -1, 3, 9]);
    let play = ur.tell(newUrPlay(start, seats), rolled(1));
    play = ur.tell(play, { type: 'ur/stoneMoved', stone: 3 }, 'strong');
    play = ur.tell(play, rolled(2));
    expect(play.state.turn).toBe(1);
    expect(play.state.phase).toBe('move');
    expect(play.stone).toBe(urLegal(play.state)[0]?.stone);
    expect(play.stone).toBe(0);
  });

  it('Yoté: the cursor on the first legal move (an attack first), not on the computer’s piece', () => {
    const start = position(['......', '......', '......', '.W....', '.B....'], {
      hands: [3, 3],
    });
    const play = yote.tell(
      newYotePlay(start, seats),
      { type: 'yote/placed', cell: 'F5' },
      'strong: places on F5',
    );
    expect(play.state.turn).toBe(1);
    expect(yoteLegal(play.state)[0]).toEqual({ type: 'yote/jumped', from: 'B1', to: 'B3' });
    expect(play.cursor).toBe(cellOf('B1'));
  });

  it('Kono: the cursor on the person’s first piece that can move, not where it was', () => {
    const start = konoPosition(['W W W W W', 'W O O O W', 'O O O O O', 'B O O O B', 'B B B B B']);
    const reply = konoGame.legalEvents(start)[0];
    if (reply?.type !== 'kono/moved') throw new Error('White has a step at the start');
    const play = kono.tell(newKonoPlay(start, seats), reply, 'strong: steps on');
    expect(play.state.turn).toBe(1);
    const first = konoGame.legalEvents(play.state)[0];
    if (first?.type !== 'kono/moved') throw new Error('Black has a step');
    expect(play.cursor).toEqual([first.row, first.column]);
    expect(play.state.board[first.row - 1]?.[first.column - 1]).toBe('B');
  });
});
