import type { Actor } from '../repositories/audit.ts';

/**
 * The publisher's states and transitions, without any effect: the shell (publisher.ts) feeds it
 * events, keeps the state it answers, and carries out the effects it asks for. One run at a time; a request
 * during a run is remembered (the last one to ask) and served by one more run right after, so edits made
 * while a build reads the API are never left out.
 *
 *   idle ──request──▶ running ──ended, nobody waiting──▶ idle
 *                      │  ▲ request: queued = who asked
 *                      └──┘ ended with a queued request (or one left by another instance): runs again
 *   any ──close──▶ closed (the running build is stopped; nothing starts again)
 *
 * Beside the phase, the automatic publish (PUBLISH_AUTO_DELAY_SECONDS) is a timer armed by each change and
 * disarmed by the start of any run, which includes every change made so far.
 */
export type Phase =
  { name: 'idle' } | { name: 'running'; actor: Actor; queued: Actor | null } | { name: 'closed' };

export interface MachineState {
  phase: Phase;
  /** When the automatic publish will start, or null. */
  autoAt: Date | null;
}

export type MachineEvent =
  /** Someone (or the automatic timer, or start-up) asks for a publish. */
  | { type: 'request'; actor: Actor }
  /** A change that the public site shows was recorded; `at` is when an automatic publish would start. */
  | { type: 'change'; at: Date | null }
  /** The automatic publish's time has come. */
  | { type: 'timer'; actor: Actor }
  /** The running run ended; `askedElsewhere`: who asked another instance meanwhile (decision 0031). */
  | { type: 'ended'; askedElsewhere: Actor | null }
  /** Server shutdown. */
  | { type: 'close' };

export type Effect =
  | { type: 'start'; actor: Actor }
  | { type: 'arm'; at: Date }
  | { type: 'disarm' }
  /** Stop the running build (its process is killed). */
  | { type: 'abort' }
  /** A new request came while a run goes on: the run may drop what it does after its pages are online. */
  | { type: 'supersede' };

export const initialState: MachineState = { phase: { name: 'idle' }, autoAt: null };

type Result = { state: MachineState; effects: Effect[] };

/** A run starts: the automatic publish it makes useless is disarmed. */
const start = (actor: Actor): Result => ({
  state: { phase: { name: 'running', actor, queued: null }, autoAt: null },
  effects: [{ type: 'disarm' }, { type: 'start', actor }],
});

export function transition(state: MachineState, event: MachineEvent): Result {
  const { phase } = state;
  if (phase.name === 'closed') return { state, effects: [] };
  switch (event.type) {
    case 'request':
    case 'timer': {
      const timer: Partial<MachineState> = event.type === 'timer' ? { autoAt: null } : {};
      if (phase.name === 'running')
        return {
          state: { ...state, ...timer, phase: { ...phase, queued: event.actor } },
          effects: [{ type: 'supersede' }],
        };
      return start(event.actor);
    }
    case 'change':
      // A change during a run is not in it: the timer is armed as when idle.
      return event.at
        ? { state: { ...state, autoAt: event.at }, effects: [{ type: 'arm', at: event.at }] }
        : { state, effects: [] };
    case 'ended': {
      if (phase.name !== 'running') return { state, effects: [] };
      // A request made here wins over one left by another instance: either way, one more run.
      const next = phase.queued ?? event.askedElsewhere;
      return next ? start(next) : { state: { ...state, phase: { name: 'idle' } }, effects: [] };
    }
    case 'close':
      return {
        state: { phase: { name: 'closed' }, autoAt: null },
        effects: [{ type: 'disarm' }, ...(phase.name === 'running' ? [{ type: 'abort' } as const] : [])],
      };
  }
}
