/**
 * The default face in the replay viewer: the play screen's own board as it stood, and beside it
 * a panel of the game's lines (the sides, the scores) over the timeline, the notice and the keys.
 */
import type { ComponentType, ReactNode } from 'react';
import { Box } from '../render/components.js';
import { ReplayPanel, ReplayTail } from './PanelParts.js';
import type { ReplayScreenProps } from './replay-model.js';

/** What a game declares for its default replay face. */
export interface ReplayFaceOf<S> {
  board(state: S, props: ReplayScreenProps): ReactNode;
  /** The panel's width beside the board, in a window this wide. */
  panelWidth(state: S, width: number): number;
  /** The game's lines over the timeline, `width` wide, and the rows left to the timeline. */
  side(
    state: S,
    props: ReplayScreenProps,
    width: number,
  ): { readonly lines: ReactNode; readonly timelineRows: number };
}

export function replayFace<S>(face: ReplayFaceOf<S>): ComponentType<ReplayScreenProps> {
  return function FaceReplay(props: ReplayScreenProps) {
    const state = props.state as S;
    const width = face.panelWidth(state, props.width);
    const { lines, timelineRows } = face.side(state, props, width - 4);
    return (
      <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
        {face.board(state, props)}
        <ReplayPanel width={width}>
          {lines}
          <ReplayTail
            timeline={props.timeline}
            width={width - 4}
            rows={timelineRows}
            notice={props.notice}
            keys={props.keys}
          />
        </ReplayPanel>
      </Box>
    );
  };
}
