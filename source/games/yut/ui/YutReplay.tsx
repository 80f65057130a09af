/** Yut's face in the replay viewer: the same board and turn panel, driven by the recording. */
import { Box } from '../../../render/components.js';
import type { GameEvent } from '../../../engine/game.js';
import type { ReplayScreenProps } from '../../../ui/replay-model.js';
import type { YutEvent, YutState } from '../rules.js';
import type { Sticks } from '../sticks.js';
import { YutBoard, BOARD_BOX_HEIGHT, BOARD_BOX_WIDTH } from './YutBoard.js';
import type { YutPlay } from './play.js';
import { YutPanel } from './YutPanel.js';

/** The last throw at or before the current event, for the sticks panel. */
function lastThrow(
  events: readonly GameEvent[],
  index: number,
  initial: YutState,
  states: (i: number) => YutState,
) {
  for (let i = index - 1; i >= 0 && i >= index - 200; i--) {
    const event = events[i] as YutEvent;
    if (event.type === 'yut/sticksThrown')
      return { seat: (i === 0 ? initial : states(i)).turn, sticks: event.sticks as Sticks };
  }
  return null;
}

export function YutReplay(props: ReplayScreenProps) {
  const state = props.state as YutState;
  const play: YutPlay = {
    initial: state,
    events: [],
    state,
    seats: props.seats,
    selection: null,
    log: props.timeline,
    notice: props.notice,
    lastThrow: lastThrow(
      props.events,
      props.index,
      props.stateAt(0) as YutState,
      (i) => props.stateAt(i) as YutState,
    ),
    overlay: null,
    turnStart: false,
    numbers: false,
  };
  const panelWidth = Math.min(props.width - BOARD_BOX_WIDTH, 56);
  return (
    <Box width={props.width} height={props.height} alignItems="center" justifyContent="center">
      <Box height={BOARD_BOX_HEIGHT}>
        <YutBoard state={state} />
        <YutPanel
          play={play}
          preview={undefined}
          width={panelWidth}
          height={BOARD_BOX_HEIGHT}
          keyLines={props.keys}
          timeline
        />
      </Box>
    </Box>
  );
}
