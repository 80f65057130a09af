/**
 * The app's screens as a pure model: the main menu built from the registered games, each game's
 * setup, play, the replay viewer, and the main help. Keys and answers come in as actions; what
 * must be done outside (start a game, read a file, leave) goes out as an effect for the App.
 */
import type { Outcome } from '../engine/game.js';
import type { Catalogue, LoadedRecording } from '../engine/recording.js';
import type { Seat } from '../engine/seats.js';
import type {
  AnyGameModule,
  MenuEntry,
  SetupContext,
  SetupOutcome,
  Start,
} from '../games/module.js';
import type { Key } from '../ui/keys.js';
import { type MenuItem, menuKey } from '../ui/menu-model.js';
import { type Browser, browserKey, newBrowser } from '../ui/recordings-model.js';
import { browserRows } from '../ui/RecordingsBrowser.js';
import type { Session } from '../table/session.js';
import type { AppRequest } from '../ui/play-session.js';
import { helpLines } from '../ui/text.js';
import { lastScroll, PAGE_KEYS } from '../ui/TextPage.js';

export type Screen =
  | { readonly name: 'menu'; readonly index: number; readonly notice?: string | undefined }
  | { readonly name: 'help'; readonly scroll: number }
  | { readonly name: 'setup'; readonly entry: string; readonly form: unknown }
  | {
      readonly name: 'play';
      readonly game: string;
      /** The menu entry it came from, for "again", "menu" and after a save. */
      readonly entry: string;
      readonly start: Start;
      readonly session: Session;
    }
  | {
      readonly name: 'replay';
      readonly recording: LoadedRecording;
      /** The browser it was opened from, to return to. */
      readonly back?: Browser | undefined;
      /** Opened from a game's end screen (`a`): its menu entry, and the analysis running. */
      readonly analysed?: string | undefined;
    }
  | { readonly name: 'recordings'; readonly browser: Browser };

export interface AppModel {
  readonly screen: Screen;
  /** Leaving the replay viewer leaves the program when the run was `madang replay FILE`. */
  readonly replayOnly: boolean;
  /** The run opened on the main menu: leaving a game goes back to it (else the program ends). */
  readonly hasMenu: boolean;
  /** The score of the games played again in a row ("Play again"), while the same people play. */
  readonly tally?: Tally | undefined;
}

/** Wins by name over a sitting of games of one menu entry. */
export interface Tally {
  readonly entry: string;
  readonly games: number;
  readonly wins: Readonly<Record<string, number>>;
  readonly drawn: number;
}

/** The tally with one more finished game (a game left unfinished is not counted). */
export function scored(
  tally: Tally | undefined,
  entry: string,
  names: readonly string[],
  outcome: Outcome | undefined,
): Tally | undefined {
  const same =
    tally?.entry === entry &&
    names.length === Object.keys(tally.wins).length &&
    names.every((n) => n in tally.wins);
  const base: Tally =
    tally && same
      ? tally
      : { entry, games: 0, wins: Object.fromEntries(names.map((n) => [n, 0])), drawn: 0 };
  if (!outcome || outcome.status === 'running') return base.games > 0 ? base : undefined;
  const winner =
    outcome.status === 'won'
      ? names[outcome.winner]
      : outcome.status === 'ranked'
        ? names[outcome.ranking[0] ?? -1]
        : undefined;
  return {
    ...base,
    games: base.games + 1,
    drawn: base.drawn + (winner === undefined ? 1 : 0),
    wins:
      winner === undefined ? base.wins : { ...base.wins, [winner]: (base.wins[winner] ?? 0) + 1 },
  };
}

/** The tally in a line, for the next game's log: "So far, 2 games: Ann won 1, Bob won 1." */
export function tallyWords(tally: Tally): string {
  const wins = Object.entries(tally.wins)
    .map(([name, n]) => `${name} won ${n}`)
    .join(', ');
  const games = `${tally.games} game${tally.games === 1 ? '' : 's'}`;
  return `So far, ${games}: ${wins}${tally.drawn > 0 ? `, ${tally.drawn} drawn` : ''}.`;
}

