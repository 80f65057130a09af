/** The advanced game's first screens: logged-in IDs and the menu, login, resume, animals. */
import { Box, Text } from '../../../render/components.js';
import { Styled } from '../../../ui/theme.js';
import { ANIMALS } from '../rules.js';
import { TextField } from '../../../ui/TextField.js';
import { ADVANCED_MENU, type AdvancedModel, LOGIN_LENGTH, loginField } from './advanced-model.js';
import { SEAT_LETTERS } from './board-layout.js';

export function Advanced({ model, dataDir }: { model: AdvancedModel; dataDir: string }) {
  const { step, loggedIn } = model;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={2} paddingY={1} width={64}>
      <Text bold>Yut Nori · advanced (animals, save and resume)</Text>
      <Text> </Text>
      <Text>
        <Text dimColor>Logged-in ID List : </Text>
        {loggedIn.length === 0
          ? 'No player is logged in'
          : loggedIn.map((id, i) => (
              <Text key={id}>
                <Styled seat={i} bold>
                  {SEAT_LETTERS[i]} {id}
                </Styled>{' '}
              </Text>
            ))}
      </Text>
      <Text> </Text>
      {step.name === 'menu' &&
        ADVANCED_MENU.map((item, i) => (
          <Styled key={item} colour={i === step.index ? 'cyan' : undefined} bold={i === step.index}>
            {i === step.index ? '▸ ' : '  '}
            {i + 1}. {item}
          </Styled>
        ))}
      {step.name === 'login' && (
        <Box flexDirection="column">
          <Text>
            <Styled colour={step.field === 'id' ? 'cyan' : undefined}>{'ID       : '}</Styled>
            <TextField
              field={step.field === 'id' ? loginField(step) : { value: step.id, cursor: 0 }}
              focus={step.field === 'id'}
              max={LOGIN_LENGTH}
            />
          </Text>
          <Text>
            <Styled colour={step.field === 'password' ? 'cyan' : undefined}>{'PASSWORD : '}</Styled>
            <TextField
              field={
                step.field === 'password' ? loginField(step) : { value: step.password, cursor: 0 }
              }
              focus={step.field === 'password'}
              max={LOGIN_LENGTH}
              mask="•"
            />
          </Text>
          <Text dimColor>Enter: next / log in · Esc: back</Text>
        </Box>
      )}
      {step.name === 'resume' && (
        <Box flexDirection="column">
          <Text>There is a saved game of {step.saved.ids.join(', ')}.</Text>
          <Text bold>Start a new game (0) / Resume (1)</Text>
          <Text dimColor>
            Either way the saved line leaves game_info.txt; saving again writes a new one.
          </Text>
        </Box>
      )}
      {step.name === 'animals' && (
        <Box flexDirection="column">
          <Text>
            Select animal type of <Text bold>{step.ids[step.chosen.length]}</Text>
          </Text>
          <Text>
            {ANIMALS.map((animal, code) => (
              <Text key={animal} inverse={animal === step.current} bold={animal === step.current}>
                {animal === step.current ? `[${code}: ${animal}]` : ` ${code}: ${animal} `}
              </Text>
            ))}
          </Text>
          <Text dimColor>
            pig: a catch of its pieces ends the catcher's turn · dog: geol throws again · sheep: a
            catch gives two throws · cow: its own path through the centre
          </Text>
          <Text dimColor>←→ or 0-3 choose · Enter: next player</Text>
        </Box>
      )}
      <Text> </Text>
      <Styled colour="yellow">{model.message ? inDataDir(model.message, dataDir) : ' '}</Styled>
      {(model.warnings ?? []).slice(0, 3).map((warning, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          ! {inDataDir(warning, dataDir)}
        </Text>
      ))}
      <Text dimColor>
        {step.name === 'menu' ? `↑↓ choose · Enter or 1-3 · accounts: ${dataDir}` : ' '}
      </Text>
    </Box>
  );
}

/**
 * A message or warning names its file whole (`DIR/user_info.txt:2: …`); the menu's last line
 * says the directory, so here they name the file alone and keep the line and the problem (a
 * long path cut or broken them).
 */
function inDataDir(text: string, dataDir: string): string {
  const prefix = dataDir.endsWith('/') ? dataDir : `${dataDir}/`;
  return text.split(prefix).join('');
}
