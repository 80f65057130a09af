/** Layers' setup screen: the form's rows, the cursor's row with its arrows. */
import { Box, Text } from '../../../render/components.js';
import { useContext, useEffect } from 'react';
import { ServedContext } from '../../../ui/play-session.js';
import { Styled } from '../../../ui/theme.js';
import { LAYERS_OPTIONS } from '../rules.js';
import { helpLines } from '../../../ui/text.js';
import { rulesTextOf } from '../../../ui/rules-text.js';
import { LAYERS_HELP } from './play.js';
import { kindsOf, type LayersSetupForm, ROWS, seatsLine } from './setup-model.js';

/** The play screen's help page for a window `width` wide, as it makes it (helpLines keeps it). */
const layersHelp = (width: number) =>
  helpLines(LAYERS_HELP, rulesTextOf('layers'), Math.min(width, 90) - 4);

/** The labels' column: the longest, 'People at the keyboard', and a space before the value's ◀. */
const LABEL = 23;

export function LayersSetup({ form, width }: { form: LayersSetupForm; width?: number }) {
  // The game's help page (its rules wrapped to the window) made while the setup waits for a key,
  // so that the game screen's first draw finds it made (at 1,000 players that draw is the
  // longest the event loop is held; the page, cold, was a fifth of it).
  const served = useContext(ServedContext);
  useEffect(() => {
    if (width === undefined) return;
    const made = setImmediate(() => layersHelp(width));
    return () => clearImmediate(made);
  }, [width]);
  const line = (row: (typeof ROWS)[number], label: string, value: string) => {
    const on = ROWS[form.focus] === row;
    return (
      <Text wrap="truncate-end">
        <Styled colour={on ? 'cyan' : undefined} bold={on}>
          {on ? '▸ ' : '  '}
          {label.padEnd(LABEL)}
        </Styled>
        {on ? '◀ ' : '  '}
        <Text bold>{value}</Text>
        {on ? ' ▶' : ''}
      </Text>
    );
  };
  const kinds = kindsOf(form);
  const people = kinds.filter((k) => k === 'human').length;
  const on = ROWS[form.focus] === 'start';
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={70}>
      <Text bold>Layers · new game</Text>
      <Text dimColor wrap="truncate-end">
        Everyone fights to be the root of all, and to stay there.
      </Text>
      <Text> </Text>
      {line('players', LAYERS_OPTIONS.players.label, String(form.players))}
      {line('turns', LAYERS_OPTIONS.turns.label, String(form.turns))}
      {line(
        'humans',
        // At a server nobody shares a keyboard: a person's seat is open for whoever sits.
        served ? 'People' : 'People at the keyboard',
        people === 0 ? 'none' : form.kinds ? String(people) : `${people} (from player 1)`,
      )}
      {line('level', 'The others', `the computer (${form.level})`)}
      {line('seats', 'Each seat (Space)', seatsLine(kinds, form.seat, served))}
      <Text> </Text>
      <Styled colour={on ? 'cyan' : undefined} bold={on}>
        {on ? '▸ ' : '  '}Start the game
      </Styled>
      <Text> </Text>
      <Text dimColor wrap="truncate-end">
        ↑↓ choose · ←→ change (PgUp PgDn by ten) · Enter · Esc back
      </Text>
      <Text dimColor wrap="truncate-end">
        {served
          ? 'seats: you, open for a person, S G R the computer'
          : 'seats: you a person, S G R the computer (strong, greedy, random)'}
      </Text>
    </Box>
  );
}
