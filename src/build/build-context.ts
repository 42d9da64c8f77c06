import type { AgencySettings, Property, PublicTeamMember } from '../contract/index.ts';
import type { Rates } from '../shared/money.ts';

/**
 * What one build of the site renders from, read from the API when it starts and the same for every page it
 * writes: a listing edited meanwhile waits for the next publish, and no page shows another's data.
 */
export interface BuildInputs {
  /** The build's clock: every "today" and "this year" a page shows comes from here. */
  now: Date;
  settings: AgencySettings;
  rates: Rates;
  /** Every listing the API knows, newest first. */
  properties: Property[];
  /** The active team members the about page shows. */
  team: PublicTeamMember[];
}

interface Context {
  inputs: Promise<BuildInputs>;
  /** The inputs once read: the synchronous readers (site-config.ts) need them without awaiting. */
  ready: BuildInputs | null;
  /** Values worked out once per build from its inputs (perBuild). */
  memo: Map<string, unknown>;
}

/**
 * One context per build, on the process's global object: the integrations and the pages' bundle are two
 * copies of the build's modules in one process, and the site renderer (src/build/render) renders one
 * build after another in the same process, each with its own data.
 */
const KEY = Symbol.for('ndako.build.context');
const shared = globalThis as { [KEY]?: Context };

/** Starts a build's context: what perBuild worked out for the last one is forgotten. */
export function startBuild(inputs: BuildInputs | Promise<BuildInputs>): Promise<BuildInputs> {
  const context: Context = { inputs: Promise.resolve(inputs), ready: null, memo: new Map() };
  void context.inputs.then(
    (value) => (context.ready = value),
    () => {},
  );
  shared[KEY] = context;
  return context.inputs;
}

/** The current build's inputs; `load` reads them when no build has started (a plain `astro build`). */
export function buildInputs(load: () => Promise<BuildInputs>): Promise<BuildInputs> {
  return shared[KEY]?.inputs ?? startBuild(load());
}

/** The inputs when they are read already; null outside a build (astro check, unit tests). */
export const readyInputs = (): BuildInputs | null => shared[KEY]?.ready ?? null;

/** A value worked out once per build, however many pages ask for it. */
export function perBuild<T>(name: string, make: () => T): T {
  const context = shared[KEY];
  if (!context) return make();
  if (!context.memo.has(name)) context.memo.set(name, make());
  return context.memo.get(name) as T;
}
