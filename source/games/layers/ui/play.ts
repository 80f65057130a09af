/**
 * The Layers play screen as a pure model: the game's events and log (the shared list model's),
 * and a cursor over the forest's players. Looking is free: the cursor shows any player's status;
 * Enter on a player one may fight challenges it, `r` rests, Tab jumps to the next opponent, and
 * after a draw the challenged player answers with `f` (fight back) or `e` (escape). A forest of
 * more than FOLD_ABOVE players is folded: each root's tree shows as one line with how many are
 * under it, except the trees on the way to the person's own place and to the cursor, and those
 * opened with →; `y` jumps to the person's own place, `/` and a number to any player. `n` plays
 * the computers' turns at once until a person's; a person's own fight stays shown until a key.
 */
import type { Seat } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import { type Told, wanting } from '../../../ui/event-log.js';
import { type ListAction, type ListPlay, listPlayModel } from '../../../ui/list-play.js';
import { FRAME_HELP, frameKey } from '../../../ui/play-session.js';
import { describeLayersEvent } from '../describe.js';
import {
  current,
  type FightResult,
  type LayersEvent,
  layersGame,
  type LayersState,
  mayRest,
  opponentsOf,
  toAct,
} from '../rules.js';

export interface LayersPlay extends ListPlay<LayersState, LayersEvent> {
  /** The player under the cursor in the forest. */
  readonly cursor: number;
  /** Players whose trees are opened (→) in a folded forest. */
  readonly open: readonly number[];
  /** Players whose trees are folded with ← (not opened to fill the window). */
  readonly shut: readonly number[];
  /** The forest's rows on the screen, for opening trees while they fit (0: none opened). */
  readonly room: number;
  /**
   * The person whose place the forest shows first: at one keyboard the last person to act; on a
   * served screen its own seat, always (null: a spectator's, or every seat the computer's).
   */
  readonly viewer: number | null;
  /**
   * The seats this screen holds at a served table (none: a spectator); null at one keyboard,
   * which holds every person's seat.
   */
  readonly own: readonly number[] | null;
  /** The number being typed after `/` to find a player; null when not finding. */
  readonly find: string | null;
  /** A person's own fight, kept on the screen until a key (the next fights go to the log). */
  readonly pinned: FightResult | null;
  /** `n`: the computers play at once until a person is to act. */
  readonly hurry: boolean;
}

export type LayersAction =
  | ListAction<LayersEvent, LayersState>
  /** A person's answer or rest, asked of the table. */
  | Extract<
      LayersEvent,
      { readonly type: 'layers/foughtBack' | 'layers/escaped' | 'layers/rested' }
    >
  | { readonly type: 'layersPlay/cursorMoved'; readonly rows: number }
  | { readonly type: 'layersPlay/nextOpponent' }
  | { readonly type: 'layersPlay/playerPressed' }
  | { readonly type: 'layersPlay/folded'; readonly open: boolean }
  | { readonly type: 'layersPlay/roomSet'; readonly rows: number }
  | { readonly type: 'layersPlay/mine' }
  | { readonly type: 'layersPlay/findTyped'; readonly text: string | null }
  | { readonly type: 'layersPlay/found' }
  /** A key while a fight is kept shown: puts it away, and does what the key does. */
  | { readonly type: 'layersPlay/unpinned'; readonly then?: LayersAction | undefined }
  | { readonly type: 'layersPlay/hurried' };

/** A forest of more players than this is folded (one line a tree) but for the ways in. */
export const FOLD_ABOVE = 20;

/** One line of the forest: a player, its depth, and the branch lines before it. */
export interface ForestRow {
  readonly player: number;
  /** `├─`, `└─` and `│ ` runs before the player's number; empty for a root. */
  readonly prefix: string;
  /** How many players are folded under this line (0: none, or all shown). */
  readonly folded?: number;
}

/**
 * The forest's shape, made once for each `parent` array (a state whose trees did not change keeps
 * its array, and so its shape): children in number order as first child and next sibling, the
 * roots in number order, and how many players each tree holds. Every draw of the forest reads it
 * instead of building the children of a thousand players again.
 */
export interface ForestShape {
  readonly roots: Int32Array;
  /** Each player's first child (by number), or −1. */
  readonly first: Int32Array;
  /** Each player's next sibling (by number), or −1: none is the last child of its parent. */
  readonly next: Int32Array;
  /** How many players each player's tree holds, itself included. */
  readonly size: Int32Array;
}

const SHAPES = new WeakMap<readonly (number | null)[], ForestShape>();