export type AppAction =
  | {
      readonly type: 'app/keyPressed';
      readonly key: Key;
      readonly width: number;
      readonly height: number;
    }
  | { readonly type: 'app/setupAnswered'; readonly entry: string; readonly outcome: SetupOutcome }
  | {
      readonly type: 'app/gameStarted';
      readonly game: string;
      readonly entry: string;
      readonly start: Start;
      readonly session: Session;
    }
  | { readonly type: 'app/noticeShown'; readonly notice: string; readonly entry?: string }
  | {
      readonly type: 'app/recordingOpened';
      readonly recording: LoadedRecording;
      readonly back?: Browser | undefined;
      /** The menu entry of the game just played, whose analysis opens with it. */
      readonly analysed?: string | undefined;
    }
  | { readonly type: 'app/recordingsListed'; readonly catalogue: Catalogue }
  /** A recording chosen in the browser could not be opened: why, said in the browser. */
  | { readonly type: 'app/recordingRefused'; readonly notice: string }
  | {
      readonly type: 'app/playRequested';
      readonly request: AppRequest;
      /** How the game that was left ended. */
      readonly outcome?: Outcome | undefined;
    }
  | { readonly type: 'app/replayLeft' };

export type Effect =
  | { readonly type: 'exit' }
  /** The key belongs to the screen's own handler (play, replay). */
  | {
      readonly type: 'answer';
      readonly entry: string;
      readonly form: unknown;
      readonly request: unknown;
    }
  | { readonly type: 'start'; readonly entry: string; readonly start: Start }
  | { readonly type: 'openCatalogue' }
  | {
      readonly type: 'openRecording';
      readonly file: string;
      readonly mode: 'watch' | 'resume';
      readonly browser: Browser;
    }
  /** The recording of the game just played, to open in the replay with its analysis. */
  | { readonly type: 'analyseRecording'; readonly file: string; readonly entry: string };

export interface AppWorld {
  readonly games: readonly AnyGameModule[];
  /** The setup context of a game: its flags' settings when its command started the run. */
  setupContext(game: string): SetupContext;
}

const REPLAY = 'app/replay';
const HELP = 'app/help';
const QUIT = 'app/quit';

/** Every menu entry of every game, then replay, help and quit. */
export function menuItems(games: readonly AnyGameModule[]): MenuItem<string>[] {
  return [
    ...games.flatMap((game) =>
      game.entries.map((entry) => ({ id: entry.id, label: entry.label, hint: entry.hint })),
    ),
    { id: REPLAY, label: 'Recordings', hint: 'watch or resume a game' },
    { id: HELP, label: 'Help', hint: 'keys and rules' },
    { id: QUIT, label: 'Quit', hint: '', key: 'q' },
  ];
}

/** The game and menu entry of an entry id. */
export function findEntry(
  games: readonly AnyGameModule[],
  id: string,
): { game: AnyGameModule; entry: MenuEntry } | undefined {
  for (const game of games) {
    const entry = game.entries.find((e) => e.id === id);
    if (entry) return { game, entry };
  }
  return undefined;
}

/** The main help: every game in a line, the keys every game shares, then each game's rules. */
export function mainHelp(games: readonly AnyGameModule[], width: number): string[] {
  const column = Math.max(...games.flatMap((g) => g.entries.map((e) => e.label.length))) + 2;
  return [
    'Games',
    ...games.flatMap((game) =>
      game.entries.map(
        (entry, i) => `  ${entry.label.padEnd(column)}${i === 0 ? game.description : entry.hint}`,
      ),
    ),
    '',
    'In every game',
    '  ?  the game’s keys and rules     h  a hint from the strong computer',
    '  u  take back your last move      q  quit (asks)    Ctrl+C  quit now',
    '  l  the whole log                 w  at the end: again, seats swapped',
    '                                   a  at the end: the replay, analysed',
    '',
    'Every game is recorded (Recordings in the menu: Enter watches, r resumes):',
    '  madang replay FILE     watch it: ←→ step, Space play, g turn, l moves,',
    '                         a analyse (n p: the next and previous mistake)',
    '  madang --resume FILE   go on with an unfinished game',
    '  madang verify FILE...  check recordings against the rules',
    '',
    'Without a terminal (or with --classic) madang speaks the original console.',
    'madang --help lists every option.',
    ...games.flatMap((game) => ['', ...helpLines([], game.rulesText, width).slice(1)]),
  ];
}

