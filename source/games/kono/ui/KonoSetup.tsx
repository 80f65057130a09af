/** The Kono setup screen: the form's rows, drawn from its pure model (setup-model.ts). */
import { Box, Text } from '../../../render/components.js';
import { rowWords } from '../../../engine/options.js';
import { kindWords } from '../../../ui/seats-form.js';
import { TextField } from '../../../ui/TextField.js';
import { Styled } from '../../../ui/theme.js';
import { KONO_OPTIONS } from '../rules.js';
import { type KonoSetupForm, rowsOf } from './setup-model.js';

/** The labels' width: the longest, "Seat 1 played by", and a space (the values line up after). */
const LABEL = 17;

export function KonoSetup({ form }: { form: KonoSetupForm }) {
  const rows = rowsOf(form);
  const label = (row: string, text: string) => {
    const on = rows[form.focus] === row;
    return (
      <Styled colour={on ? 'cyan' : undefined} bold={on}>
        {on ? '▸ ' : '  '}
        {text.padEnd(LABEL)}
      </Styled>
    );
  };
  const choice = (row: string, text: string) => (
    <Text>
      {rows[form.focus] === row ? '◀ ' : '  '}
      <Text bold>{text}</Text>
      {rows[form.focus] === row ? ' ▶' : ''}
    </Text>
  );
  const saved = form.loaded?.saved;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={70}>
      <Text bold>
        Kono · {form.file ? 'resume a tournament from a save file' : 'new tournament'}
      </Text>
      <Text dimColor wrap="truncate-end">
        Each seat a person or the computer (in a save: Human, Computer).
      </Text>
      <Text> </Text>
      {form.file ? (
        <Text wrap="truncate-end">
          {label('file', 'Save file')}
          <TextField
            field={form.file}
            focus={rows[form.focus] === 'file'}
            max={200}
            // The box's inside (70, less its border and padding) less the label's and its mark's.
            width={70 - 2 - 4 - 2 - LABEL}
          />
        </Text>
      ) : null}
      {saved ? (
        <Text dimColor wrap="truncate-end">
          {' '.repeat(2 + LABEL)}round {saved.round}, {saved.board.length} × {saved.board.length},
          seat 1 {saved.totals[0]} · seat 2 {saved.totals[1]}
        </Text>
      ) : null}
      <Text wrap="truncate-end">
        {label('kind0', 'Seat 1 played by')}
        {choice('kind0', kindWords(form.kinds[0]))}
      </Text>
      <Text wrap="truncate-end">
        {label('kind1', 'Seat 2 played by')}
        {choice('kind1', kindWords(form.kinds[1]))}
      </Text>
      {form.file ? null : (
        <>
          <Text wrap="truncate-end">
            {label('size', KONO_OPTIONS.size.label)}
            {choice('size', rowWords(KONO_OPTIONS.size, form.size || null))}
          </Text>
          <Text wrap="truncate-end">
            {label('quiet', KONO_OPTIONS.quietMoves.label)}
            {choice('quiet', rowWords(KONO_OPTIONS.quietMoves, form.quietMoves))}
          </Text>
        </>
      )}
      <Text> </Text>
      <Styled
        colour={rows[form.focus] === 'start' ? 'cyan' : undefined}
        bold={rows[form.focus] === 'start'}
      >
        {rows[form.focus] === 'start' ? '▸ ' : '  '}
        {form.file ? 'Resume the tournament' : 'Start the tournament'}
      </Styled>
      <Text> </Text>
      <Styled colour="yellow">{form.problem ?? ' '}</Styled>
      <Text dimColor>↑↓ choose · ←→ change · Enter · Esc back</Text>
    </Box>
  );
}