export function shapeOf(parent: readonly (number | null)[]): ForestShape {
  const known = SHAPES.get(parent);
  if (known) return known;
  const n = parent.length;
  const first = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  const size = new Int32Array(n).fill(1);
  let count = 0;
  // From the highest number down, so that each list ends up in number order.
  for (let p = n - 1; p >= 0; p--) {
    const q = parent[p];
    if (q === null || q === undefined) count++;
    else {
      next[p] = first[q] as number;
      first[q] = p;
    }
  }
  const roots = new Int32Array(count);
  for (let p = 0, r = 0; p < n; p++) if (parent[p] === null) roots[r++] = p;
  // Breadth first from the roots; then each tree's size, children before parents.
  const order = new Int32Array(n);
  order.set(roots);
  let end = count;
  for (let i = 0; i < end; i++)
    for (let c = first[order[i] as number] as number; c !== -1; c = next[c] as number)
      order[end++] = c;
  for (let i = end - 1; i >= 0; i--) {
    const p = order[i] as number;
    const q = parent[p];
    if (q !== null && q !== undefined) size[q] = (size[q] as number) + (size[p] as number);
  }
  const shape = { roots, first, next, size };
  SHAPES.set(parent, shape);
  return shape;
}

/**
 * The players whose lines the forest has, in reading order: each root (by number) and its tree
 * depth first, the children of a player drawn only where `shown(p)` (by default all). Numbers
 * only: the lines themselves are made for the rows a window shows (forestRow).
 */
export function forestOrder(state: LayersState, shown?: (player: number) => boolean): Int32Array {
  const { roots, first, next } = shapeOf(state.parent);
  const out = new Int32Array(state.parent.length);
  let k = 0;
  // Down to the first child where a line's children are drawn, else on to the next sibling, or
  // up to the nearest ancestor's: no stack, so a chain of a thousand is as easy as roots.
  for (let r = 0; r < roots.length; r++) {
    const root = roots[r] as number;
    let p = root;
    for (;;) {
      out[k++] = p;
      const child = first[p] as number;
      if (child !== -1 && (!shown || shown(p))) {
        p = child;
        continue;
      }
      while (p !== root && next[p] === -1) p = state.parent[p] as number;
      if (p === root) break;
      p = next[p] as number;
    }
  }
  return out.subarray(0, k);
}

/** One line of the forest: its player, the branch lines before it, and what is folded under it. */
export function forestRow(
  state: LayersState,
  player: number,
  shown?: (player: number) => boolean,
): ForestRow {
  const { first, next, size } = shapeOf(state.parent);
  // The branch lines, from the player up to its root's child: the last child of its parent ends
  // its parent's branch (└─, and nothing below it), the others carry it on (├─, │).
  const parts: string[] = [];
  for (let p = player, own = true; state.parent[p] !== null && state.parent[p] !== undefined;) {
    const last = next[p] === -1;
    parts.push(own ? (last ? '└─' : '├─') : last ? '  ' : '│ ');
    own = false;
    p = state.parent[p] as number;
  }
  const prefix = parts.reverse().join('');
  const open = first[player] === -1 || !shown || shown(player);
  return open ? { player, prefix } : { player, prefix, folded: (size[player] as number) - 1 };
}

/**
 * The forest in reading order: each root (by number) and its tree depth first. `shown(p)`:
 * whether p's children are drawn (by default all); a line whose children are not drawn says how
 * many players its tree hides. (The screens make only the lines they show: forestOrder and
 * forestRow.)
 */
export function forestRows(state: LayersState, shown?: (player: number) => boolean): ForestRow[] {
  return Array.from(forestOrder(state, shown), (p) => forestRow(state, p, shown));
}

/** The players from `p` up to its root, p first. */
export function pathUp(state: LayersState, p: number): number[] {
  const out = [p];
  for (let q = state.parent[p]; q !== null && q !== undefined; q = state.parent[q]) out.push(q);
  return out;
}

/**
 * Which trees a play screen draws: all of a small forest; in a larger one, those on the way to
 * the viewer's place, the player to act's and the cursor's, and those opened with →.
 */
export function shownOf(
  state: LayersState,
  view: {
    readonly open: readonly number[];
    readonly ways: readonly number[];
    readonly shut?: readonly number[] | undefined;
    readonly room?: number | undefined;
  },
): ((player: number) => boolean) | undefined {
  if (state.options.players <= FOLD_ABOVE) return undefined;
  const shown = new Set(view.open);
  for (const p of view.ways) for (const q of pathUp(state, p).slice(1)) shown.add(q);
  if (view.room) fill(state, shown, new Set(view.shut ?? []), view.room);
  return (player) => shown.has(player);
}

