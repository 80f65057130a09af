/** Colours by seat, and whether to use colour at all (NO_COLOR, --no-color). */
import { Text } from '../render/components.js';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * Seat colours: red, blue, green, yellow first (Yut's seats; bright blue reads on dark screens),
 * then eight more, so that up to twelve seats each have their own and a game of a hundred seats
 * never gives two neighbours the same one. Colour is never the only clue: seats are named too.
 */
export const SEAT_COLOURS = [
  'red',
  'blueBright',
  'green',
  'yellow',
  'magenta',
  'cyan',
  'redBright',
  'greenBright',
  'yellowBright',
  'magentaBright',
  'cyanBright',
  'white',
] as const;

export const seatColour = (seat: number): string =>
  SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length] ??
  'white';

export interface Theme {
  readonly colour: boolean;
}

export const ThemeContext = createContext<Theme>({ colour: true });

export const useTheme = () => useContext(ThemeContext);

/** NO_COLOR (any non-empty value) or --no-color turns colour off; bold and inverse remain. */
export function colourWanted(
  argv: { color?: boolean | undefined },
  env: NodeJS.ProcessEnv,
): boolean {
  if (argv.color === false) return false;
  return !(env.NO_COLOR !== undefined && env.NO_COLOR !== '');
}

export interface StyleProps {
  readonly seat?: number | undefined;
  readonly bold?: boolean | undefined;
  readonly dim?: boolean | undefined;
  readonly inverse?: boolean | undefined;
  readonly underline?: boolean | undefined;
  readonly colour?: string | undefined;
  readonly children?: ReactNode;
}

/** Text in a seat's colour (or a named colour), which drops the colour when colour is off. */
export function Styled({ seat, bold, dim, inverse, underline, colour, children }: StyleProps) {
  const theme = useTheme();
  const wanted = colour ?? (seat === undefined ? undefined : seatColour(seat));
  const props = theme.colour && wanted !== undefined ? { color: wanted } : {};
  return (
    <Text
      {...props}
      bold={bold ?? false}
      dimColor={dim ?? false}
      inverse={inverse ?? false}
      underline={underline ?? false}
    >
      {children}
    </Text>
  );
}
