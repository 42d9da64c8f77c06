import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type DataStore, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { s3Settings, type Env } from '../../env.ts';
import { HttpError } from '../http-error.ts';
import { OTHER_ACCOUNT, tusFailure } from './partial-upload-errors.ts';

/**
 * Resumable video uploads (tus 1.0, decision 0047): the partial files live where every API instance sees
 * them, so that a resume may land on another instance (decision 0031). With media on disk, a folder beside
 * the media; with media in a bucket, multipart uploads under this prefix of the same bucket.
 */
export const PARTIAL_UPLOADS = 'partial-uploads';
/** Where the tus protocol is served (the Location of each upload is this, then its id). */
export const PARTIAL_UPLOADS_PATH = '/api/media/uploads';
/** An upload is kept this long after its creation, finished or not; then the sweep deletes it. */
export const PARTIAL_UPLOAD_TTL_MS = 24 * 3_600_000;
/** How often each instance sweeps (several instances sweeping the same store is harmless). */
export const SWEEP_INTERVAL_MS = 3_600_000;
/** An upload's id in its address: 32 hex digits, which is also the media id it becomes once finished. */
export const UPLOAD_ID = /^[a-f0-9]{32}$/;

interface PartialStore {
  /** Both stores can read an upload back (FileStore and S3Store's `read`, missing from DataStore's type). */
  datastore: DataStore & { read(id: string): Promise<Readable> | Readable };
  /** Prepended to the ids inside the store (the bucket's prefix), never shown in addresses. */
  prefix: string;
  /** The ids of every upload in the store, finished or not. */
  ids(): Promise<string[]>;
  /** Deletes an upload and all its files; one already gone is no error. */
  remove(id: string): Promise<void>;
}

const gone = (error: unknown) => error === ERRORS.FILE_NOT_FOUND || error === ERRORS.FILE_NO_LONGER_EXISTS;

function localPartialStore(env: Env): PartialStore {
  const directory = join(env.DATA_DIR, PARTIAL_UPLOADS);
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: PARTIAL_UPLOAD_TTL_MS });
  return {
    datastore,
    prefix: '',
    async ids() {
      const names = await readdir(directory).catch(() => []);
      return names.filter((n) => /^[a-f0-9]{32}\.json$/.test(n)).map((n) => n.slice(0, -'.json'.length));
    },
    async remove(id) {
      await datastore.remove(id).catch((error: unknown) => {
        if (!gone(error)) throw error;
      });
    },
  };
}

/** The bucket's store, loaded with the AWS SDK on first use (as the media store is, decision 0030). */
async function s3PartialStore(env: Env): Promise<PartialStore> {
  const [{ S3Store }, { s3Client, s3ClientConfig, listKeys, deleteKeys }] = await Promise.all([
    import('@tus/s3-store'),
    import('../../media/s3.ts'),
  ]);
  const settings = s3Settings(env);
  const bucket = env.S3_BUCKET!;
  const prefix = `${PARTIAL_UPLOADS}/`;
  const client = s3Client(settings);
  const datastore = new S3Store({
    // S3's least part; what a chunk brings beyond a whole part waits in `<id>.part` until the next one.
    partSize: 5 * 1_048_576,
    // Expiry is this server's sweep (any S3-compatible store), not bucket lifecycle rules on object tags.
    useTags: false,
    expirationPeriodInMilliseconds: PARTIAL_UPLOAD_TTL_MS,
    s3ClientConfig: { bucket, ...s3ClientConfig(settings) },
  });
  return {
    datastore: datastore as PartialStore['datastore'],
    prefix,
    async ids() {
      const keys = await listKeys(client, bucket, prefix);
      return keys
        .filter((k) => /^[a-f0-9]{32}\.info$/.test(k.slice(prefix.length)))
        .map((k) => k.slice(0, -5));
    },
    async remove(id) {
      // S3Store's own removal aborts the multipart upload first and, for a finished one (no such upload
      // any more), stops there: the assembled object and its records are deleted here in every case.
      await datastore.remove(id).catch((error: unknown) => {
        if (!gone(error)) throw error;
      });
      await deleteKeys(client, bucket, [id, `${id}.info`, `${id}.part`]);
    },
  };
}

export interface PartialUploads {
  /** Serves one tus request of `accountId`; any refusal is an HttpError with its French message. */
  handle(request: Request, accountId: number): Promise<Response>;
  /** The bytes of a finished upload of `accountId` (404 unknown, 403 another's, 409 not finished). */
  completed(id: string, accountId: number): Promise<Buffer>;
  /** Deletes an upload (its media stored, or refused for good); one already gone is no error. */
  discard(id: string): Promise<void>;
  /** Deletes the uploads created before `now` less the time they are kept; answers how many. */
  sweep(now?: number): Promise<number>;
  /** Sweeps now, then every SWEEP_INTERVAL_MS, until the answered function stops it. */
  schedule(): () => void;
}

/** The upload `id` (with the store's prefix) if `accountId` created it; another account's is refused (403). */
async function owned(store: PartialStore, id: string, accountId: number): Promise<Upload> {
  const upload = await store.datastore.getUpload(id);
  if (upload.metadata?.owner !== String(accountId)) throw OTHER_ACCOUNT;
  return upload;
}

