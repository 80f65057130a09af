import { rowWords } from '../../../engine/options.js';
import { UR_OPTIONS } from '../rules.js';
import { Box, Text } from '../../../render/components.js';
import { pathFit } from '../../../ui/text.js';
import { TextField } from '../../../ui/TextField.js';
import { Styled } from '../../../ui/theme.js';
import {
  kindProblem,
  kindRowSide,
  NAME_LENGTH,
  nameRowSide,
  START_ROW,
  STONES_ROW,
  urDefaultName,
  type UrSetupForm,
  urNameField,
} from './setup-model.js';
import { seatColourOf } from './seat-colour.js';

export function UrSetup({ form, boardName }: { form: UrSetupForm; boardName: string }) {
  const label = (row: number, text: string) => (
    <Styled colour={form.focus === row ? 'cyan' : undefined} bold={form.focus === row}>
      {form.focus === row ? '▸ ' : '  '}
      {text.padEnd(12)}
    </Styled>
  );
  const side = (i: number) => (
    <Box key={i} flexDirection="column">
      <Text wrap="truncate-end">
        {label(2 * i, i === 0 ? 'White' : 'Black')}
        <Styled seat={seatColourOf(i)} bold>
          {i === 0 ? '○ ' : '● '}
        </Styled>
        <TextField
          field={
            nameRowSide(form) === i
              ? urNameField(form, i)
              : { value: form.names[i] ?? '', cursor: 0 }
          }
          focus={nameRowSide(form) === i}
          max={NAME_LENGTH}
          placeholder={urDefaultName(form, i)}
        />
      </Text>
      <Text wrap="truncate-end">
        {label(2 * i + 1, '  played by')}
        {kindRowSide(form) === i ? '◀ ' : '  '}
        <Text bold>
          {form.kinds[i] === 'human' ? 'a person' : `the computer (${form.kinds[i]})`}
        </Text>
        {kindRowSide(form) === i ? ' ▶' : ''}
        {kindProblem(form, i) !== undefined ? <Styled colour="yellow"> unavailable</Styled> : ''}
      </Text>
    </Box>
  );
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={64}>
      <Text bold>Royal Game of Ur · new game</Text>
      <Text dimColor wrap="truncate-end">
        {/* The box's inside less `board: `: a long path keeps its end (its folder and file). */}
        board: {pathFit(boardName, 64 - 2 - 4 - 7)}
      </Text>
      <Text> </Text>
      {side(0)}
      {side(1)}
      <Text wrap="truncate-end">
        {label(STONES_ROW, UR_OPTIONS.stones.label)}
        {form.focus === STONES_ROW ? '◀ ' : '  '}
        <Text bold>{rowWords(UR_OPTIONS.stones, form.stones)}</Text>
        {form.focus === STONES_ROW ? ' ▶' : ''}
      </Text>
      <Text> </Text>
      <Styled
        colour={form.focus === START_ROW ? 'cyan' : undefined}
        bold={form.focus === START_ROW}
      >
        {form.focus === START_ROW ? '▸ ' : '  '}Start the game
      </Styled>
      <Text> </Text>
      <Styled colour="yellow">
        {form.problem ?? kindProblem(form, 0) ?? kindProblem(form, 1) ?? ' '}
      </Styled>
      <Text dimColor>↑↓ choose · ←→ change · type a name · Enter · Esc back</Text>
    </Box>
  );
}
