import { z } from 'zod';

/**
 * The site renderer's messages (decision 0045): the server's publisher starts the renderer as a child
 * process (src/build/render/renderer-process.ts) and talks to it over the process's message channel. Each
 * side checks what it receives against these.
 */

/** Where a build is: a step in French, and pages done out of pages to do while it renders them. */
export const RenderProgress = z.object({
  step: z.string(),
  done: z.number().int().nonnegative().optional(),
  total: z.number().int().nonnegative().optional(),
});
export type RenderProgress = z.infer<typeof RenderProgress>;

export const RenderOutcome = z.object({
  /** 'new': a whole site in `dir`, to be switched to; 'applied': the live build `dir` was changed in place. */
  kind: z.enum(['new', 'applied']),
  dir: z.string(),
  /** Pages rendered, and pages the site has. */
  rendered: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  /** Files written and removed. */
  written: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** The content search's index has to follow (a 'search' request). */
  searchBehind: z.boolean(),
  /** Seconds each step took, by step: for the server's log. */
  seconds: z.record(z.string(), z.number()).default({}),
});
export type RenderOutcome = z.infer<typeof RenderOutcome>;

export const RendererRequest = z.discriminatedUnion('type', [
  /** Build the site: in place in `live` when its record allows, else whole into the empty folder `target`. */
  z.object({
    type: z.literal('build'),
    id: z.number().int(),
    live: z.string().nullable(),
    target: z.string(),
  }),
  /** Bring the search index of the live build up to date with its pages. */
  z.object({ type: z.literal('search'), id: z.number().int(), live: z.string() }),
  /** Stop request `id` (a search a new publish makes useless) before it changes anything. */
  z.object({ type: z.literal('cancel'), id: z.number().int() }),
]);
export type RendererRequest = z.infer<typeof RendererRequest>;

export const RendererReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), id: z.number().int(), progress: RenderProgress }),
  z.object({ type: z.literal('built'), id: z.number().int(), outcome: RenderOutcome }),
  z.object({ type: z.literal('searched'), id: z.number().int(), changed: z.boolean() }),
  z.object({ type: z.literal('failed'), id: z.number().int(), error: z.string() }),
  /** The code changed since the renderer started: it stops, and a new one must take the request. */
  z.object({ type: z.literal('restart'), id: z.number().int(), reason: z.string() }),
]);
export type RendererReply = z.infer<typeof RendererReply>;
