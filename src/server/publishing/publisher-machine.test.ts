import { describe, expect, it } from 'vitest';
import type { Actor } from '../repositories/audit.ts';
import { initialState, transition, type MachineEvent, type MachineState } from './publisher-machine.ts';

const ana: Actor = { id: 1, name: 'Ana' };
const ben: Actor = { id: 2, name: 'Ben' };
const auto: Actor = { id: null, name: 'Publication automatique' };
const at = new Date('2026-01-01T10:00:00Z');

/** Feeds events one after the other; answers the last state and every effect asked for. */
function run(events: MachineEvent[], from: MachineState = initialState) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const result = transition(state, event);
    state = result.state;
    effects.push(...result.effects);
  }
  return { state, effects };
}

describe('the publisher machine', () => {
  it('starts a run on a request when idle, disarming the automatic publish', () => {
    const { state, effects } = run([{ type: 'request', actor: ana }]);
    expect(state.phase).toEqual({ name: 'running', actor: ana, queued: null });
    expect(effects).toEqual([{ type: 'disarm' }, { type: 'start', actor: ana }]);
  });

  it('remembers the last request made during a run and serves it with one more run', () => {
    const during = run([
      { type: 'request', actor: ana },
      { type: 'request', actor: ben },
      { type: 'request', actor: ana },
    ]);
    expect(during.state.phase).toEqual({ name: 'running', actor: ana, queued: ana });
    expect(during.effects.filter((e) => e.type === 'start')).toHaveLength(1);
    // Each request during the run tells it that what it does once its pages are online can stop.
    expect(during.effects.filter((e) => e.type === 'supersede')).toHaveLength(2);
    const after = run([{ type: 'ended', askedElsewhere: null }], during.state);
    expect(after.state.phase).toEqual({ name: 'running', actor: ana, queued: null });
    expect(after.effects).toContainEqual({ type: 'start', actor: ana });
    expect(run([{ type: 'ended', askedElsewhere: null }], after.state).state.phase).toEqual({ name: 'idle' });
  });

  it('runs once more for a request another instance left, a local one first', () => {
    const elsewhere = run([
      { type: 'request', actor: ana },
      { type: 'ended', askedElsewhere: ben },
    ]);
    expect(elsewhere.state.phase).toEqual({ name: 'running', actor: ben, queued: null });
    const both = run([
      { type: 'request', actor: ana },
      { type: 'request', actor: ana },
      { type: 'ended', askedElsewhere: ben },
    ]);
    expect(both.state.phase).toMatchObject({ actor: ana });
  });

  it('arms the automatic publish on a change, re-arms on the next, and starts it when due', () => {
    const later = new Date(at.getTime() + 60_000);
    const armed = run([
      { type: 'change', at },
      { type: 'change', at: later },
    ]);
    expect(armed.state).toEqual({ phase: { name: 'idle' }, autoAt: later });
    expect(armed.effects).toEqual([
      { type: 'arm', at },
      { type: 'arm', at: later },
    ]);
    const fired = run([{ type: 'timer', actor: auto }], armed.state);
    expect(fired.state).toEqual({ phase: { name: 'running', actor: auto, queued: null }, autoAt: null });
  });

  it('never arms without a delay, and a run disarms what a change armed', () => {
    expect(run([{ type: 'change', at: null }]).effects).toEqual([]);
    const { state } = run([
      { type: 'change', at },
      { type: 'request', actor: ana },
    ]);
    expect(state.autoAt).toBeNull();
  });

  it('arms during a run (the change is not in it), and the timer then queues a run', () => {
    const { state } = run([
      { type: 'request', actor: ana },
      { type: 'change', at },
      { type: 'timer', actor: auto },
    ]);
    expect(state).toEqual({ phase: { name: 'running', actor: ana, queued: auto }, autoAt: null });
  });

  it('closes: stops the running build, and nothing starts or arms afterwards', () => {
    const closing = run([{ type: 'request', actor: ana }, { type: 'change', at }, { type: 'close' }]);
    expect(closing.state).toEqual({ phase: { name: 'closed' }, autoAt: null });
    expect(closing.effects.slice(-2)).toEqual([{ type: 'disarm' }, { type: 'abort' }]);
    const after = run(
      [
        { type: 'ended', askedElsewhere: ben },
        { type: 'request', actor: ana },
        { type: 'change', at },
        { type: 'timer', actor: auto },
      ],
      closing.state,
    );
    expect(after).toEqual({ state: closing.state, effects: [] });
    expect(run([{ type: 'close' }]).effects).toEqual([{ type: 'disarm' }]);
  });

  it('ignores an end with no run going', () => {
    expect(run([{ type: 'ended', askedElsewhere: ana }]).state).toEqual(initialState);
  });
});
