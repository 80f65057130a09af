/**
 * The prompt helpers of the line protocol, shared by every game's console: ask until an answer
 * is accepted, numbered choices, and how a run ends (the end of input cleanly, a Stop with code 2).
 */
import { safeText } from '../engine/safe-text.js';
import { type ClassicIO, InputTooLong } from './lines.js';

/** End of input: the run ends cleanly wherever it is. */
export class EndOfInput extends Error {}
/** A problem that stops the run (exit code 2). */
export class Stop extends Error {}

/** How a run ends on an exception: the end of input is a clean end, a Stop an error (code 2). */
export function endOfRun(error: unknown, report: (message: string) => void): number {
  if (error instanceof EndOfInput) return 0;
  if (error instanceof Stop || error instanceof InputTooLong) {
    report(error.message);
    return 2;
  }
  throw error;
}

/** A line answered to a prompt, trimmed; the end of input ends the run. */
export async function answerTo(io: ClassicIO, prompt: string): Promise<string> {
  io.write(prompt);
  const answer = await io.read();
  if (answer === null) throw new EndOfInput();
  return answer.trim();
}

/** Ask until the answer is accepted: `accept` gives the value, or the reason it is refused. */
export async function ask<T>(
  io: ClassicIO,
  prompt: string,
  accept: (answer: string) => { ok: true; value: T } | { ok: false; problem: string },
): Promise<T> {
  for (;;) {
    const verdict = accept(await answerTo(io, prompt));
    if (verdict.ok) return verdict.value;
    io.write(`Invalid input: ${safeText(verdict.problem)}\n`);
  }
}

/** A typed answer quoted in a refusal: short, and unable to act on the terminal. */
export const shown = (answer: string) =>
  safeText(JSON.stringify(answer.length > 20 ? `${answer.slice(0, 20)}…` : answer));

/** A number among `allowed`; `what` says them in words ("1 or 2"). */
export function choice(allowed: readonly number[], what: string) {
  return (answer: string) => {
    const n = /^\d+$/.test(answer) ? Number(answer) : Number.NaN;
    return allowed.includes(n)
      ? { ok: true as const, value: n }
      : {
          ok: false as const,
          problem: `${answer === '' ? 'nothing' : shown(answer)} is not ${what}`,
        };
  };
}
