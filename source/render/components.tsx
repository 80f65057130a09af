/**
 * The two elements every screen of madang is made of. Under madang's own renderer
 * (render/screen.ts) they are its host elements; under Ink's render (local play, the tests that
 * draw with ink-testing-library, renderToString) they are Ink's own Box and Text, so one screen
 * component draws the same under either, and a test can hold the two against each other.
 */
import { Box as InkBox, Text as InkText } from 'ink';
import { type ComponentProps, createElement, type ReactElement, useContext } from 'react';
import { OwnScreen } from './context.js';
import { BOX, TEXT } from './host.js';

export type BoxProps = ComponentProps<typeof InkBox>;
export type TextProps = ComponentProps<typeof InkText>;

export function Box(props: BoxProps): ReactElement {
  const own = useContext(OwnScreen);
  if (own === null) return createElement(InkBox, props);
  const { overflow, overflowX, overflowY, ...rest } = props;
  // Ink's Box's defaults, and its overflow on both axes.
  return createElement(BOX, {
    flexWrap: 'nowrap',
    flexDirection: 'row',
    flexGrow: 0,
    flexShrink: 1,
    ...rest,
    overflowX: overflowX ?? overflow ?? 'visible',
    overflowY: overflowY ?? overflow ?? 'visible',
  });
}

export function Text(props: TextProps): ReactElement | null {
  const own = useContext(OwnScreen);
  if (own === null) return createElement(InkText, props);
  if (props.children === undefined || props.children === null) return null;
  return createElement(TEXT, props);
}