/** What the tus hooks learn of each request: they see the web Request this module made, never Fastify's. */
interface RequestNotes {
  /** Who sends it. */
  senders: WeakMap<Request, number>;
  /** The error behind a 5xx, for the log. */
  failures: WeakMap<Request, unknown>;
}

function tusServer(store: PartialStore, maxBytes: number, { senders, failures }: RequestNotes): Server {
  return new Server({
    path: PARTIAL_UPLOADS_PATH,
    datastore: store.datastore,
    maxSize: maxBytes,
    relativeLocation: true,
    // CORS is the security plugin's, as on every API call.
    allowedOrigins: [],
    namingFunction: () => `${store.prefix}${randomBytes(16).toString('hex')}`,
    generateUrl: (_req, { path, id }) => `${path}/${id.slice(store.prefix.length)}`,
    getFileIdFromRequest: (_req, last) =>
      last && UPLOAD_ID.test(last) ? `${store.prefix}${last}` : undefined,
    // The owner is the server's to write: whatever the client sent under that name is replaced.
    onUploadCreate: async (req, upload) => ({
      metadata: {
        filename: upload.metadata?.filename ?? null,
        filetype: upload.metadata?.filetype ?? null,
        owner: String(senders.get(req)),
      },
    }),
    onIncomingRequest: async (req, id) => {
      if (req.method !== 'POST') await owned(store, id, senders.get(req) ?? -1);
    },
    onResponseError: async (req, error) => {
      if (error instanceof Error) failures.set(req, error);
      return undefined;
    },
  });
}

/** PartialUploads.completed on `store`. */
async function completedBytes(store: PartialStore, id: string, accountId: number): Promise<Buffer> {
  const upload = await owned(store, `${store.prefix}${id}`, accountId).catch((error: unknown) => {
    const status = (error as { status_code?: number }).status_code;
    throw status ? tusFailure(status, (error as { body: string }).body, undefined, 0) : error;
  });
  if (upload.size === undefined || upload.offset < upload.size) {
    throw new HttpError(
      409,
      `Téléversement incomplet : ${upload.offset} octets reçus sur ${upload.size ?? '?'}. Reprenez-le avant de le terminer.`,
    );
  }
  const stream = await store.datastore.read(`${store.prefix}${id}`);
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** PartialUploads.sweep on `store`. */
async function sweepStore(store: PartialStore, now: number, log: FastifyBaseLogger): Promise<number> {
  let removed = 0;
  for (const id of await store.ids()) {
    const upload = await store.datastore.getUpload(id).catch(() => null);
    const created = Date.parse(upload?.creation_date ?? '');
    // An upload whose record cannot be read (being created, damaged) is left for a later sweep.
    if (!upload || Number.isNaN(created)) continue;
    if (now - created < PARTIAL_UPLOAD_TTL_MS) continue;
    try {
      await store.remove(id);
      removed++;
    } catch (error) {
      log.warn({ err: error, id }, 'partial upload not swept');
    }
  }
  if (removed > 0) log.info({ removed }, 'expired partial uploads deleted');
  return removed;
}

export async function createPartialUploads(env: Env, log: FastifyBaseLogger): Promise<PartialUploads> {
  // Made at start on disk, so that the folder is there before any request (a refused one changes nothing).
  if (env.MEDIA_STORE === 'local') await mkdir(join(env.DATA_DIR, PARTIAL_UPLOADS), { recursive: true });
  const notes: RequestNotes = { senders: new WeakMap(), failures: new WeakMap() };
  const build = async () => {
    const store = env.MEDIA_STORE === 's3' ? await s3PartialStore(env) : localPartialStore(env);
    return { server: tusServer(store, env.MEDIA_MAX_VIDEO_MB * 1_048_576, notes), store };
  };
  let loaded: Promise<{ server: Server; store: PartialStore }> | undefined;
  const tus = () => (loaded ??= build());

  const uploads: PartialUploads = {
    async handle(request, accountId) {
      notes.senders.set(request, accountId);
      const { server } = await tus();
      const response = await server.handleWeb(request);
      if (response.status < 400) return response;
      const cause = notes.failures.get(request);
      const body = await response.text();
      const failure = tusFailure(response.status, body, cause, env.MEDIA_MAX_VIDEO_MB);
      if (failure.statusCode >= 500) log.error({ err: cause ?? new Error(body) }, 'tus upload failed');
      throw failure;
    },

    async completed(id, accountId) {
      const { store } = await tus();
      return completedBytes(store, id, accountId);
    },

    async discard(id) {
      const { store } = await tus();
      await store.remove(`${store.prefix}${id}`);
    },

    async sweep(now = Date.now()) {
      const { store } = await tus();
      return sweepStore(store, now, log);
    },

    schedule() {
      const run = () =>
        void uploads.sweep().catch((error: unknown) => log.warn({ err: error }, 'sweep failed'));
      run();
      const timer = setInterval(run, SWEEP_INTERVAL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
  return uploads;
}
