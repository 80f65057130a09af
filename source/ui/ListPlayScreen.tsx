/**
 * The move list's play screen, for a game with no board to point at yet: the game's board as text
 * lines beside a panel with whose turn it is, the move list, the log and the keys, on the
 * default play screen.
 */
import { Box, Text } from '../render/components.js';
import { useMemo } from 'react';
import type { GameEvent } from '../engine/game.js';
import { type ListAction, type ListFace, type ListPlay, listPlayModel } from './list-play.js';
import type { Session } from '../table/session.js';
import type { TableGame } from '../table/table.js';
import { FRAME_HELP, type PlayProps } from './play-session.js';
import { type PlayFace, PlayScreen, savedToFile } from './PlayScreen.js';
import { displayWidth, lastLines } from './text.js';
import { Styled } from './theme.js';

export const LIST_KEYS: readonly string[] = [
  'Keys',
  '  Space      throw or roll, when it is due',
  '  ↑ ↓ or 1-9 choose a move       Enter  make it',
  '  u          take back your last move, with the computer’s reply (never a throw)',
  '  s          save and leave (a game with a save file of its own)',
  '  h          a hint: the strong computer’s move and why',
  '  ?          this help    q  quit (asks first)    Ctrl+C  quit now',
  ...FRAME_HELP,
];

export interface ListScreenFace<S, E extends GameEvent> extends ListFace<S, E>, TableGame<S, E> {
  readonly title: string;
  readonly rulesText: string;
  /** The board as plain lines. */
  board(state: S, names: readonly string[]): string[];
}

export function ListPlayScreen<S, E extends GameEvent>({
  face,
  props,
}: {
  face: ListScreenFace<S, E>;
  props: PlayProps<S>;
}) {
  const screen = useMemo(() => listScreenFace(face), [face]);
  return <PlayScreen face={screen} props={props} />;
}

/** The move list's face on the default play screen: its board as lines, and the list beside it. */
function listScreenFace<S, E extends GameEvent>(
  face: ListScreenFace<S, E>,
): PlayFace<S, E, ListPlay<S, E>, ListAction<E, S>> {
  const model = listPlayModel(face);
  const { rules } = face;
  const names = (session: Session<S>) => session.seats.map((s) => s.name);
  return {
    title: face.title,
    keys: LIST_KEYS,
    rulesText: face.rulesText,
    knowledge: face,
    init: (session) => model.init(session.initial, session.seats, session.log),
    reduce: model.reduce,
    key: model.key,
    // A game saved to its own file (Start.save): `s`, and the quit question offers it.
    save: savedToFile,
    saving: (_, { session }) => (session.save ? 'now' : undefined),
    board: (play, { session }) => (
      <Box borderStyle="round" paddingX={1} flexDirection="column" flexShrink={0}>
        {face.board(play.state, names(session)).map((line, i) => (
          <Text key={i}>{line || ' '}</Text>
        ))}
      </Box>
    ),
    panel(play, { session, width, height }) {
      const outcome = rules.outcome(play.state);
      const seat = rules.toAct(play.state);
      const legal = outcome.status === 'running' ? rules.legalEvents(play.state) : [];
      const due = rules.chance(play.state) !== undefined;
      const who = names(session);
      const board = face.board(play.state, who);
      const boardWidth = Math.max(0, ...board.map(displayWidth)) + 4;
      // The panel takes what the board leaves (a 9 × 9 Kono board is 40 columns wide).
      return (
        <Panel play={play} width={Math.max(30, Math.min(56, width - boardWidth))} rows={height - 2}>
          {outcome.status === 'running' ? (
            <Text wrap="truncate-end">
              <Styled seat={seat} bold>
                ▶ {who[seat]}
              </Styled>{' '}
              {due ? 'to throw (Space)' : 'to move'}
            </Text>
          ) : (
            <Styled bold>
              ★ {outcome.status === 'won' ? `${who[outcome.winner]} wins!` : 'The game is over.'} ★
            </Styled>
          )}
          {listWindow(legal.length, play.choice).map((i) => (
            <Text key={i} wrap="truncate-end" inverse={i === play.choice}>
              {i === play.choice ? '▸' : ' '} {String(i + 1).padStart(legal.length > 9 ? 2 : 1)}.{' '}
              {face.label(play.state, legal[i] as E, who)}
            </Text>
          ))}
          {legal.length > LIST_ROWS ? (
            <Text dimColor>{`  ${legal.length} choices: ↑↓ scroll`}</Text>
          ) : null}
        </Panel>
      );
    },
  };
}

/** Moves shown at once; a longer list scrolls with the choice. */
const LIST_ROWS = 9;

/** The indices of the moves shown: a window of the list that keeps the choice in view. */
export function listWindow(total: number, choice: number): number[] {
  const start = Math.max(0, Math.min(choice - Math.floor(LIST_ROWS / 2), total - LIST_ROWS));
  return Array.from({ length: Math.min(total, LIST_ROWS) }, (_, k) => start + k);
}

function Panel<S, E>({
  play,
  width,
  rows,
  children,
}: {
  play: ListPlay<S, E>;
  width: number;
  rows: number;
  children: React.ReactNode;
}) {
  const logLines = Math.max(1, Math.min(8, rows - 16));
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      {children}
      <Text dimColor>{'─'.repeat(Math.max(0, width - 4))}</Text>
      <Box flexDirection="column" height={logLines} overflow="hidden">
        {lastLines(play.log, width - 4, logLines).map((line, i) => (
          <Text key={i} wrap="truncate-end">
            {line || ' '}
          </Text>
        ))}
      </Box>
      <Styled colour="yellow">{play.notice ?? ' '}</Styled>
      <Text dimColor>Space throw · ↑↓ move · Enter · u undo · h hint · ? help · q quit</Text>
    </Box>
  );
}
