/**
 * The renderer's tree: boxes laid out by Yoga (the layout engine Ink uses, with Ink's mapping of
 * the props madang's screens use, so that a screen is laid out to the cell as Ink lays it out),
 * texts measured and drawn as styled runs, never as strings of escapes read back.
 */
import Yoga, { type Node as YogaNode } from 'yoga-layout';
import { cellText } from '../engine/safe-text.js';
import { colourCode, PLAIN, type Style, widthOfText } from './cells.js';
import { inkStyled, type Run, type Runs, textCells, type Wrap } from './text.js';

export type { Run, Runs, Wrap };

/** A text's own style props (Ink's Text's, those madang uses). */
export interface RunProps {
  readonly color?: string | undefined;
  readonly dimColor?: boolean | undefined;
  readonly bold?: boolean | undefined;
  readonly underline?: boolean | undefined;
  readonly inverse?: boolean | undefined;
}

export interface BoxNode {
  readonly kind: 'box';
  readonly yoga: YogaNode;
  props: Record<string, unknown>;
  readonly children: Child[];
  parent: Parent | undefined;
  hidden: boolean;
}

export interface TextNode {
  readonly kind: 'text';
  readonly yoga: YogaNode;
  props: RunProps & { wrap?: Wrap | undefined; segments?: readonly Run[] | undefined };
  readonly children: Inline[];
  parent: Parent | undefined;
  hidden: boolean;
  /** The runs and their lines, worked out once per change of the text (not per frame). */
  runs?: Runs | undefined;
  /** Its own style (its props'), worked out once per change of its props. */
  own?: Style | undefined;
}

/** A Text inside a Text: a run of its own style in its parent's. */
export interface SpanNode {
  readonly kind: 'span';
  props: RunProps;
  readonly children: Inline[];
  parent: TextNode | SpanNode | undefined;
  hidden: boolean;
}

export interface StringNode {
  readonly kind: 'string';
  value: string;
  parent: TextNode | SpanNode | undefined;
}

export interface RootNode {
  readonly kind: 'root';
  readonly yoga: YogaNode;
  readonly children: Child[];
  /** Told after each commit of React's: the screen is drawn again. */
  committed: () => void;
  /** The width it was last laid out at. */
  columns?: number | undefined;
}

export type Child = BoxNode | TextNode;
export type Inline = SpanNode | StringNode;
export type Parent = RootNode | BoxNode;
export type Node = RootNode | BoxNode | TextNode | SpanNode | StringNode;

export function styleOf(props: RunProps, outer: Style = PLAIN): Style {
  const fg = colourCode(props.color) ?? outer.fg;
  const bold = outer.bold || props.bold === true;
  const dim = outer.dim || props.dimColor === true;
  const underline = outer.underline || props.underline === true;
  const inverse = outer.inverse || props.inverse === true;
  if (
    fg === outer.fg &&
    bold === outer.bold &&
    dim === outer.dim &&
    underline === outer.underline &&
    inverse === outer.inverse
  )
    return outer;
  return { fg, bold, dim, underline, inverse };
}

/** A text's own style, kept until its props change (host.ts forgets it then). */
export const ownStyle = (node: TextNode): Style => (node.own ??= styleOf(node.props));

/** A text's runs, from its strings and spans (its own style is laid over them when drawn). */
export function runsOf(node: TextNode): Runs {
  if (node.runs) return node.runs;
  const runs: Run[] = [];
  // A line drawn from runs made beforehand (ui/Segments.tsx): no strings or spans under it.
  for (const run of node.props.segments ?? [])
    if (run.text !== '') runs.push({ text: cellText(run.text), style: run.style });
  const walk = (children: readonly Inline[], style: Style) => {
    for (const child of children) {
      if (child.kind === 'string') {
        if (child.value !== '') runs.push({ text: child.value, style });
      } else if (!child.hidden) walk(child.children, styleOf(child.props, style));
    }
  };
  walk(node.children, PLAIN);
  const lines = runs
    .map((run) => run.text)
    .join('')
    .split('\n');
  const width = lines.reduce((widest, line) => Math.max(widest, widthOfText(line)), 0);
  const segments = node.props.segments;
  // As Ink's squashed text: each span's styles wrapped around its own text (segments: a Styled
  // each, in one line's Text).
  const ansi = () =>
    segments
      ? segments.map((run) => inkStyled(cellText(run.text), run.style)).join('')
      : inkText(node.children);
  node.runs = { runs, lines, width, ansi };
  return node.runs;
}