/**
 * Opens more trees while their lines fit in `room`: the nearest the roots first (breadth
 * first, in reading order), never one folded with ←. A window of 50 rows shows more of the
 * forest than one of 24; the rest stays folded.
 */
function fill(state: LayersState, shown: Set<number>, shut: Set<number>, room: number): void {
  const { roots, first, next } = shapeOf(state.parent);
  const kids = (p: number) => {
    let k = 0;
    for (let c = first[p] as number; c !== -1; c = next[c] as number) k++;
    return k;
  };
  let rows = 0;
  const queue: number[] = Array.from(roots);
  const folded: number[] = [];
  // The lines drawn now, and the folded ones that could open.
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i] as number;
    rows++;
    if (shown.has(p))
      for (let c = first[p] as number; c !== -1; c = next[c] as number) queue.push(c);
    else if (first[p] !== -1 && !shut.has(p)) folded.push(p);
  }
  for (let i = 0; i < folded.length && rows < room; i++) {
    const p = folded[i] as number;
    const more = kids(p);
    if (rows + more > room) continue;
    shown.add(p);
    rows += more;
    for (let c = first[p] as number; c !== -1; c = next[c] as number)
      if (first[c] !== -1 && !shut.has(c)) folded.push(c);
  }
}

/**
 * Whose children a play screen draws: the ways to the cursor, the viewer and the player to act,
 * the viewer's own children, and the trees opened with →.
 */
export function playShown(
  play: Pick<LayersPlay, 'state' | 'cursor' | 'viewer' | 'open' | 'shut' | 'room'>,
): ((player: number) => boolean) | undefined {
  const acting = play.state.phase === 'turn' || play.state.phase === 'draw';
  const ways = [play.cursor, ...(play.viewer === null ? [] : [play.viewer])];
  if (acting) ways.push(current(play.state));
  const open = play.viewer === null ? play.open : [...play.open, play.viewer];
  return shownOf(play.state, { open, ways, shut: play.shut, room: play.room });
}

/** The rows a play screen's forest has now. */
export const playRows = (play: LayersPlay): ForestRow[] => forestRows(play.state, playShown(play));

const list = listPlayModel<LayersState, LayersEvent>({
  rules: layersGame as never,
  // The screens count players from 1 (the console keeps the seed's 0).
  describe: (before, event, after, names) => describeLayersEvent(before, event, after, 1, names),
  label: (_state, event) => event.type,
});

/** Whether a person of this screen decides now (a choice, not a draw of chance). */
export const personToAct = (play: Pick<LayersPlay, 'state' | 'seats' | 'own'>) =>
  (play.state.phase === 'turn' || play.state.phase === 'draw') && isPerson(play, toAct(play.state));

/** Whether `p` is a person of this screen: any person's at one keyboard, its own seat served. */
const isPerson = (play: Pick<LayersPlay, 'seats' | 'own'>, p: number) =>
  play.own !== null
    ? play.own.includes(p)
    : play.seats[p] !== undefined && play.seats[p]?.kind !== 'computer';

/** Where the cursor goes when a person's turn begins: its first opponent, else itself. */
function aimed(play: LayersPlay): number {
  if (play.state.phase !== 'turn' || !personToAct(play)) return play.cursor;
  const me = current(play.state);
  return opponentsOf(play.state, me)[0] ?? me;
}

/** `own`: the seats of a served screen (none for a spectator); absent at one keyboard. */
export function newLayersPlay(
  initial: LayersState,
  seats: readonly Seat[],
  log?: readonly string[],
  own?: readonly number[],
): LayersPlay {
  const first = own ? (own[0] ?? -1) : seats.findIndex((seat) => seat.kind !== 'computer');
  const fresh: LayersPlay = {
    ...list.init(initial, seats, log),
    cursor: Math.max(0, first),
    open: [],
    shut: [],
    room: 0,
    viewer: first >= 0 ? first : null,
    own: own ?? null,
    find: null,
    pinned: null,
    hurry: false,
  };
  return { ...fresh, cursor: aimed(fresh) };
}

/** The keys and the forest's signs, for the help page (the rules follow them). */
export const LAYERS_HELP: readonly string[] = [
  'Keys',
  '  ↑ ↓        move the cursor over the players, PgUp PgDn ten at a time,',
  '             Home End: its status shows, whoever plays (looking is free)',
  '  → ←        open a folded tree (+N: the players under it), fold it again',
  '  y          your own place        /  a player by its number, then Enter',
  '  Enter      fight the player under the cursor (those you may fight: •)',
  '  Tab        the next player you may fight',
  '  r          rest (not twice in a row)',
  '  f  e       after a draw, when you were challenged: fight back, or escape',
  '  n          the computers play at once until a person’s turn (l: their log)',
  '  h          a hint: the strong computer’s choice and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
  '',
  'The forest: ◆ a root, ▶ the player to play, * a person, • one you may fight;',
  'each line is a player, its layer (L) and experience. Your own fight stays',
  'shown until you press a key; the others are in the log.',
];

