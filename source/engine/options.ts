/**
 * A game's options declared once (issue 42): each option's type, range or choices, default and
 * words, from which the rest is derived: the rules' check of options from outside (a recording's
 * header) with the defaults written out, the command-line flags with their help and refusals,
 * the setup rows (a step of ←→ and the words shown), `optionWords` and the typical options.
 * Options that are no single value (Yut's saved position, Ur's board) stay the game's own.
 * Pure: the command line (yargs) turns `flagsOf` into flags outside the core.
 */
import { isRecord } from './game.js';

type Value = number | string | boolean | null;

interface Common<V extends Value> {
  readonly default: V;
  /** What the value means, in the words of the game's setup and `optionWords` ("a draw after 50 quiet turns"). */
  words(value: V): string;
  /** The rules' refusal before the range ("The endless-game rule needs a number of turns"). */
  readonly refusal: string;
  /** The setup row's words where they are not `words` (Kono's "5 × 5" beside "Board"). */
  row?(value: V): string;
  /** The setup row's label ("Endless game"); absent where no setup row shows it. */
  readonly label?: string;
  /** A dim line under the setup row that says more. */
  readonly note?: string;
  /** The command-line flag (`quiet-turns`, read back as `quietTurns`); absent: no flag. */
  readonly flag?: string;
  /** The flag's help, before its range and default. */
  readonly help?: string;
  /** The flag's help says this instead of the default ("asked"). */
  readonly defaultHelp?: string;
  /** Absent from options from outside is refused, not defaulted (a recording must say it). */
  readonly required?: boolean;
}

/** A whole number from min to max; ←→ move it by step (default 1). */
export interface IntegerOption extends Common<number> {
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
  readonly step?: number;
  /** ←→ go round, past max to min (Ur's stones), instead of stopping at the ends. */
  readonly wrap?: boolean;
}

/** One of a few values; ←→ go round them. */
export interface ChoiceOption<V extends Value> extends Common<V> {
  readonly kind: 'choice';
  readonly choices: readonly V[];
  /** What a refusal calls a null choice ("nobody"); unnamed, the refusal leaves it out. */
  readonly none?: string;
  /** ←→ stop at the first and the last choice (Yut's counts) instead of going round. */
  readonly stop?: boolean;
}

export type OptionSpec<V> = [V] extends [number]
  ? IntegerOption | ChoiceOption<number>
  : [V] extends [Value]
    ? ChoiceOption<V>
    : never;

/** Every declared option of a game's options `O`, by its key (others stay the game's own). */
export type OptionsDeclaration<O> = {
  readonly [K in keyof O]?: OptionSpec<Exclude<O[K], undefined>>;
};

/** Any declared option. */
export type AnyOption = IntegerOption | ChoiceOption<Value>;
type AnySpec = AnyOption;

/** A declaration as the derivations read it. */
type Declared = { readonly [key: string]: AnyOption | undefined };

const entries = (declaration: Declared) =>
  Object.entries(declaration).filter((e): e is [string, AnySpec] => e[1] !== undefined);

/** "5, 7 or 9". */
const orList = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** A spec's words for any value (the union of specs takes the intersection of their words). */
const say = (spec: AnySpec, value: Value) => (spec.words as (value: Value) => string)(value);

/** The words of a setup row: its own where declared, else the option's. */
export const rowWords = <S extends AnyOption>(spec: S, value: S['default']): string =>
  ((spec.row ?? spec.words) as (value: Value) => string)(value);

const shown = (value: Value) =>
  value === null ? 'none' : typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value);

/** The values a flag can give: a flag cannot say null (Kono's size left to be asked). */
const typeable = (spec: ChoiceOption<Value>) => spec.choices.filter((c) => c !== null);

/** What a flag's value must be: "a whole number from 10 to 1000", "5, 7 or 9". */
function rangeWords(spec: AnySpec): string {
  return spec.kind === 'integer'
    ? `a whole number from ${spec.min} to ${spec.max}`
    : orList(typeable(spec).map(shown));
}

/** Whether a value is one the option takes. */
export function accepts(spec: AnySpec, value: unknown): boolean {
  return spec.kind === 'integer'
    ? Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max
    : spec.choices.includes(value as Value);
}

/** The rules' refusal of a value: the option's own words and what it takes. */
function refusalOf(spec: AnySpec): string {
  if (spec.kind === 'integer') return `${spec.refusal} from ${spec.min} to ${spec.max}.`;
  const named = spec.choices.flatMap((c) =>
    c !== null ? [shown(c)] : spec.none !== undefined ? [spec.none] : [],
  );
  return `${spec.refusal} ${orList(named)}.`;
}

/** The first declared option `unchecked` gets wrong, in the rules' words; undefined when none. */
export function checkDeclared(
  declaration: Declared,
  unchecked: Record<string, unknown>,
): string | undefined {
  for (const [key, spec] of entries(declaration)) {
    const value = unchecked[key];
    if (value === undefined && !spec.required) continue;
    if (!accepts(spec, value)) return refusalOf(spec);
  }
  return undefined;
}

