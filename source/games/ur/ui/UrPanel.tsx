/** Ur's panel beside the board: whose turn, the dice, the stones to choose, both sides, the log, the keys. */
import { Box, Text } from '../../../render/components.js';
import { usePanelKeys } from '../../../ui/play-session.js';
import { firstLines, fit, lastLines } from '../../../ui/text.js';
import { Styled } from '../../../ui/theme.js';
import { placeWords, stoneName } from '../describe.js';
import { COLOUR_NAMES, type UrState } from '../rules.js';
import { choosable, type UrPlay, urPreview } from './play.js';
import { seatColourOf } from './seat-colour.js';

/** Both sides as the replay lists them: colour, name, stones waiting and off the board. */
export function ReplaySides({ state, names }: { state: UrState; names: readonly string[] }) {
  const counts = (c: number) => {
    const length = state.rules.board.paths[c]?.length ?? 0;
    const stones = state.stones[c] ?? [];
    return `waiting ${stones.filter((p) => p < 0).length}  off ${stones.filter((p) => p >= length).length}/${state.rules.stones}`;
  };
  return [0, 1].map((c) => (
    <Text key={c} wrap="truncate-end">
      <Styled seat={seatColourOf(c)} bold={state.turn === c}>
        {(COLOUR_NAMES[c] ?? '').padEnd(6)} {fit(names[c] ?? '', 12)}
      </Styled>{' '}
      {counts(c)}
    </Text>
  ));
}

const DIE = (d: number) => (d === 1 ? '◆' : '◇');

export function UrPanel({ play, width, rows }: { play: UrPlay; width: number; rows: number }) {
  const { state, seats } = play;
  const colour = state.turn;
  const over = state.phase === 'over';
  // A spectator's keys while the game runs; a finished game's for all.
  const keys = usePanelKeys(over, undefined);
  const preview = urPreview(state, play.stone);
  const counts = (c: number) => {
    const length = state.rules.board.paths[c]?.length ?? 0;
    const stones = state.stones[c] ?? [];
    return {
      waiting: stones.filter((p) => p < 0).length,
      off: stones.filter((p) => p >= length).length,
    };
  };
  const options = choosable(state);
  const inner = width - 4;
  // Everything but the log has a fixed height (16 lines with the borders) plus one per stone
  // listed: the log gets what is left of the screen, at least one line, wrapped, never cut.
  // The preview of the move: a rosette's words once, and on a second row where one is too
  // narrow (at 80 columns a rosette's was cut, as was a refusal).
  const previewRows = preview
    ? firstLines(
        [
          preview.problem ??
            [
              preview.bearsOff
                ? 'bears off'
                : `to ${placeWords(state, colour, preview.to ?? -1)}${preview.rosette ? (state.rules.extraRollOnRosette ? ': safe, rolls again' : ': safe') : ''}`,
              preview.captures !== undefined
                ? `captures ${stoneName(1 - colour, preview.captures)}`
                : '',
            ]
              .filter(Boolean)
              .join(', '),
        ],
        inner - 4,
        2,
      )
    : [''];
  const log = lastLines(
    play.log,
    inner,
    Math.max(1, Math.min(8, rows - 16 - (over ? 0 : options.length)) - (previewRows.length - 1)),
  );
  const nameWidth = Math.max(6, Math.min(12, inner - 34));
  return (
    <Box borderStyle="round" flexDirection="column" paddingX={1} width={width} flexShrink={0}>
      {over ? (
        <Styled seat={seatColourOf(state.winner ?? 0)} bold>
          ★ {seats[state.winner ?? 0]?.name} ({COLOUR_NAMES[state.winner ?? 0]}) wins! ★
        </Styled>
      ) : (
        <Text wrap="truncate-end">
          <Styled seat={seatColourOf(colour)} bold>
            ▶ {seats[colour]?.name} ({COLOUR_NAMES[colour]})
          </Styled>{' '}
          {state.phase === 'roll' ? 'to roll' : `to move ${state.roll}`}
        </Text>
      )}
      <Text>
        <Text dimColor>Dice </Text>
        {play.lastDice
          ? // Whose roll it shows: a computer's stays in sight after its turn.
            `${play.lastDice.dice.map(DIE).join(' ')}  = ${play.lastDice.dice.reduce<number>((a, d) => a + d, 0)}  (${COLOUR_NAMES[play.lastDice.colour]}'s roll)`
          : state.phase === 'move'
            ? 'rolled before the game was resumed'
            : 'not rolled yet'}
      </Text>
      <Text> </Text>
      {!over &&
        options.map((stone) => {
          const place = state.stones[colour]?.[stone] ?? -1;
          const waiting = (state.stones[colour] ?? []).filter((p) => p < 0).length;
          return (
            <Text
              key={stone}
              wrap="truncate-end"
              inverse={stone === play.stone && state.phase === 'move'}
            >
              {stone === play.stone ? '▸' : ' '} {stoneName(colour, stone)}{' '}
              {place < 0
                ? `off the board (${waiting} waiting)`
                : `on ${placeWords(state, colour, place)}`}
            </Text>
          );
        })}
      {previewRows.map((line, i) => (
        <Text key={i} wrap="truncate-end" dimColor={preview?.problem !== undefined}>
          <Text dimColor>{i === 0 ? '  → ' : '    '}</Text>
          {line.trimStart()}
        </Text>
      ))}
      <Text dimColor>{'─'.repeat(Math.max(0, width - 4))}</Text>
      {[0, 1].map((c) => (
        <Text key={c} wrap="truncate-end">
          <Styled seat={seatColourOf(c)} bold={c === colour}>
            {(COLOUR_NAMES[c] ?? '').padEnd(6)} {fit(seats[c]?.name ?? '', nameWidth)}
          </Styled>
          {` waiting ${counts(c).waiting}  off ${counts(c).off}/${play.state.rules.stones}`}
          {seats[c]?.kind === 'computer' ? (
            <Text dimColor> {seats[c]?.level ?? 'strong'}</Text>
          ) : null}
        </Text>
      ))}
      <Text dimColor>{'─'.repeat(Math.max(0, width - 4))}</Text>
      <Box flexDirection="column" height={log.length} overflow="hidden">
        {log.map((line, i) => (
          <Text key={i} wrap="truncate-end" dimColor={i < log.length - 2}>
            {line || ' '}
          </Text>
        ))}
      </Box>
      <Box height={2} overflow="hidden">
        <Styled colour="yellow">{play.notice ?? ' '}</Styled>
      </Box>
      <Text dimColor>{keys ? keys[0] : 'Space roll · ←→ stone · Enter move'}</Text>
      <Text dimColor>{keys ? keys[1] : 'u undo · h hint · ? help · q quit'}</Text>
    </Box>
  );
}
