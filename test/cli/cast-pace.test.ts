/** The pace of `madang export --cast` (cli/cast.tsx): the recording's own where it has times. */
import { describe, expect, it } from 'vitest';
import { LONGEST_PAUSE_MS, paceOf, PACE_MS } from '../../source/cli/cast.js';

describe('the frames of a cast in time', () => {
  it("without times, the replay's pace, divided by --speed; the first frame at 0", () => {
    expect(paceOf(4, 1)).toEqual([0, 0.5, 1, 1.5]);
    expect(paceOf(3, 4)).toEqual([0, 0.125, 0.25]);
    expect(PACE_MS).toBe(500);
  });

  it('with times, the gaps as recorded; no pause over two seconds, at any speed', () => {
    expect(LONGEST_PAUSE_MS).toBe(2000);
    // ms since the start: a quick move, a long think (capped), another quick one.
    expect(paceOf(4, 1, [0, 300, 60_000, 60_750])).toEqual([0, 0.3, 2.3, 3.05]);
    expect(paceOf(3, 0.1, [0, 300, 600])).toEqual([0, 2, 4]);
    // A time missing (a line without one) takes the replay's pace.
    expect(paceOf(3, 1, [0, 100])).toEqual([0, 0.1, 0.6]);
  });
});