export function layersKey(play: LayersPlay, key: Key): LayersAction | undefined {
  const action = keyAction(play, key);
  // The dispatcher's own requests (a hint, quitting, the help) go to it as they are.
  if (play.pinned === null || (action && !action.type.startsWith('layers'))) return action;
  return { type: 'layersPlay/unpinned', then: action };
}

function keyAction(play: LayersPlay, key: Key): LayersAction | undefined {
  if (play.overlay === null && play.find !== null) {
    // Finding a player: its number, Enter to go there, Esc to stop.
    if (/^[0-9]$/.test(key) && play.find.length < 4)
      return { type: 'layersPlay/findTyped', text: play.find + key };
    if (key === 'backspace') return { type: 'layersPlay/findTyped', text: play.find.slice(0, -1) };
    if (key === 'enter') return { type: 'layersPlay/found' };
    return { type: 'layersPlay/findTyped', text: null };
  }
  // Looking is free, whoever is to act.
  if (play.overlay === null) {
    if (key === 'up') return { type: 'layersPlay/cursorMoved', rows: -1 };
    if (key === 'down') return { type: 'layersPlay/cursorMoved', rows: 1 };
    if (key === 'pageup') return { type: 'layersPlay/cursorMoved', rows: -10 };
    if (key === 'pagedown') return { type: 'layersPlay/cursorMoved', rows: 10 };
    if (key === 'home') return { type: 'layersPlay/cursorMoved', rows: -Infinity };
    if (key === 'end') return { type: 'layersPlay/cursorMoved', rows: Infinity };
    if (key === 'right') return { type: 'layersPlay/folded', open: true };
    if (key === 'left') return { type: 'layersPlay/folded', open: false };
    if (key === 'y') return { type: 'layersPlay/mine' };
    if (key === '/') return { type: 'layersPlay/findTyped', text: '' };
    if (key === 'n' && layersGame.outcome(play.state).status === 'running')
      return { type: 'layersPlay/hurried' };
  }
  // No take-back in Layers: nearly every choice draws a fight's number at once, seen by all.
  if (key === 'u' && play.overlay === null) return undefined;
  if (!personToAct(play) || play.overlay !== null) return list.key(play, key);
  const shared = frameKey(play.overlay, true, key);
  if (shared !== undefined) return shared ?? undefined;
  if (play.state.phase === 'draw') {
    if (key === 'f' || key === '1') return { type: 'layers/foughtBack' };
    if (key === 'e' || key === '2') return { type: 'layers/escaped' };
    if (key === 'h') return { type: 'play/hintRequested' };
    return key === 'enter'
      ? { type: 'play/noticeShown', notice: 'A draw: f to fight back, e to escape.' }
      : undefined;
  }
  switch (key) {
    case 'enter':
    case 'space':
      return { type: 'layersPlay/playerPressed' };
    case 'tab':
      return { type: 'layersPlay/nextOpponent' };
    case 'r':
      return { type: 'layers/rested' };
    case 'h':
      return { type: 'play/hintRequested' };
    default:
      return undefined;
  }
}

/** Enter on the cursor's player: a challenge if one may fight it, else why not. */
function pressed(play: LayersPlay): LayersPlay {
  const me = current(play.state);
  const target = play.cursor;
  if (opponentsOf(play.state, me).includes(target))
    return { ...play, ...wanting<LayersEvent>({ type: 'layers/challenged', opponent: target }) };
  const why =
    target === me
      ? 'That is you: Tab finds a player marked • to fight, or r rests.'
      : (layersGame.check(play.state, { type: 'layers/challenged', opponent: target }) ?? '');
  return { ...play, notice: why };
}

/**
 * After the list model took an event: a person's own fight is kept shown; a person's new turn
 * aims the cursor at an opponent, shows that person's place, and ends a hurry.
 */
function settled(before: LayersPlay, after: LayersPlay): LayersPlay {
  // Nothing told (a key of the model's own): nothing to settle. (Not the events' length:
  // applyAll grows one array under every step.)
  if (after.state === before.state) return after;
  const pinned = pinnedAfter(before, after);
  if (!personToAct(after)) return { ...after, pinned };
  // A served screen's place is its own seat's, whoever acts.
  const who = after.own === null ? toAct(after.state) : after.viewer;
  return { ...after, pinned, cursor: aimed(after), viewer: who, hurry: false };
}

