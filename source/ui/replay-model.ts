/**
 * The replay viewer as a pure model: where we are among the recorded events, whether it plays
 * and how fast, and the turn-number prompt of `g`. Game-agnostic: it knows events only as
 * positions on a timeline, and turns by where they start (engine/timeline.ts finds both).
 */
import type { ComponentType } from 'react';
import type { Game, GameEvent } from '../engine/game.js';
import type { ParsedOptions } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import type { Key } from './keys.js';
import { PAGE_KEYS } from './TextPage.js';
import { editField, type Field, fieldOf } from './text-field.js';

/** What a game's face in the replay viewer is given. */
export interface ReplayScreenProps {
  readonly state: unknown;
  readonly events: readonly GameEvent[];
  readonly index: number;
  /** The state after any number of events (from the viewer's checkpoints). */
  readonly stateAt: (index: number) => unknown;
  readonly names: readonly string[];
  /** Who sat where, as the header lists them (a computer with its level). */
  readonly seats: readonly Seat[];
  /** Where we are, and what the current event did. */
  readonly timeline: readonly string[];
  readonly keys: readonly string[];
  readonly notice: string | null;
  readonly width: number;
  readonly height: number;
}

/** What the replay viewer needs of a game (a game module is one). */
export interface ReplayFace {
  readonly rules: Game<unknown, GameEvent, unknown>;
  parseOptions(unchecked: unknown): ParsedOptions<unknown>;
  describe(before: unknown, event: GameEvent, after: unknown, names: readonly string[]): string[];
  readonly Replay: ComponentType<ReplayScreenProps>;
  /** The window a game of these options needs, where it outgrows 80×24 (a game module's). */
  needs?(options: unknown): { readonly columns: number; readonly rows: number };
}

/** The longest turn number the `g` field takes. */
export const GOTO_LENGTH = 6;

const FIELD_KEYS: readonly Key[] = ['backspace', 'delete', 'left', 'right', 'home', 'end'];

/** Events per second while playing. */
export const SPEEDS = [0.5, 1, 2, 4, 8, 16, 32] as const;

export interface ReplayModel {
  readonly total: number;
  /** Events applied: 0 (the start) to total (the end). */
  readonly index: number;
  readonly playing: boolean;
  readonly speed: number;
  /** The turn number's field after `g` (digits), or null when not asking. */
  readonly goto: Field | null;
  /** The event position where each turn begins; turn 1 begins at 0. */
  readonly turnStarts: readonly number[];
  readonly notice: string | null;
  /** `l`: the list of every move, with the chosen one (an event's position), or null. */
  readonly list: number | null;
  /** `a`: the analysis of the game is shown (and runs until it is done or cancelled). */
  readonly analysing: boolean;
  /** `b`: where the analysis takes the board's place (a small window), the board shown instead. */
  readonly boardShown: boolean;
}

export type ReplayAction =
  | { readonly type: 'replay/stepped'; readonly delta: 1 | -1 }
  | { readonly type: 'replay/jumped'; readonly index: number }
  | { readonly type: 'replay/playToggled' }
  | { readonly type: 'replay/ticked' }
  | { readonly type: 'replay/speedChanged'; readonly delta: 1 | -1 }
  | { readonly type: 'replay/gotoStarted' }
  | { readonly type: 'replay/gotoEdited'; readonly field: Field }
  | { readonly type: 'replay/gotoDone' }
  | { readonly type: 'replay/gotoCancelled' }
  | { readonly type: 'replay/listOpened' }
  | { readonly type: 'replay/listMoved'; readonly delta: number }
  | { readonly type: 'replay/listChosen' }
  | { readonly type: 'replay/listClosed' }
  /** `a`: the analysis shown, or hidden (cancelled while it runs). */
  | { readonly type: 'replay/analysisToggled' }
  /** `n` and `p`: to the next or previous marked move (the viewer finds it among those found). */
  | { readonly type: 'replay/markSought'; readonly delta: 1 | -1 }
  | { readonly type: 'replay/boardToggled' }
  | { readonly type: 'replay/noticeShown'; readonly notice: string }
  | { readonly type: 'app/quitConfirmed' };

export function newReplay(turnStarts: readonly number[], total: number): ReplayModel {
  return {
    total,
    index: 0,
    playing: false,
    speed: 2,
    goto: null,
    turnStarts,
    notice: null,
    list: null,
    analysing: false,
    boardShown: false,
  };
}

