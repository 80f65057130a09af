/** Colours by seat, and whether to use colour at all (NO_COLOR, --no-color). */
import { Text } from 'ink';
import { createContext, type ReactNode, useContext } from 'react';

/** Seat colours of rules/yut.md §5: red, blue, green, yellow (bright blue reads on dark screens). */
export const SEAT_COLOURS = ['red', 'blueBright', 'green', 'yellow'] as const;

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
  const wanted = colour ?? (seat === undefined ? undefined : SEAT_COLOURS[seat % 4]);
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
