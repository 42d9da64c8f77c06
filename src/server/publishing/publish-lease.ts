import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Actor } from '../repositories/audit.ts';
import type { LeasedRun, PublishLeaseRepository } from './publish-lease-repository.ts';

export interface PublishLeaseOptions {
  /** A lease not renewed for this long is over: what a crashed holder keeps publishing blocked at most. */
  ttlMs?: number;
  /** How often the holder renews it, and says its build's step and progress to the other instances. */
  renewMs?: number;
  log: FastifyBaseLogger;
}

/** Where a run is, as the publisher keeps it (renewals copy it into the lease row). */
export interface RunProgress {
  startedAt: Date;
  step: string | null;
  progress: number | null;
}

export interface HeldLease {
  /** Ends the lease; answers who asked another instance for a publish during the run (one more run). */
  release(): Promise<Actor | null>;
}

/**
 * One publish at a time across the API instances on one database (decision 0031): the instance that takes
 * the lease builds, renews it every few seconds with its progress, and ends it when the build ends. Another
 * instance asked to publish meanwhile does not build: it leaves the request in the lease row, so the holder
 * runs once more after its build, as one instance does with a request made during its own run.
 */
export function publishLease(repo: PublishLeaseRepository, options: PublishLeaseOptions) {
  const { ttlMs = 30_000, renewMs = 3_000, log } = options;
  // Two apps in one process (the tests) are two instances: the random part tells them apart.
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  function keep(run: RunProgress, lost: (reason: string) => void): HeldLease {
    let renewedAt = Date.now();
    let renewing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = repo.renew(holder, ttlMs, run.step, run.progress).then(
        (mine) => {
          if (mine) renewedAt = Date.now();
          else lost('le verrou de publication a été repris par une autre instance');
        },
        (error: unknown) => {
          log.warn({ err: error }, 'the publish lease could not be renewed');
          // Past half its time another instance may soon take it: stop before two builds go online.
          if (Date.now() - renewedAt >= ttlMs / 2) lost('la base de données ne répond plus');
        },
      );
    }, renewMs);
    timer.unref();
    return {
      async release() {
        clearInterval(timer);
        await renewing;
        try {
          return await repo.release(holder);
        } catch (error) {
          // It expires by itself; a request left in it meanwhile is lost with it (the next edit asks again).
          log.warn({ err: error }, 'the publish lease could not be released: it expires by itself');
          return null;
        }
      },
    };
  }

  return {
    holder,

    /**
     * The lease for a run of this instance, kept until released; null when another instance is building,
     * which then runs once more for `actor`. `lost` is called if the lease stops being this instance's.
     */
    async acquire(actor: Actor, run: RunProgress, lost: (reason: string) => void): Promise<HeldLease | null> {
      // A lease that ends between the two statements is taken on the second try.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await repo.take(holder, ttlMs, run)) return keep(run, lost);
        if (await repo.askHolder(actor)) return null;
      }
      throw new Error('Le verrou de publication n’a pas pu être pris : réessayez');
    },

    /** The build another instance is running now, if any. */
    async elsewhere(): Promise<LeasedRun | null> {
      const running = await repo.running();
      return running && running.holder !== holder ? running : null;
    },
  };
}

export type PublishLease = ReturnType<typeof publishLease>;