/** A person's own fight just ended (not a draw waiting for its answer): it is kept shown. */
function pinnedAfter(before: LayersPlay, after: LayersPlay): FightResult | null {
  const last = after.state.last;
  // A fight ends with its number, or after a draw with the answer (an escape draws none).
  const ended = last !== before.state.last || before.state.phase === 'draw';
  if (!last || !ended || after.state.phase === 'draw') return before.pinned;
  return isPerson(after, last.attacker) || isPerson(after, last.defender) ? last : before.pinned;
}

/**
 * A batch of events the table told (the round's order drawn, the computers playing after n):
 * each settled as it would be alone, the events and the log copied once for them all.
 */
export const toldLayersPlay = (
  play: LayersPlay,
  told: readonly Told<LayersState, LayersEvent>[],
): LayersPlay => list.applyAll(play, told, settled);

export function reduceLayersPlay(play: LayersPlay, action: LayersAction): LayersPlay {
  switch (action.type) {
    case 'layersPlay/cursorMoved': {
      const order = forestOrder(play.state, playShown(play));
      const at = Math.max(0, order.indexOf(play.cursor));
      const to = Math.max(0, Math.min(order.length - 1, at + action.rows));
      return { ...play, cursor: order[to] ?? play.cursor, notice: null };
    }
    case 'layersPlay/folded': {
      const c = play.cursor;
      const shut = play.shut.filter((p) => p !== c);
      const open = play.open.filter((p) => p !== c);
      if (!play.state.parent.includes(c)) {
        // A player with no tree of its own: → does nothing, ← goes up to its parent.
        const up = play.state.parent[c];
        return action.open || up === null || up === undefined
          ? play
          : { ...play, cursor: up, notice: null };
      }
      if (action.open) return { ...play, open: [...open, c], shut, notice: null };
      // ←: fold the cursor's tree (a second ← goes up to its parent).
      if (play.shut.includes(c)) {
        const up = play.state.parent[c];
        return up === null || up === undefined ? play : { ...play, cursor: up, notice: null };
      }
      return { ...play, open, shut: [...shut, c], notice: null };
    }
    case 'layersPlay/roomSet':
      return play.room === action.rows ? play : { ...play, room: action.rows };
    case 'layersPlay/mine':
      return play.viewer === null
        ? {
            ...play,
            notice:
              play.own !== null
                ? 'You are watching: no place of yours to go to.'
                : 'Every seat is the computer’s: no place of yours to go to.',
          }
        : { ...play, cursor: play.viewer, notice: null };
    case 'layersPlay/findTyped':
      return { ...play, find: action.text, notice: null };
    case 'layersPlay/found': {
      const n = play.state.options.players;
      const wanted = Number(play.find);
      if (play.find === '' || !Number.isInteger(wanted) || wanted < 1 || wanted > n)
        return { ...play, find: null, notice: `Players are 1 to ${n}.` };
      return { ...play, find: null, cursor: wanted - 1, notice: null };
    }
    case 'layersPlay/unpinned': {
      const put = { ...play, pinned: null };
      return action.then ? reduceLayersPlay(put, action.then) : put;
    }
    case 'layersPlay/hurried':
      return personToAct(play)
        ? { ...play, notice: 'Your turn: the computers wait for you.' }
        : { ...play, hurry: true, notice: 'The computers play at once until a person’s turn.' };
    case 'layersPlay/nextOpponent': {
      // In reading order: the parent alone, or the other roots by number.
      const foes = opponentsOf(play.state, current(play.state));
      if (foes.length === 0)
        return { ...play, notice: 'Nobody to fight: you are the root of everyone. r rests.' };
      const at = foes.indexOf(play.cursor);
      return { ...play, cursor: foes[(at + 1) % foes.length] as number, notice: null };
    }
    case 'layersPlay/playerPressed':
      return pressed(play);
    case 'layers/rested':
      if (!mayRest(play.state, current(play.state)))
        return {
          ...play,
          notice: 'You rested on your previous turn: successive rests are not allowed. Fight!',
        };
      return { ...play, ...wanting<LayersEvent>(action) };
    case 'layers/foughtBack':
    case 'layers/escaped':
      return { ...play, ...wanting<LayersEvent>(action) };
    case 'play/hintShown': {
      const event = action.event;
      const cursor = event.type === 'layers/challenged' ? event.opponent : play.cursor;
      return { ...play, cursor, notice: action.notice };
    }
    default:
      return settled(play, list.reduce(play, action) as LayersPlay);
  }
}
