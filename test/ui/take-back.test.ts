/**
 * What `u` takes back (engine/take-back.ts, applied by the table) and what a recording accepts as taken back
 * (engine/recording.ts) are two statements of one rule. Over random games of Yut, Ur and Yoté
 * with random seats, people pressing `u` at random: every take-back the screen makes, written
 * as the play session writes it, is accepted by the replayer, which ends on the same state; the
 * state returned to is a person's, to move; and no take-back ever undoes a person's throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Game, GameEvent } from '../../source/engine/game.js';
import {
  eventLine,
  newHeader,
  parseHeader,
  Replayer,
  takenBackLine,
} from '../../source/engine/recording.js';
import { playerInfo, type Seat } from '../../source/engine/seats.js';
import { urGame } from '../../source/games/ur/rules.js';
import { yoteGame } from '../../source/games/yote/rules.js';
import { yutGame } from '../../source/games/yut/rules.js';
import { takeBack } from '../../source/engine/take-back.js';
import { lookup } from '../support/games.js';

interface Case {
  readonly rules: Game<unknown, GameEvent, unknown>;
  readonly options: unknown;
  readonly players: number;
}

const CASES: Record<string, Case> = {
  yut: { rules: yutGame as never, options: { players: 3, pieces: 2 }, players: 3 },
  ur: { rules: urGame as never, options: {}, players: 2 },
  yote: { rules: yoteGame as never, options: { quietTurns: 20 }, players: 2 },
};

describe('u and the recording agree on what may be taken back', () => {
  it.each(Object.keys(CASES))('%s', (name) => {
    const { rules, options, players } = CASES[name] as Case;
    // Take-backs that reached over a computer's reply: the case the rule exists for.
    let overReplies = 0;
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: players, maxLength: players }),
        fc.array(fc.nat(), { minLength: 60, maxLength: 160 }),
        (computers, choices) => {
          const seats: Seat[] = computers.map((computer, i) =>
            computer
              ? { name: `CPU ${i}`, kind: 'computer', level: 'strong' }
              : { name: `P${i}`, kind: 'human' },
          );
          const header = newHeader({
            game: name,
            options,
            players: seats.map(playerInfo),
            seed: 1,
            startedAt: new Date(0),
            app: 'test',
          });
          const parsed = parseHeader(JSON.stringify(header), lookup);
          if (!parsed.ok) throw new Error(parsed.problem);
          const replayer = new Replayer(parsed.header, parsed.game, parsed.options);
          const initial = rules.setup(options);
          let events: GameEvent[] = [];
          let state = initial;
          const push = (line: string) => {
            const step = replayer.push(line.trimEnd(), 2);
            expect(step.kind, JSON.stringify(step)).not.toBe('problem');
          };
          for (const choice of choices) {
            if (rules.outcome(state).status !== 'running') break;
            // One choice in five is `u`.
            if (choice % 5 === 0) {
              const back = takeBack(rules as never, initial, events, seats, 'throw');
              if (!back.ok) continue;
              const taken = events.length - back.kept;
              // The mover is a person, the event taken back theirs and not a chance event.
              expect(seats[back.mover]?.kind).toBe('human');
              expect(rules.chance(back.state)).toBeUndefined();
              expect(rules.toAct(back.state)).toBe(back.mover);
              if (back.repliers.length > 0) overReplies++;
              events = events.slice(0, back.kept);
              state = back.state;
              for (let i = 0; i < taken; i++) push(takenBackLine());
              continue;
            }
            const outcomes = rules.chance(state);
            const legal = outcomes ? outcomes.map((o) => o.event) : rules.legalEvents(state);
            const event = legal[Math.floor(choice / 5) % legal.length];
            if (event === undefined) break;
            events.push(event);
            state = rules.reduce(state, event);
            push(eventLine(event));
          }
          expect(replayer.state).toEqual(state);
          expect(replayer.events).toBe(events.length);
        },
      ),
      { numRuns: 60 },
    );
    expect(overReplies).toBeGreaterThan(0);
  });
});
