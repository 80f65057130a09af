/**
 * Whose seats the computer played: a person's seat given to it with G while they were away makes
 * moves of the computer's at that seat. The ratings count no game where it did (ratings/ranking.ts),
 * so the server's table and `madang ratings` over the recording must find the same seats.
 */
import type { Header, Replayer, Step } from './recording.js';

/**
 * The people's seats the computer made a move for (a seat given to it with G while its person
 * was away), among the moves in force: a move taken back is nobody's any more. The server's
 * table tells it each such move as it is made and each take-back; a recording's reader tells it
 * the same from the file's lines (`followRecording`), a move explained as the computer's at a
 * seat the header gives a person.
 */
export class ComputerMoves {
  /** Each such move: its number among the events in force (from 0), and its seat. */
  private readonly moves: { readonly at: number; readonly seat: number }[] = [];

  /** `earlier`: the seats the computer played before (a game resumed after them). */
  constructor(private readonly earlier: readonly number[] = []) {}

  /** The computer made event number `at` for a person's `seat`. */
  made(at: number, seat: number): void {
    this.moves.push({ at, seat });
  }

  /** A take-back: `kept` events stay in force. */
  kept(kept: number): void {
    while ((this.moves.at(-1)?.at ?? -1) >= kept) this.moves.pop();
  }

  /** The seats, each once, in order. */
  seats(): number[] {
    return [...new Set([...this.earlier, ...this.moves.map((m) => m.seat)])].sort((a, b) => a - b);
  }

  /**
   * A recording's reader (readRecording's onStep) telling these moves: `players` the header's,
   * `toAct` the game's rule for whose decision a state waits on.
   */
  followRecording(
    players: Header['players'],
    toAct: (state: unknown) => number,
  ): (step: Step, replayer: Pick<Replayer, 'initial' | 'state' | 'events'>) => void {
    // The state each step was read in (the step is told once it is applied): its mover's turn.
    let before: unknown;
    let first = true;
    let mover = -1;
    return (step, replayer) => {
      if (step.kind === 'event') mover = toAct(first ? replayer.initial : before);
      else if (step.kind === 'explained' && players[mover]?.kind === 'human')
        this.made(replayer.events - 1, mover);
      else if (step.kind === 'takenBack') this.kept(replayer.events);
      before = replayer.state;
      first = false;
    };
  }
}