const menuAt = (games: readonly AnyGameModule[], id: string, notice?: string): Screen => ({
  name: 'menu',
  index: Math.max(
    0,
    menuItems(games).findIndex((item) => item.id === id),
  ),
  notice,
});

type Reduced = { readonly model: AppModel; readonly effect?: Effect | undefined };

export function reduceApp(model: AppModel, action: AppAction, world: AppWorld): Reduced {
  const { screen } = model;
  const to = (next: Screen, effect?: Effect): Reduced => ({
    model: { ...model, screen: next },
    effect,
  });
  const stay = (effect?: Effect): Reduced => ({ model, effect });
  switch (action.type) {
    case 'app/keyPressed':
      return keyPressed(model, action, world);
    case 'app/setupAnswered': {
      const { outcome } = action;
      const found = findEntry(world.games, action.entry);
      if (!found) return stay();
      if (outcome.type === 'back') return to(menuAt(world.games, action.entry));
      if (outcome.type === 'exit') return stay({ type: 'exit' });
      if (outcome.type === 'form')
        return to({ name: 'setup', entry: action.entry, form: outcome.form });
      if (outcome.type === 'request') {
        return to(
          { name: 'setup', entry: action.entry, form: outcome.form },
          { type: 'answer', entry: action.entry, form: outcome.form, request: outcome.request },
        );
      }
      return stay({ type: 'start', entry: action.entry, start: outcome.start });
    }
    case 'app/gameStarted':
      return to({
        name: 'play',
        game: action.game,
        entry: action.entry,
        start: action.start,
        session: action.session,
      });
    case 'app/noticeShown':
      return to(menuAt(world.games, action.entry ?? REPLAY, action.notice));
    case 'app/recordingOpened':
      return to({
        name: 'replay',
        recording: action.recording,
        back: action.back,
        analysed: action.analysed,
      });
    case 'app/recordingsListed':
      return to({ name: 'recordings', browser: newBrowser(action.catalogue) });
    case 'app/recordingRefused':
      if (screen.name !== 'recordings') return stay();
      return to({ name: 'recordings', browser: { ...screen.browser, notice: action.notice } });
    case 'app/replayLeft':
      if (model.replayOnly) return stay({ type: 'exit' });
      if (screen.name === 'replay' && screen.back)
        return to({ name: 'recordings', browser: screen.back });
      // The replay of a game just played leaves as that game's end screen did.
      if (screen.name === 'replay' && screen.analysed !== undefined)
        return model.hasMenu ? to(menuAt(world.games, screen.analysed)) : stay({ type: 'exit' });
      return to(menuAt(world.games, REPLAY));
    case 'app/playRequested': {
      if (screen.name !== 'play') return stay();
      const { request } = action;
      if (request === 'quit')
        return model.hasMenu ? to(menuAt(world.games, screen.entry)) : stay({ type: 'exit' });
      if (request === 'menu') return to(menuAt(world.games, screen.entry));
      if (request === 'analyse') {
        const file = screen.session.recorder.file;
        if (file === undefined)
          return to(menuAt(world.games, screen.entry, 'That game was not recorded: no analysis.'));
        return stay({ type: 'analyseRecording', file, entry: screen.entry });
      }
      if (request === 'again' || request === 'swap') {
        const names = screen.start.seats.map((s) => s.name);
        const tally = scored(model.tally, screen.entry, names, action.outcome);
        const game = findEntry(world.games, screen.entry)?.game;
        return {
          model: { ...model, tally },
          effect: {
            type: 'start',
            entry: screen.entry,
            start: again(screen.start, request === 'swap', tally, game),
          },
        };
      }
      // Saved: the entry's first screen again, saying so.
      const found = findEntry(world.games, screen.entry);
      if (!found) return to(menuAt(world.games, screen.entry));
      const context = world.setupContext(found.game.id);
      const form =
        found.entry.afterSave?.(context, screen.start.seats) ?? found.entry.newForm(context);
      return to({ name: 'setup', entry: screen.entry, form });
    }
  }
}