function inkText(children: readonly Inline[]): string {
  let out = '';
  for (const child of children)
    if (child.kind === 'string') out += child.value;
    else if (!child.hidden) {
      // Ink styles a span line by line.
      const own = styleOf(child.props);
      out += inkText(child.children)
        .split('\n')
        .map((line) => inkStyled(line, own))
        .join('\n');
    }
  return out;
}

/** Where a change of a text's content is noticed: its runs again, and Yoga measures it again. */
export function textChanged(node: Node | undefined): void {
  let at: Node | undefined = node;
  while (at && at.kind !== 'text')
    at = at.kind === 'string' || at.kind === 'span' ? at.parent : undefined;
  if (at?.kind === 'text') {
    at.runs = undefined;
    at.yoga.markDirty();
  }
}

export function createRoot(committed: () => void): RootNode {
  const yoga = Yoga.Node.create();
  return { kind: 'root', yoga, children: [], committed };
}

export function createBox(props: Record<string, unknown>): BoxNode {
  const yoga = Yoga.Node.create();
  const node: BoxNode = {
    kind: 'box',
    yoga,
    props,
    children: [],
    parent: undefined,
    hidden: false,
  };
  applyBox(yoga, props, undefined);
  return node;
}

export function createText(props: TextNode['props']): TextNode {
  const yoga = Yoga.Node.create();
  const node: TextNode = {
    kind: 'text',
    yoga,
    props,
    children: [],
    parent: undefined,
    hidden: false,
    // Held from the start: added later, in either order, they gave text nodes three shapes,
    // and the code that reads them was optimised for one and thrown away at the next.
    runs: undefined,
    own: undefined,
  };
  // Ink's Text: no growing, shrinking, a row.
  yoga.setFlexGrow(0);
  yoga.setFlexShrink(1);
  yoga.setFlexDirection(Yoga.FLEX_DIRECTION_ROW);
  yoga.setMeasureFunc((width, widthMode) => {
    const runs = runsOf(node);
    if (runs.runs.length === 0) return { width: 0, height: 0 };
    const natural = { width: runs.width, height: runs.lines.length };
    if (widthMode === Yoga.MEASURE_MODE_UNDEFINED || runs.width <= width) return natural;
    const wrap = node.props.wrap ?? 'wrap';
    const lines = textCells(runs, width, wrap, ownStyle(node)).lines;
    const widest = lines.reduce(
      (w, line) =>
        Math.max(
          w,
          line.reduce((s, c) => s + c.width, 0),
        ),
      0,
    );
    // Cut to nothing (no room at all), it takes no row, as Ink measures an empty text.
    if (lines.length === 1 && lines[0]?.length === 0)
      return { width: wrap.startsWith('truncate') ? width : 0, height: 0 };
    // As Ink: a truncated text keeps the width it was given.
    return wrap.startsWith('truncate')
      ? { width, height: lines.length }
      : { width: widest, height: lines.length };
  });
  return node;
}

export function createSpan(props: RunProps): SpanNode {
  return { kind: 'span', props, children: [], parent: undefined, hidden: false };
}

export function createString(value: string): StringNode {
  return { kind: 'string', value, parent: undefined };
}

const yogaOf = (node: Node): YogaNode | undefined =>
  node.kind === 'root' || node.kind === 'box' || node.kind === 'text' ? node.yoga : undefined;

export function insert(parent: Node, child: Node, before?: Node): void {
  if ((child as { parent?: Node }).parent) remove((child as { parent: Node }).parent, child);
  const children = (parent as { children: Node[] }).children;
  let index = before === undefined ? -1 : children.indexOf(before);
  if (index < 0) index = children.length;
  children.splice(index, 0, child);
  (child as { parent?: Node }).parent = parent;
  const yoga = yogaOf(child);
  const parentYoga = yogaOf(parent);
  if (yoga && parentYoga) {
    // Yoga's index counts only the children that have a Yoga node (all of a box's do).
    parentYoga.insertChild(yoga, index);
  }
  if (parent.kind === 'text' || parent.kind === 'span') textChanged(parent);
}

export function remove(parent: Node, child: Node): void {
  const children = (parent as { children: Node[] }).children;
  const index = children.indexOf(child);
  if (index >= 0) children.splice(index, 1);
  const yoga = yogaOf(child);
  if (yoga) yogaOf(parent)?.removeChild(yoga);
  (child as { parent: Node | undefined }).parent = undefined;
  if (parent.kind === 'text' || parent.kind === 'span') textChanged(parent);
}

