/**
 * React's side of the renderer: the host config that keeps the tree of nodes.ts as React commits
 * (the shape of Ink's own, for the two elements madang's screens are made of).
 */
import { createContext } from 'react';
import createReconciler from 'react-reconciler';
import { DefaultEventPriority, NoEventPriority } from 'react-reconciler/constants.js';
import { cellText } from '../engine/safe-text.js';
import {
  applyBox,
  type BoxNode,
  createBox,
  createSpan,
  createString,
  createText,
  free,
  insert,
  type Node,
  remove,
  type RootNode,
  setHidden,
  type StringNode,
  textChanged,
  type TextNode,
  type SpanNode,
  type Run,
} from './nodes.js';
import { sameStyle } from './cells.js';

/** The host elements: a Box and a Text as madang's components make them here. */
export const BOX = 'madang-box';
export const TEXT = 'madang-text';

interface HostContext {
  readonly inText: boolean;
}
const OUTSIDE: HostContext = { inText: false };
const INSIDE: HostContext = { inText: true };

type Props = Record<string, unknown>;

/** A text's line ends as Ink joins them (CR LF a line end), before the gate shows the rest. */
const inkLines = (text: string) => text.replaceAll('\r\n', '\n');

/** Runs made again for a line that did not change are the same runs: nothing to measure again. */
function sameRuns(a: readonly Run[] | undefined, b: readonly Run[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Run;
    const y = b[i] as Run;
    if (x.text !== y.text || !sameStyle(x.style, y.style)) return false;
  }
  return true;
}
type Instance = BoxNode | TextNode | SpanNode;

/**
 * A text's or a span's style props (nodes.ts RunProps) the same: all a span draws by. Read by
 * name, not key by key over the props: a loop of keyed reads over every element's props was
 * optimised and thrown away again by V8 all game long (a deopt at each new set of names).
 */
const sameStyleProps = (a: Props, b: Props) =>
  a.color === b.color &&
  a.dimColor === b.dimColor &&
  a.bold === b.bold &&
  a.underline === b.underline &&
  a.inverse === b.inverse;

let priority: number = NoEventPriority;

const withoutChildren = (props: Props): Props => {
  const rest: Props = {};
  for (const key in props) if (key !== 'children') rest[key] = props[key];
  return rest;
};

const config = {
  getRootHostContext: () => OUTSIDE,
  getChildHostContext: (_parent: HostContext, type: string) => (type === TEXT ? INSIDE : OUTSIDE),
  prepareForCommit: () => null,
  resetAfterCommit: (root: RootNode) => root.committed(),
  preparePortalMount: () => undefined,
  clearContainer: () => false,
  shouldSetTextContent: () => false,
  createInstance(type: string, props: Props, _root: RootNode, context: HostContext): Instance {
    if (type === BOX) {
      if (context.inText) throw new Error('<Box> can’t be nested inside <Text> component');
      return createBox(withoutChildren(props));
    }
    return context.inText
      ? createSpan(withoutChildren(props))
      : createText(withoutChildren(props) as TextNode['props']);
  },
  createTextInstance(text: string, _root: RootNode, context: HostContext): StringNode {
    if (!context.inText)
      throw new Error(`Text string "${text}" must be rendered inside <Text> component`);
    return createString(cellText(inkLines(text)));
  },
  appendInitialChild: (parent: Instance, child: Node) => insert(parent, child),
  appendChild: (parent: Instance, child: Node) => insert(parent, child),
  insertBefore: (parent: Instance, child: Node, before: Node) => insert(parent, child, before),
  appendChildToContainer: (root: RootNode, child: Node) => insert(root, child),
  insertInContainerBefore: (root: RootNode, child: Node, before: Node) =>
    insert(root, child, before),
  removeChild(parent: Instance, child: Node) {
    remove(parent, child);
    free(child);
  },
  removeChildFromContainer(root: RootNode, child: Node) {
    remove(root, child);
    free(child);
  },
  finalizeInitialChildren: () => false,
  commitUpdate(node: Instance, _type: string, before: Props, after: Props) {
    const props = withoutChildren(after);
    if (node.kind === 'box') {
      applyBox(node.yoga, props, before);
      node.props = props;
      return;
    }
    if (node.kind === 'text') {
      if (before.wrap !== after.wrap) node.yoga.markDirty();
      node.props = props as TextNode['props'];
      // Its style worked out again only when a style prop changed: a new style object would
      // cut its text into cells again on every frame (text.ts keeps them for one style).
      if (!sameStyleProps(before, after)) node.own = undefined;
      if (!sameRuns(before.segments as Run[] | undefined, after.segments as Run[] | undefined))
        textChanged(node);
      return;
    }
    // A span made again with the same style (every render of a Styled) changes nothing: its
    // text is not measured and cut into cells again.
    const same = sameStyleProps(node.props as Props, props);
    node.props = props;
    if (!same) textChanged(node.parent);
  },
  commitTextUpdate(node: StringNode, _before: string, after: string) {
    node.value = cellText(inkLines(after));
    textChanged(node.parent);
  },
  resetTextContent: () => undefined,
  hideInstance: (node: Instance) => setHidden(node, true),
  unhideInstance: (node: Instance) => setHidden(node, false),
  hideTextInstance(node: StringNode) {
    node.value = '';
    textChanged(node.parent);
  },
  unhideTextInstance(node: StringNode, text: string) {
    node.value = cellText(inkLines(text));
    textChanged(node.parent);
  },
  getPublicInstance: (instance: Instance) => instance,
  isPrimaryRenderer: false,
  supportsMutation: true,
  supportsPersistence: false,
  supportsHydration: false,
  supportsMicrotasks: true,
  scheduleMicrotask: queueMicrotask,
  scheduleTimeout: setTimeout,
  cancelTimeout: clearTimeout,
  noTimeout: -1,
  beforeActiveInstanceBlur: () => undefined,
  afterActiveInstanceBlur: () => undefined,
  detachDeletedInstance: () => undefined,
  getInstanceFromNode: () => null,
  prepareScopeUpdate: () => undefined,
  getInstanceFromScope: () => null,
  setCurrentUpdatePriority(next: number) {
    priority = next;
  },
  getCurrentUpdatePriority: () => priority,
  resolveUpdatePriority: () => (priority === NoEventPriority ? DefaultEventPriority : priority),
  maySuspendCommit: () => false,
  NotPendingTransition: null,
  HostTransitionContext: createContext(null) as never,
  resetFormInstance: () => undefined,
  requestPostPaintCallback: () => undefined,
  shouldAttemptEagerTransition: () => false,
  trackSchedulerEvent: () => undefined,
  resolveEventType: () => null,
  resolveEventTimeStamp: () => -1.1,
  preloadInstance: () => true,
  startSuspendingCommit: () => undefined,
  suspendInstance: () => undefined,
  waitForCommitToBeReady: () => null,
};

// The config's types are checked above, parameter by parameter; react-reconciler's own generic
// has twenty-odd parameters for what this renderer does not use.
export const reconciler = createReconciler(config as never) as unknown as {
  createContainer: (...args: unknown[]) => unknown;
  updateContainerSync: (
    element: unknown,
    container: unknown,
    parent: null,
    done: () => void,
  ) => void;
  flushSyncWork: () => void;
};

export type { Node };
