/**
 * The Layers play screen: the forest drawn as trees (each player's number in its colour, its
 * layer and experience; roots ◆, the player to act ▶, those it may fight •, the cursor's line
 * inverse), scrolling with the cursor when it is taller than the window; beside it the turn, the
 * round's order with the current place, the cursor's player's status and the odds of fighting
 * it, the last fight as a bar of its win, lose and draw intervals with the number on it, the log
 * and the keys. On the shared dispatcher, which draws the order and the numbers as they are due.
 */
import { Box, Text } from 'ink';
import { type ReactNode, useCallback, useMemo } from 'react';
import { FRAME_HELP, OVER_KEYS, type PlayProps, usePlaySession } from '../../../ui/play-session.js';
import { PanelTail } from '../../../ui/PanelParts.js';
import { PlayFrame } from '../../../ui/PlayFrame.js';
import { helpLines } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import { odds } from '../bot.js';
import { layersCore } from '../core.js';
import { RULES_TEXT } from '../rules-text.js';
import {
  afterRest,
  current,
  type FightResult,
  type LayersEvent,
  type LayersState,
  mayRest,
  opponentsOf,
  toAct,
  top,
} from '../rules.js';
import {
  forestRows,
  type LayersAction,
  layersKey,
  type LayersPlay,
  newLayersPlay,
  reduceLayersPlay,
} from './play.js';

export const LAYERS_HELP: readonly string[] = [
  'Keys',
  '  ↑ ↓        move the cursor over the players, PgUp PgDn ten at a time:',
  '             its status shows, whoever is to play (looking is free)',
  '  Enter      fight the player under the cursor (those you may fight: •)',
  '  Tab        the next player you may fight',
  '  r          rest (not twice in a row)',
  '  f  e       after a draw, when you were challenged: fight back, or escape',
  '  h          a hint: the strong computer’s choice and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  FRAME_HELP,
];

const FOREST_WIDTH = 30;

export function LayersGame(props: PlayProps<LayersState>) {
  const { session, width, height } = props;
  const help = useMemo(() => helpLines(LAYERS_HELP, RULES_TEXT, Math.min(width, 90) - 4), [width]);
  const init = useCallback(
    () => newLayersPlay(session.initial, session.seats, session.log),
    [session],
  );
  const { play, helpScroll } = usePlaySession<LayersState, LayersEvent, LayersPlay, LayersAction>({
    knowledge: layersCore,
    props,
    init,
    reduce: reduceLayersPlay,
    key: layersKey,
    helpLines: help,
  });
  const panelWidth = Math.max(36, Math.min(60, width - FOREST_WIDTH - 4));
  return (
    <PlayFrame
      title="Layers"
      help={help}
      overlay={play.overlay}
      log={play.log}
      helpScroll={helpScroll}
      width={width}
      height={height}
    >
      <Box>
        <Box
          borderStyle="round"
          paddingX={1}
          flexDirection="column"
          width={FOREST_WIDTH + 4}
          height={height}
          flexShrink={0}
        >
          <Forest state={play.state} cursor={play.cursor} rows={height - 2} />
        </Box>
        <LayersPanel play={play} width={panelWidth} rows={height} />
      </Box>
    </PlayFrame>
  );
}

/** The forest's lines, a window of them around the cursor when they do not all fit. */
export function Forest({
  state,
  cursor,
  rows,
}: {
  state: LayersState;
  cursor?: number | undefined;
  rows: number;
}) {
  const all = forestRows(state);
  const acting = state.phase === 'turn' || state.phase === 'fight' || state.phase === 'draw';
  const me = acting ? current(state) : -1;
  const foes = new Set(state.phase === 'turn' ? opponentsOf(state, me) : []);
  const roots = all.filter((r) => state.parent[r.player] === null).length;
  const onTop = top(state);
  const room = Math.max(1, rows - 1);
  const at = Math.max(
    0,
    all.findIndex((r) => r.player === cursor),
  );
  const start = Math.max(0, Math.min(at - Math.floor(room / 2), all.length - room));
  const shown = all.slice(start, start + room);
  return (
    <>
      <Text dimColor wrap="truncate-end">
        {onTop !== null
          ? `One tree, player ${onTop + 1} on top ${state.onTop[onTop] ?? 0}/${state.options.turns}`
          : `${roots} trees${all.length > room ? ` · ${start + 1}–${start + shown.length} of ${all.length}` : ''}`}
      </Text>
      {shown.map(({ player, prefix }) => {
        const root = state.parent[player] === null;
        const mark = player === me ? '▶' : root ? '◆' : ' ';
        return (
          <Text key={player} wrap="truncate-end" inverse={player === cursor}>
            <Text bold={player === me}>{mark}</Text>
            <Text dimColor>{prefix}</Text>
            <Styled seat={player} bold>
              {player + 1}
            </Styled>
            <Text dimColor>
              {' '}
              L{state.layer[player]} {Math.round(state.experience[player] ?? 0)}
            </Text>
            {foes.has(player) ? <Styled colour="green"> •</Styled> : null}
          </Text>
        );
      })}
    </>
  );
}

