import { Box, Text } from '../../../render/components.js';
import { TextField } from '../../../ui/TextField.js';
import { Styled } from '../../../ui/theme.js';
import { COLOUR_NAMES, YOTE_OPTIONS } from '../rules.js';
import { GLYPH, SIDE_SEAT } from './board-layout.js';
import {
  kindRowPlayer,
  NAME_LENGTH,
  nameRowPlayer,
  ROW,
  type YoteSetupForm,
  yoteDefaultName,
  yoteNameField,
} from './setup-model.js';

const quiet = YOTE_OPTIONS.quietTurns;

export function YoteSetup({ form }: { form: YoteSetupForm }) {
  const label = (row: number, text: string) => (
    <Styled colour={form.focus === row ? 'cyan' : undefined} bold={form.focus === row}>
      {form.focus === row ? '▸ ' : '  '}
      {text.padEnd(13)}
    </Styled>
  );
  const arrows = (row: number, text: string) => (
    <Text>
      {form.focus === row ? '◀ ' : '  '}
      <Text bold>{text}</Text>
      {form.focus === row ? ' ▶' : ''}
    </Text>
  );
  const colourOf = (player: number) => (player === 0 ? form.firstColour : 1 - form.firstColour);
  const player = (i: number) => (
    <Box key={i} flexDirection="column">
      <Text wrap="truncate-end">
        {label(2 * i, `Player ${i + 1}`)}
        <Styled seat={SIDE_SEAT[colourOf(i)]} bold>
          {GLYPH[colourOf(i)]}{' '}
        </Styled>
        <TextField
          field={
            nameRowPlayer(form) === i
              ? yoteNameField(form, i)
              : { value: form.names[i] ?? '', cursor: 0 }
          }
          focus={nameRowPlayer(form) === i}
          max={NAME_LENGTH}
          placeholder={yoteDefaultName(form, i)}
        />
      </Text>
      <Text wrap="truncate-end">
        {label(2 * i + 1, '  played by')}
        {kindRowPlayer(form) === i ? '◀ ' : '  '}
        <Text bold>
          {form.kinds[i] === 'human' ? 'a person' : `the computer (${form.kinds[i]})`}
        </Text>
        {kindRowPlayer(form) === i ? ' ▶' : ''}
      </Text>
    </Box>
  );
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={66}>
      <Text bold>Yoté · new game</Text>
      <Text dimColor wrap="truncate-end">
        5 × 6 board, twelve pieces each · White plays first
      </Text>
      <Text> </Text>
      {player(0)}
      {player(1)}
      <Text wrap="truncate-end">
        {label(ROW.colour, 'Player 1 is')}
        {arrows(
          ROW.colour,
          `${COLOUR_NAMES[form.firstColour]}${form.firstColour === 0 ? ' (plays first)' : ''}`,
        )}
      </Text>
      <Text wrap="truncate-end">
        {label(ROW.quiet, quiet.label)}
        {arrows(ROW.quiet, quiet.words(form.quietTurns))}
      </Text>
      <Text dimColor wrap="truncate-end">
        {'               '}
        {quiet.note}
      </Text>
      <Text> </Text>
      <Styled
        colour={form.focus === ROW.start ? 'cyan' : undefined}
        bold={form.focus === ROW.start}
      >
        {form.focus === ROW.start ? '▸ ' : '  '}Start the game
      </Styled>
      <Text> </Text>
      <Styled colour="yellow">{form.problem ?? ' '}</Styled>
      <Text dimColor>↑↓ choose · ←→ change · type a name · Enter · Esc back</Text>
    </Box>
  );
}
