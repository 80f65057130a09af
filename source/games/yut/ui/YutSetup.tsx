import { YUT_OPTIONS } from '../rules.js';
import { Box, Text } from '../../../render/components.js';
import type { ReactNode } from 'react';
import { TextField } from '../../../ui/TextField.js';
import { Styled } from '../../../ui/theme.js';
import { SEAT_LETTERS } from './board-layout.js';
import {
  kindRowSeat,
  defaultName,
  NAME_LENGTH,
  nameField,
  nameRowSeat,
  type SetupForm,
  startRow,
} from './setup-model.js';

export function YutSetup({ form }: { form: SetupForm }) {
  const row = (index: number, label: string, value: ReactNode) => (
    <Text key={index} wrap="truncate-end">
      <Styled colour={form.focus === index ? 'cyan' : undefined} bold={form.focus === index}>
        {form.focus === index ? '▸ ' : '  '}
        {label.padEnd(16)}
      </Styled>
      {value}
    </Text>
  );
  const chooser = (value: ReactNode, focused: boolean) => (
    <Text>
      {focused ? '◀ ' : '  '}
      <Text bold>{value}</Text>
      {focused ? ' ▶' : ''}
    </Text>
  );
  const editing = nameRowSeat(form);
  const choosing = kindRowSeat(form);
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={62}>
      <Text bold>Yut Nori · new game</Text>
      <Text> </Text>
      {row(0, YUT_OPTIONS.players.label, chooser(form.players, form.focus === 0))}
      {row(1, YUT_OPTIONS.pieces.label, chooser(form.pieces, form.focus === 1))}
      {form.names.slice(0, form.players).flatMap((name, i) => [
        row(
          2 + 2 * i,
          `Seat ${i + 1} name`,
          <Text>
            <Styled seat={i} bold>
              {SEAT_LETTERS[i]}
            </Styled>{' '}
            <TextField
              field={editing === i ? nameField(form, i) : { value: name, cursor: 0 }}
              focus={editing === i}
              max={NAME_LENGTH}
              placeholder={defaultName(form, i)}
            />
          </Text>,
        ),
        row(
          3 + 2 * i,
          '  played by',
          chooser(
            form.kinds[i] === 'human' || form.kinds[i] === undefined
              ? 'a person'
              : `the computer (${form.kinds[i]})`,
            choosing === i,
          ),
        ),
      ])}
      {row(startRow(form), 'Start the game', <Text> </Text>)}
      <Text> </Text>
      <Styled colour="yellow">{form.problem ?? ' '}</Styled>
      <Text dimColor>↑↓ choose · ←→ change · type a name · Enter · Esc back</Text>
    </Box>
  );
}