/** The turn (1-based) being played at `index`: that of the next event (of the last, at the end). */
export function turnAt(model: ReplayModel, index = model.index): number {
  let lo = 0;
  let hi = model.turnStarts.length - 1;
  const position = Math.max(0, Math.min(index, model.total - 1));
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((model.turnStarts[mid] as number) <= position) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

export function replayKey(model: ReplayModel, key: Key): ReplayAction | undefined {
  if (model.list !== null) {
    // The list moves by the keys that scroll a page, one event a line.
    const delta = PAGE_KEYS[key];
    if (delta !== undefined) return { type: 'replay/listMoved', delta };
    if (key === 'enter') return { type: 'replay/listChosen' };
    return { type: 'replay/listClosed' };
  }
  if (model.goto !== null) {
    if (key === 'enter') return { type: 'replay/gotoDone' };
    // The turn number's field takes digits and its editing keys; any other key leaves it.
    const editing = /^\d+$/.test(key) || FIELD_KEYS.includes(key);
    const edited = editing ? editField(model.goto, key, GOTO_LENGTH) : undefined;
    if (edited) return { type: 'replay/gotoEdited', field: edited };
    return { type: 'replay/gotoCancelled' };
  }
  switch (key) {
    case 'right':
      return { type: 'replay/stepped', delta: 1 };
    case 'left':
      return { type: 'replay/stepped', delta: -1 };
    case 'space':
      return { type: 'replay/playToggled' };
    case '+':
    case '=':
      return { type: 'replay/speedChanged', delta: 1 };
    case '-':
    case '_':
      return { type: 'replay/speedChanged', delta: -1 };
    case 'home':
      return { type: 'replay/jumped', index: 0 };
    case 'end':
      return { type: 'replay/jumped', index: model.total };
    case 'g':
      return { type: 'replay/gotoStarted' };
    case 'l':
      return model.total > 0 ? { type: 'replay/listOpened' } : undefined;
    case 'a':
      return { type: 'replay/analysisToggled' };
    case 'n':
    case 'p':
      return model.analysing
        ? { type: 'replay/markSought', delta: key === 'n' ? 1 : -1 }
        : { type: 'replay/noticeShown', notice: 'n and p go to the marked moves: a analyses.' };
    case 'b':
      return model.analysing ? { type: 'replay/boardToggled' } : undefined;
    case 'escape':
      // Esc closes the analysis first (cancelling it while it runs); then it leaves.
      return model.analysing ? { type: 'replay/analysisToggled' } : { type: 'app/quitConfirmed' };
    case 'q':
      return { type: 'app/quitConfirmed' };
    default:
      return undefined;
  }
}

const clampIndex = (model: ReplayModel, index: number) => Math.max(0, Math.min(model.total, index));

export function reduceReplay(model: ReplayModel, action: ReplayAction): ReplayModel {
  const calm = { ...model, notice: null };
  switch (action.type) {
    case 'replay/stepped':
      return { ...calm, playing: false, index: clampIndex(model, model.index + action.delta) };
    case 'replay/jumped':
      return { ...calm, playing: false, index: clampIndex(model, action.index) };
    case 'replay/playToggled':
      if (model.playing) return { ...calm, playing: false };
      // Play from the start when at the end.
      return { ...calm, playing: true, index: model.index >= model.total ? 0 : model.index };
    case 'replay/ticked': {
      if (!model.playing) return model;
      const index = clampIndex(model, model.index + 1);
      return { ...model, index, playing: index < model.total };
    }
    case 'replay/speedChanged':
      return {
        ...calm,
        speed: Math.max(0, Math.min(SPEEDS.length - 1, model.speed + action.delta)),
      };
    case 'replay/gotoStarted':
      return { ...calm, playing: false, goto: fieldOf('') };
    case 'replay/gotoEdited':
      return { ...model, goto: action.field };
    case 'replay/gotoCancelled':
      return { ...calm, goto: null };
    case 'replay/listOpened':
      // It opens on the move last shown (the first, at the start).
      return {
        ...calm,
        playing: false,
        list: Math.max(0, Math.min(model.total - 1, model.index - 1)),
      };
    case 'replay/listMoved':
      if (model.list === null) return model;
      return { ...model, list: Math.max(0, Math.min(model.total - 1, model.list + action.delta)) };
    case 'replay/listChosen':
      // The board as it stands after the chosen move.
      if (model.list === null) return model;
      return { ...calm, list: null, index: clampIndex(model, model.list + 1) };
    case 'replay/listClosed':
      return { ...model, list: null };
    case 'replay/analysisToggled':
      return { ...calm, analysing: !model.analysing, boardShown: false };
    case 'replay/boardToggled':
      return { ...calm, boardShown: !model.boardShown };
    case 'replay/noticeShown':
      return { ...model, notice: action.notice };
    case 'replay/markSought':
      // The viewer answers with a jump or a notice: only it knows the moves found so far.
      return model;
    case 'replay/gotoDone': {
      const typed = model.goto?.value ?? '';
      const turn = Number(typed);
      const turns = model.turnStarts.length;
      if (!Number.isInteger(turn) || turn < 1 || turn > turns) {
        return {
          ...model,
          goto: null,
          notice: `There is no turn ${typed || '(none)'}: turns 1 to ${turns}.`,
        };
      }
      // The board after the turn's first move: the header names the turn of the move shown last.
      return {
        ...calm,
        goto: null,
        index: clampIndex(model, (model.turnStarts[turn - 1] as number) + 1),
      };
    }
    default:
      return model;
  }
}
