/**
 * A person's screen of madang serve drawn in process: the real ServeApp over a connection
 * `serial` as the SSH user `user` (a table's code goes straight to that table), colour off.
 */
import type { Person } from '../../source/serve/served-table.js';
import { type Caller, ServeApp, type ServeWorld } from '../../source/serve/ServeApp.js';
import { KeysProvider } from '../../source/ui/keys-context.js';
import { ThemeContext } from '../../source/ui/theme.js';
import { renderSized } from './ink.js';

export function serveScreen(
  world: ServeWorld,
  person: Person,
  serial: number,
  columns: number,
  rows: number,
  user = 'madang',
) {
  const caller: Caller = {
    keyId: person.id,
    keyText: 'ssh-ed25519 AAAA',
    guests: false,
    serial,
    user,
    host: '127.0.0.1',
    port: 2222,
  };
  return renderSized(
    <ThemeContext.Provider value={{ colour: false }}>
      <KeysProvider>
        <ServeApp world={world} caller={caller} onEnd={() => undefined} />
      </KeysProvider>
    </ThemeContext.Provider>,
    columns,
    rows,
  );
}