/** Every declared option's default: the typical options where every option is declared. */
export function defaultsOf<O>(declaration: Declared): O {
  return Object.fromEntries(entries(declaration).map(([key, spec]) => [key, spec.default])) as O;
}

/**
 * Options from outside checked, the defaults of the declared ones written out (so a recording
 * never depends on them). What is not declared is kept as given for the game to check, or
 * dropped where `closed` (a game whose every option is declared: Yoté).
 */
export function parseDeclared<O>(
  declaration: Declared,
  unchecked: unknown,
  closed = false,
): { ok: true; options: O } | { ok: false; problem: string } {
  if (!isRecord(unchecked)) return { ok: false, problem: 'The game options are missing.' };
  const problem = checkDeclared(declaration, unchecked);
  if (problem !== undefined) return { ok: false, problem };
  const options: Record<string, unknown> = closed ? {} : { ...unchecked };
  // A null given is a value (Kono's asker: nobody), not a default's place.
  for (const [key, spec] of entries(declaration))
    options[key] = unchecked[key] === undefined ? spec.default : unchecked[key];
  return { ok: true, options: options as O };
}

/** The declared options' words, joined as `optionWords` says them; `keys` picks and orders. */
export function wordsOf<O extends object>(
  declaration: Declared,
  options: O,
  keys: readonly (keyof O & string)[] = Object.keys(declaration) as (keyof O & string)[],
): string {
  const values = options as Record<string, Value | undefined>;
  return keys
    .map((key) => {
      const spec = declaration[key];
      return spec ? say(spec, values[key] ?? spec.default) : '';
    })
    .filter(Boolean)
    .join(', ');
}

/** A command-line flag of a declared option, for yargs (the core does not import it). */
export interface OptionFlag {
  readonly flag: string;
  readonly key: string;
  readonly type: 'number' | 'string';
  readonly describe: string;
}

/** The flags of the options that have one, their help ending in the range and default. */
export function flagsOf(declaration: Declared): OptionFlag[] {
  return entries(declaration).flatMap(([key, spec]) =>
    spec.flag === undefined
      ? []
      : [
          {
            flag: spec.flag,
            key,
            type:
              spec.kind === 'integer' || typeable(spec).every((c) => typeof c === 'number')
                ? 'number'
                : 'string',
            describe: `${spec.help ?? say(spec, spec.default)} (${
              spec.kind === 'integer'
                ? `${spec.min}–${spec.max}`
                : orList(typeable(spec).map(shown))
            }, default ${spec.defaultHelp ?? shown(spec.default)})`,
          } satisfies OptionFlag,
        ],
  );
}

/**
 * The flags given on the command line (`argv`, keys camel-cased as yargs gives them) checked:
 * the values given, or the first refusal naming its flag and the value given.
 */
export function settingsOf(
  declaration: Declared,
  argv: Readonly<Record<string, unknown>>,
): { ok: true; settings: Record<string, Value> } | { ok: false; problem: string } {
  const settings: Record<string, Value> = {};
  for (const [key, spec] of entries(declaration)) {
    if (spec.flag === undefined || argv[key] === undefined) continue;
    const value = argv[key];
    if (!accepts(spec, value) || value === null)
      return {
        ok: false,
        // yargs reads a number flag given a word as NaN: nothing to quote back then.
        problem: `--${spec.flag} takes ${rangeWords(spec)}${
          typeof value === 'number' && Number.isNaN(value) ? '' : `, not ${String(value as Value)}`
        }`,
      };
    settings[key] = value as Value;
  }
  return { ok: true, settings };
}

/** A setup row's value after ←/→ (delta −1/+1): a whole number held in its range, a choice in turn. */
export function stepped<S extends AnyOption>(
  spec: S,
  value: S['default'],
  delta: number,
): S['default'] {
  if (spec.kind === 'integer') {
    const next = (value as number) + (spec.step ?? 1) * delta;
    const span = spec.max - spec.min + 1;
    return spec.wrap
      ? spec.min + ((((next - spec.min) % span) + span) % span)
      : Math.max(spec.min, Math.min(spec.max, next));
  }
  const at = spec.choices.indexOf(value);
  const n = spec.choices.length;
  const to = spec.stop ? Math.max(0, Math.min(n - 1, at + delta)) : (((at + delta) % n) + n) % n;
  return spec.choices[to] as S['default'];
}

/** A setup's value from the command line's settings, else the default. */
export function settingOf<S extends AnyOption>(
  spec: S,
  settings: Readonly<Record<string, unknown>>,
  key: string,
): S['default'] {
  const value = settings[key];
  return accepts(spec, value) ? (value as S['default']) : spec.default;
}