/** The round's order with the current place in brackets, cut to the width around it. */
function orderLine(state: LayersState, width: number): string {
  if (state.order.length === 0) return 'Order: being drawn';
  const acting = state.phase !== 'order' && state.phase !== 'over';
  const parts = state.order.map((p, i) =>
    i === state.position && acting ? `[${p + 1}]` : String(p + 1),
  );
  let text = parts.join(' ');
  const room = width - 7;
  if (text.length > room) {
    const at = Math.max(0, text.indexOf('['));
    const from = Math.max(0, Math.min(at - Math.floor(room / 3), text.length - room));
    text = `${from > 0 ? '…' : ''}${text.slice(from + (from > 0 ? 1 : 0), from + room - 1)}…`;
  }
  return `Order: ${text}`;
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

function LayersPanel({ play, width, rows }: { play: LayersPlay; width: number; rows: number }) {
  const { state, seats } = play;
  const inner = width - 4;
  const over = state.phase === 'over';
  const seat = toAct(state);
  const person = seats[seat]?.kind !== 'computer';
  const me = current(state);
  const heading = over
    ? `★ Player ${(state.winner ?? 0) + 1} wins: on top for ${state.options.turns} turns in a row`
    : state.phase === 'order'
      ? `Round ${state.round}: the order is being drawn`
      : state.phase === 'draw'
        ? `▶ Player ${seat + 1}: a draw — fight back or escape`
        : person
          ? `▶ Player ${me + 1} to choose: fight or rest`
          : `▶ Player ${me + 1} (the computer) is choosing`;
  const c = play.cursor;
  const children = state.parent.filter((p) => p === c).length;
  const status = `Player ${c + 1}: L${state.layer[c]}, ${Math.round(state.experience[c] ?? 0)}, ${
    state.parent[c] === null ? 'root' : `child of ${(state.parent[c] ?? 0) + 1}`
  }, ${children} ${children === 1 ? 'child' : 'children'}${state.rested[c] ? ', rested' : ''}`;
  let action = ' ';
  if (state.phase === 'turn' && person) {
    if (opponentsOf(state, me).includes(c)) {
      const p = odds(state, { attacker: me, defender: c, back: false });
      action = `Enter: fight ${c + 1} · win ${pct(p.win)} lose ${pct(p.lose)} draw ${pct(p.draw)}`;
    } else action = c === me ? 'you: Tab finds someone to fight' : `you may not fight ${c + 1}`;
  } else if (state.phase === 'draw' && person) action = 'f: fight back · e: escape';
  const rest =
    state.phase === 'turn' && person
      ? mayRest(state, me)
        ? `r: rest, ${Math.round(state.experience[me] ?? 0)} → ${Math.round(afterRest(state.experience[me] ?? 100))}`
        : 'no rest: you rested last turn'
      : ' ';
  const fight = fightLines(state.last, inner);
  const keys = over
    ? OVER_KEYS
    : ['↑↓ look · Enter fight · Tab next · r rest', 'f e after a draw · h hint · ? · q quit'];
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      <Text bold wrap="truncate-end">
        {heading}
      </Text>
      <Text dimColor wrap="truncate-end">
        Round {state.round} · turn {Math.min(state.position + 1, state.options.players)}/
        {state.options.players} · {state.options.turns} turns on top win
      </Text>
      <Text wrap="truncate-end">{orderLine(state, inner)}</Text>
      <Text dimColor>{'─'.repeat(Math.max(0, inner))}</Text>
      <Text wrap="truncate-end">{status}</Text>
      <Text wrap="truncate-end">
        <Styled colour={action.startsWith('Enter') ? 'green' : undefined}>{action}</Styled>
      </Text>
      <Text wrap="truncate-end" dimColor>
        {rest}
      </Text>
      <Text dimColor>{'─'.repeat(Math.max(0, inner))}</Text>
      {fight}
      <PanelTail
        log={play.log}
        width={inner}
        rows={Math.max(1, Math.min(20, rows - 17 - fight.length))}
        notice={play.notice}
        keys={keys}
      />
    </Box>
  );
}

/** The last fight: who fought whom, the three intervals as a bar with the number on it, the outcome. */
export function fightLines(last: FightResult | null, width: number): ReactNode[] {
  if (!last)
    return [
      <Text key="none" dimColor>
        No fight yet this game.
      </Text>,
    ];
  const { win, lose, draw } = last.intervals;
  const total = win + lose + draw;
  const cells = Math.max(10, width);
  const w = Math.round((win / total) * cells);
  const l = Math.round((lose / total) * cells);
  const d = Math.max(0, cells - w - l);
  const at = Math.min(cells - 1, Math.floor((last.number / total) * cells));
  const label = String(last.number);
  const pointer = `${' '.repeat(Math.max(0, Math.min(at, cells - label.length - 1)))}▼${label}`;
  return [
    <Text key="who" wrap="truncate-end">
      {last.attacker + 1} vs {last.defender + 1}
      {last.back ? ' (fought back)' : ''}: win {win} · lose {lose} · draw {draw}
    </Text>,
    <Text key="at" wrap="truncate-end">
      {pointer}
    </Text>,
    <Text key="bar" wrap="truncate-end">
      <Styled colour="green">{'█'.repeat(w)}</Styled>
      <Styled colour="red">{'▓'.repeat(l)}</Styled>
      <Styled colour="yellow">{'░'.repeat(d)}</Styled>
    </Text>,
    <Text key="out" bold wrap="truncate-end">
      Random number is {last.number}, {last.result}!
    </Text>,
  ];
}
