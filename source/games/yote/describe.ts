/** What a Yoté event did, in the game's words, for the turn log, the console and the replay. */
import { COLOUR_NAMES, type Ending, type YoteEvent, type YoteState } from './rules.js';

const sideOf = (colour: number, names?: readonly string[]) =>
  names?.[colour] ? `${names[colour]} (${COLOUR_NAMES[colour]})` : (COLOUR_NAMES[colour] ?? '?');

/** How the game ended, in a sentence. */
export function endingWords(ending: Ending, names?: readonly string[]): string {
  const side = (c: number) => sideOf(c, names);
  switch (ending.reason) {
    case 'wiped':
      return `${side(ending.winner)} wins: ${COLOUR_NAMES[1 - ending.winner]} has no pieces left.`;
    case 'few':
      return 'A draw: both sides are down to three pieces or fewer.';
    case 'quiet':
      return 'A draw: too many turns went by without a placement or a capture.';
    case 'stuck': {
      const who = `${COLOUR_NAMES[ending.stuck]} cannot place, move or attack`;
      return ending.winner === null
        ? `A draw: ${who}, and both sides have as many pieces.`
        : `${side(ending.winner)} wins: ${who}, and ${COLOUR_NAMES[ending.winner]} has more pieces.`;
    }
  }
}

export function describeYoteEvent(
  before: YoteState,
  event: YoteEvent,
  after: YoteState,
  names?: readonly string[],
): string[] {
  const colour = before.turn;
  const who = names?.[colour] ?? COLOUR_NAMES[colour];
  const them = COLOUR_NAMES[1 - colour];
  const lines: string[] = [];
  switch (event.type) {
    case 'yote/placed':
      lines.push(`${who} placed on ${event.cell}.`);
      break;
    case 'yote/moved':
      lines.push(`${who} moved ${event.from} to ${event.to}.`);
      break;
    case 'yote/jumped':
      lines.push(
        `${who} jumped from ${event.from} to ${event.to}, taking the ${them} piece between${before.step === 'again' ? ' (the attack goes on)' : ''}.`,
      );
      break;
    case 'yote/removed':
      lines.push(
        event.cell === 'hand'
          ? `${who} took a ${them} piece from the hand.`
          : `${who} took the ${them} piece on ${event.cell}.`,
      );
      if (after.step === 'again') lines.push(`${who} may jump again or stop.`);
      break;
    case 'yote/stopped':
      lines.push(`${who} stopped the attack.`);
      break;
  }
  if (after.ending) lines.push(endingWords(after.ending, names));
  return lines;
}