/**
 * Another game with the same options and seats (nothing of the last one's save or log), or with the seats
 * turned by one (`swap`: in two-player games, the sides change). A game that saves by its
 * players' order (Yut's advanced game) keeps its seats; a game may say otherwise (playAgain).
 * Its log opens with the sitting's score.
 */
function again(start: Start, swap: boolean, tally: Tally | undefined, game?: AnyGameModule): Start {
  // A game that says how it plays again (Kono) does so; the log opens with the score all the same.
  const own = game?.playAgain?.(start, swap);
  if (own) return { ...own, ...(tally ? { log: [tallyWords(tally)] } : {}) };
  const turned = swap && !start.save && start.seats.length > 1;
  const seats = turned ? [...start.seats.slice(1), start.seats[0] as Seat] : start.seats;
  const log = [
    ...(tally ? [tallyWords(tally)] : []),
    ...(swap && !turned ? ['The seats stay as they are: this game saves by its players.'] : []),
  ];
  // Nothing of the last game's save goes with it (as before: a new game, not the saved one).
  return { options: start.options, seats, ...(log.length > 0 ? { log } : {}) };
}

/** The main help's width of text in a screen `columns` wide. */
export const helpWidth = (columns: number) => Math.min(columns, 90) - 4;

function keyPressed(
  model: AppModel,
  { key, width, height }: { key: Key; width: number; height: number },
  world: AppWorld,
): Reduced {
  const { screen } = model;
  const to = (next: Screen, effect?: Effect): Reduced => ({
    model: { ...model, screen: next },
    effect,
  });
  if (key === 'ctrl+c') return { model, effect: { type: 'exit' } };
  switch (screen.name) {
    case 'menu': {
      if (key === 'q' || key === 'escape') return { model, effect: { type: 'exit' } };
      const items = menuItems(world.games);
      const outcome = menuKey(items, screen.index, key);
      if (outcome.type === 'cursor') return to({ name: 'menu', index: outcome.index });
      if (outcome.type !== 'chosen') return { model };
      if (outcome.id === QUIT) return { model, effect: { type: 'exit' } };
      if (outcome.id === HELP) return to({ name: 'help', scroll: 0 });
      if (outcome.id === REPLAY) return { model, effect: { type: 'openCatalogue' } };
      const found = findEntry(world.games, outcome.id);
      if (!found) return { model };
      const form = found.entry.newForm(world.setupContext(found.game.id));
      return to({ name: 'setup', entry: outcome.id, form });
    }
    case 'help': {
      const delta = PAGE_KEYS[key];
      if (delta === undefined) return to(menuAt(world.games, HELP));
      const last = lastScroll(mainHelp(world.games, helpWidth(width)).length, height);
      return to({ name: 'help', scroll: Math.max(0, Math.min(last, screen.scroll + delta)) });
    }
    case 'setup': {
      const found = findEntry(world.games, screen.entry);
      if (!found) return to(menuAt(world.games, screen.entry));
      return reduceApp(
        model,
        {
          type: 'app/setupAnswered',
          entry: screen.entry,
          outcome: found.entry.key(screen.form, key),
        },
        world,
      );
    }
    case 'recordings': {
      const outcome = browserKey(screen.browser, key, browserRows(height), titleOf(world.games));
      if (outcome.type === 'back') return to(menuAt(world.games, REPLAY));
      if (outcome.type === 'browse') return to({ name: 'recordings', browser: outcome.browser });
      return {
        model,
        effect: {
          type: 'openRecording',
          file: outcome.file,
          mode: outcome.type,
          browser: outcome.browser,
        },
      };
    }
    case 'play':
    case 'replay':
      // Their screens hear their own keys (ui/keys-context.tsx); the shell never passes them here.
      return { model };
  }
}

/** A game's title by its id (a recording of a game madang lacks shows its id). */
export const titleOf =
  (games: readonly AnyGameModule[]) =>
  (id: string): string =>
    games.find((g) => g.id === id)?.title ?? id;