/** A node gone from the tree: its Yoga nodes freed (they are WebAssembly memory). */
export function free(node: Node): void {
  const yoga = yogaOf(node);
  if (node.kind === 'text') yoga?.unsetMeasureFunc();
  if (yoga) yoga.freeRecursive();
}

export function setHidden(node: Node, hidden: boolean): void {
  if (node.kind === 'string' || node.kind === 'root') return;
  node.hidden = hidden;
  if (node.kind === 'span') return textChanged(node.parent);
  node.yoga.setDisplay(
    hidden || (node.kind === 'box' && node.props.display === 'none')
      ? Yoga.DISPLAY_NONE
      : Yoga.DISPLAY_FLEX,
  );
}

const FLEX_DIRECTION: Record<string, number> = {
  row: Yoga.FLEX_DIRECTION_ROW,
  'row-reverse': Yoga.FLEX_DIRECTION_ROW_REVERSE,
  column: Yoga.FLEX_DIRECTION_COLUMN,
  'column-reverse': Yoga.FLEX_DIRECTION_COLUMN_REVERSE,
};
const ALIGN: Record<string, number> = {
  auto: Yoga.ALIGN_AUTO,
  stretch: Yoga.ALIGN_STRETCH,
  'flex-start': Yoga.ALIGN_FLEX_START,
  center: Yoga.ALIGN_CENTER,
  'flex-end': Yoga.ALIGN_FLEX_END,
  baseline: Yoga.ALIGN_BASELINE,
};
const JUSTIFY: Record<string, number> = {
  'flex-start': Yoga.JUSTIFY_FLEX_START,
  center: Yoga.JUSTIFY_CENTER,
  'flex-end': Yoga.JUSTIFY_FLEX_END,
  'space-between': Yoga.JUSTIFY_SPACE_BETWEEN,
  'space-around': Yoga.JUSTIFY_SPACE_AROUND,
  'space-evenly': Yoga.JUSTIFY_SPACE_EVENLY,
};
const WRAP: Record<string, number> = {
  nowrap: Yoga.WRAP_NO_WRAP,
  wrap: Yoga.WRAP_WRAP,
  'wrap-reverse': Yoga.WRAP_WRAP_REVERSE,
};

type Apply = (yoga: YogaNode, value: unknown, props: Record<string, unknown>) => void;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const size = (
  value: unknown,
  set: (n: number) => void,
  percent: (n: number) => void,
  auto: () => void,
) => {
  if (typeof value === 'number') set(value);
  else if (typeof value === 'string') percent(Number.parseFloat(value));
  else auto();
};
const border = (yoga: YogaNode, props: Record<string, unknown>) => {
  const width = props.borderStyle ? 1 : 0;
  yoga.setBorder(Yoga.EDGE_TOP, props.borderTop === false ? 0 : width);
  yoga.setBorder(Yoga.EDGE_BOTTOM, props.borderBottom === false ? 0 : width);
  yoga.setBorder(Yoga.EDGE_LEFT, props.borderLeft === false ? 0 : width);
  yoga.setBorder(Yoga.EDGE_RIGHT, props.borderRight === false ? 0 : width);
};

/**
 * Each prop a Box takes, put to Yoga as Ink puts it (an absent one back to Ink's default; a side's
 * or an axis's margin, padding or gap absent is unset, NaN, so that the whole one still holds).
 */
