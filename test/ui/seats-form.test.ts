/** The seats every setup shares (ui/seats-form.ts): names, who plays, the kinds a seat goes round. */
import { describe, expect, it } from 'vitest';
import { SEAT_KINDS } from '../../source/engine/seats.js';
import {
  cursorFor,
  kindWords,
  namedTwice,
  namesAtStart,
  newSeats,
  seatKey,
  seatsAtStart,
  steppedKind,
} from '../../source/ui/seats-form.js';

describe('the seats form', () => {
  it('a seat is a person unless --bots says; names start empty, taking their defaults', () => {
    const seats = newSeats(3, ['human', 'strong'], ['Ann']);
    expect(seats).toEqual({
      names: ['Ann', '', ''],
      kinds: ['human', 'strong', 'human'],
      cursor: 0,
    });
    expect(namesAtStart(seats)).toEqual(['Ann', 'CPU 2', 'Player 3']);
    expect(namesAtStart({ ...seats, names: ['  ', '', ''] }, 2)).toEqual(['Player 1', 'CPU 2']);
    expect(seatsAtStart(seats, ['Ann', 'CPU 2'])).toEqual([
      { name: 'Ann', kind: 'human' },
      { name: 'CPU 2', kind: 'computer', level: 'strong' },
    ]);
  });

  it("a name's row edits the name, its ←→ the cursor; a kind's row turns ←→ into who plays", () => {
    const seats = newSeats(2);
    const typed = seatKey(seats, { seat: 1, part: 'name' }, 'Bo', SEAT_KINDS);
    expect(typed).toEqual({ names: ['', 'Bo'], kinds: ['human', 'human'], cursor: 2 });
    expect(seatKey(typed!, { seat: 1, part: 'name' }, 'left', SEAT_KINDS)?.cursor).toBe(1);
    expect(seatKey(seats, { seat: 1, part: 'name' }, 'enter', SEAT_KINDS)).toBeUndefined();
    const kind = (key: string) => seatKey(seats, { seat: 0, part: 'kind' }, key, SEAT_KINDS)?.kinds;
    expect(kind('right')).toEqual(['strong', 'human']);
    expect(kind('left')).toEqual(['random', 'human']);
    expect(kind('x')).toBeUndefined();
    // The name left empty follows who plays it.
    expect(namesAtStart({ ...seats, kinds: kind('right')! })).toEqual(['CPU 1', 'Player 2']);
  });

  it('kinds go round both ways; two seats of one name are found; the words of who plays', () => {
    expect(steppedKind(SEAT_KINDS, 'random', 1)).toBe('human');
    expect(steppedKind(SEAT_KINDS, 'human', -10)).toBe(steppedKind(SEAT_KINDS, 'human', -2));
    expect(namedTwice(['Ann', 'Bob', 'Ann'])).toBe(2);
    expect(namedTwice(['Ann', 'Bob'])).toBeUndefined();
    expect([kindWords('human'), kindWords('greedy')]).toEqual([
      'a person',
      'the computer (greedy)',
    ]);
    expect(cursorFor(newSeats(1, [], ['Jo']), { seat: 0, part: 'name' })).toBe(2);
    expect(cursorFor(newSeats(1, [], ['Jo']), { seat: 0, part: 'kind' })).toBe(0);
  });
});
