/**
 * The Layers play screen as a pure model: the game's events and log (the shared list model's),
 * and a cursor over the forest's players. Looking is free: the cursor shows any player's status;
 * Enter on a player one may fight challenges it, `r` rests, Tab jumps to the next opponent, and
 * after a draw the challenged player answers with `f` (fight back) or `e` (escape).
 */
import type { Seat } from '../../../engine/seats.js';
import type { Key } from '../../../ui/keys.js';
import { type ListAction, type ListPlay, listPlayModel } from '../../../ui/list-play.js';
import { frameKey } from '../../../ui/play-session.js';
import { describeLayersEvent } from '../describe.js';
import {
  current,
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
}

export type LayersAction =
  | ListAction<LayersEvent>
  | { readonly type: 'layersPlay/cursorMoved'; readonly rows: number }
  | { readonly type: 'layersPlay/nextOpponent' }
  | { readonly type: 'layersPlay/playerPressed' };

/** One line of the forest: a player, its depth, and the branch lines before it. */
export interface ForestRow {
  readonly player: number;
  /** `├─`, `└─` and `│ ` runs before the player's number; empty for a root. */
  readonly prefix: string;
}

/** The forest in reading order: each root (by number) and its tree depth first. */
export function forestRows(state: LayersState): ForestRow[] {
  const n = state.options.players;
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let p = 0; p < n; p++) {
    const parent = state.parent[p];
    if (parent !== null && parent !== undefined) children[parent]?.push(p);
  }
  const rows: ForestRow[] = [];
  const visit = (p: number, lead: string, last: boolean, root: boolean) => {
    rows.push({ player: p, prefix: root ? '' : `${lead}${last ? '└─' : '├─'}` });
    const kids = children[p] ?? [];
    const next = root ? '' : `${lead}${last ? '  ' : '│ '}`;
    kids.forEach((c, i) => visit(c, next, i === kids.length - 1, false));
  };
  for (let p = 0; p < n; p++) if (state.parent[p] === null) visit(p, '', true, true);
  return rows;
}

const list = listPlayModel<LayersState, LayersEvent>({
  rules: layersGame as never,
  // The screens count players from 1 (the console keeps the seed's 0).
  describe: (before, event, after, names) => describeLayersEvent(before, event, after, 1, names),
  label: (_state, event) => event.type,
});

/** Whether a person decides now (a choice, not a draw of chance). */
const personToAct = (play: LayersPlay) =>
  (play.state.phase === 'turn' || play.state.phase === 'draw') &&
  play.seats[toAct(play.state)]?.kind !== 'computer';

/** Where the cursor goes when a person's turn begins: its first opponent, else itself. */
function aimed(play: LayersPlay): number {
  if (play.state.phase !== 'turn' || !personToAct(play)) return play.cursor;
  const me = current(play.state);
  return opponentsOf(play.state, me)[0] ?? me;
}

export function newLayersPlay(
  initial: LayersState,
  seats: readonly Seat[],
  log?: readonly string[],
): LayersPlay {
  const fresh: LayersPlay = { ...list.init(initial, seats, log), cursor: 0 };
  return { ...fresh, cursor: aimed(fresh) };
}

export function layersKey(play: LayersPlay, key: Key): LayersAction | undefined {
  // Looking is free, whoever is to act.
  if (play.overlay === null) {
    if (key === 'up') return { type: 'layersPlay/cursorMoved', rows: -1 };
    if (key === 'down') return { type: 'layersPlay/cursorMoved', rows: 1 };
    if (key === 'pageup') return { type: 'layersPlay/cursorMoved', rows: -10 };
    if (key === 'pagedown') return { type: 'layersPlay/cursorMoved', rows: 10 };
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
    return settled(
      play,
      list.reduce(play, { type: 'layers/challenged', opponent: target }) as LayersPlay,
    );
  const why =
    target === me
      ? 'That is you: Tab finds a player marked • to fight, or r rests.'
      : (layersGame.check(play.state, { type: 'layers/challenged', opponent: target }) ?? '');
  return { ...play, notice: why };
}

/** After the list model took an event: a person's new turn aims the cursor at an opponent. */
function settled(before: LayersPlay, after: LayersPlay): LayersPlay {
  if (after.events.length === before.events.length) return after;
  return { ...after, cursor: aimed(after) };
}

export function reduceLayersPlay(play: LayersPlay, action: LayersAction): LayersPlay {
  switch (action.type) {
    case 'layersPlay/cursorMoved': {
      const rows = forestRows(play.state);
      const at = Math.max(
        0,
        rows.findIndex((r) => r.player === play.cursor),
      );
      const to = Math.max(0, Math.min(rows.length - 1, at + action.rows));
      return { ...play, cursor: rows[to]?.player ?? play.cursor, notice: null };
    }
    case 'layersPlay/nextOpponent': {
      const foes = new Set(opponentsOf(play.state, current(play.state)));
      const rows = forestRows(play.state).filter((r) => foes.has(r.player));
      if (rows.length === 0)
        return { ...play, notice: 'Nobody to fight: you are the root of everyone. r rests.' };
      const at = rows.findIndex((r) => r.player === play.cursor);
      return { ...play, cursor: (rows[(at + 1) % rows.length] as ForestRow).player, notice: null };
    }
    case 'layersPlay/playerPressed':
      return pressed(play);
    case 'layers/rested':
      if (!mayRest(play.state, current(play.state)))
        return {
          ...play,
          notice: 'You rested on your previous turn: successive rests are not allowed. Fight!',
        };
      return settled(play, list.reduce(play, action) as LayersPlay);
    case 'play/hintShown': {
      const event = action.event;
      const cursor = event.type === 'layers/challenged' ? event.opponent : play.cursor;
      return { ...play, cursor, notice: action.notice };
    }
    default:
      return settled(play, list.reduce(play, action) as LayersPlay);
  }
}