const APPLY: Record<string, Apply> = {
  position: (y, v) =>
    y.setPositionType(
      v === 'absolute'
        ? Yoga.POSITION_TYPE_ABSOLUTE
        : v === 'static'
          ? Yoga.POSITION_TYPE_STATIC
          : Yoga.POSITION_TYPE_RELATIVE,
    ),
  top: (y, v) => y.setPosition(Yoga.EDGE_TOP, num(v) ?? Number.NaN),
  right: (y, v) => y.setPosition(Yoga.EDGE_RIGHT, num(v) ?? Number.NaN),
  bottom: (y, v) => y.setPosition(Yoga.EDGE_BOTTOM, num(v) ?? Number.NaN),
  left: (y, v) => y.setPosition(Yoga.EDGE_LEFT, num(v) ?? Number.NaN),
  margin: (y, v) => y.setMargin(Yoga.EDGE_ALL, num(v) ?? 0),
  marginX: (y, v) => y.setMargin(Yoga.EDGE_HORIZONTAL, num(v) ?? Number.NaN),
  marginY: (y, v) => y.setMargin(Yoga.EDGE_VERTICAL, num(v) ?? Number.NaN),
  marginLeft: (y, v) => y.setMargin(Yoga.EDGE_START, num(v) ?? Number.NaN),
  marginRight: (y, v) => y.setMargin(Yoga.EDGE_END, num(v) ?? Number.NaN),
  marginTop: (y, v) => y.setMargin(Yoga.EDGE_TOP, num(v) ?? Number.NaN),
  marginBottom: (y, v) => y.setMargin(Yoga.EDGE_BOTTOM, num(v) ?? Number.NaN),
  padding: (y, v) => y.setPadding(Yoga.EDGE_ALL, num(v) ?? 0),
  paddingX: (y, v) => y.setPadding(Yoga.EDGE_HORIZONTAL, num(v) ?? Number.NaN),
  paddingY: (y, v) => y.setPadding(Yoga.EDGE_VERTICAL, num(v) ?? Number.NaN),
  paddingLeft: (y, v) => y.setPadding(Yoga.EDGE_LEFT, num(v) ?? Number.NaN),
  paddingRight: (y, v) => y.setPadding(Yoga.EDGE_RIGHT, num(v) ?? Number.NaN),
  paddingTop: (y, v) => y.setPadding(Yoga.EDGE_TOP, num(v) ?? Number.NaN),
  paddingBottom: (y, v) => y.setPadding(Yoga.EDGE_BOTTOM, num(v) ?? Number.NaN),
  flexGrow: (y, v) => y.setFlexGrow(num(v) ?? 0),
  flexShrink: (y, v) => y.setFlexShrink(num(v) ?? 1),
  flexWrap: (y, v) => y.setFlexWrap(WRAP[String(v)] ?? Yoga.WRAP_NO_WRAP),
  flexDirection: (y, v) => y.setFlexDirection(FLEX_DIRECTION[String(v)] ?? Yoga.FLEX_DIRECTION_ROW),
  flexBasis: (y, v) =>
    size(
      v,
      (n) => y.setFlexBasis(n),
      (n) => y.setFlexBasisPercent(n),
      () => y.setFlexBasisAuto(),
    ),
  alignItems: (y, v) =>
    y.setAlignItems(v ? (ALIGN[String(v)] ?? Yoga.ALIGN_STRETCH) : Yoga.ALIGN_STRETCH),
  alignSelf: (y, v) => y.setAlignSelf(v ? (ALIGN[String(v)] ?? Yoga.ALIGN_AUTO) : Yoga.ALIGN_AUTO),
  justifyContent: (y, v) =>
    y.setJustifyContent(
      v ? (JUSTIFY[String(v)] ?? Yoga.JUSTIFY_FLEX_START) : Yoga.JUSTIFY_FLEX_START,
    ),
  width: (y, v) =>
    size(
      v,
      (n) => y.setWidth(n),
      (n) => y.setWidthPercent(n),
      () => y.setWidthAuto(),
    ),
  height: (y, v) =>
    size(
      v,
      (n) => y.setHeight(n),
      (n) => y.setHeightPercent(n),
      () => y.setHeightAuto(),
    ),
  minWidth: (y, v) => y.setMinWidth(num(v) ?? 0),
  minHeight: (y, v) => y.setMinHeight(num(v) ?? 0),
  maxWidth: (y, v) => y.setMaxWidth(num(v) ?? Number.NaN),
  maxHeight: (y, v) => y.setMaxHeight(num(v) ?? Number.NaN),
  display: (y, v) => y.setDisplay(v === 'none' ? Yoga.DISPLAY_NONE : Yoga.DISPLAY_FLEX),
  borderStyle: (y, _v, p) => border(y, p),
  borderTop: (y, _v, p) => border(y, p),
  borderBottom: (y, _v, p) => border(y, p),
  borderLeft: (y, _v, p) => border(y, p),
  borderRight: (y, _v, p) => border(y, p),
  gap: (y, v) => y.setGap(Yoga.GUTTER_ALL, num(v) ?? 0),
  columnGap: (y, v) => y.setGap(Yoga.GUTTER_COLUMN, num(v) ?? Number.NaN),
  rowGap: (y, v) => y.setGap(Yoga.GUTTER_ROW, num(v) ?? Number.NaN),
};

/** The props that changed between two renders of a box, put to its Yoga node. */
export function applyBox(
  yoga: YogaNode,
  props: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): void {
  // A new box takes every prop it is given, one given as undefined too (its default, as Ink's).
  for (const key in props) {
    if (key === 'children' || (previous && props[key] === previous[key])) continue;
    APPLY[key]?.(yoga, props[key], props);
  }
  for (const key in previous) {
    if (key === 'children' || key in props) continue;
    APPLY[key]?.(yoga, undefined, props);
  }
}
