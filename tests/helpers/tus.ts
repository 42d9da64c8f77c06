import type { FastifyInstance } from 'fastify';

/** tus 1.0 calls as the admin's client sends them (tus-js-client), through `inject`. */
export function tusClient(app: FastifyInstance, auth: Record<string, string>) {
  const base = { 'tus-resumable': '1.0.0', ...auth };
  return {
    create: (length: number | string, extra: Record<string, string> = {}, on = app) =>
      on.inject({
        method: 'POST',
        url: '/api/media/uploads',
        headers: {
          ...base,
          'upload-length': String(length),
          'upload-metadata': `filename ${Buffer.from('visite.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
          ...extra,
        },
      }),
    head: (location: string, on = app) => on.inject({ method: 'HEAD', url: location, headers: base }),
    patch: (location: string, offset: number, bytes: Buffer, on = app, extra: Record<string, string> = {}) =>
      on.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...base,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          ...extra,
        },
        payload: bytes,
      }),
    remove: (location: string, on = app) => on.inject({ method: 'DELETE', url: location, headers: base }),
    finish: (location: string, on = app) =>
      on.inject({ method: 'POST', url: `${location}/finish`, headers: auth }),
  };
}

/** The upload's id in its Location (`/api/media/uploads/<id>`). */
export const uploadId = (location: string) => location.split('/').at(-1)!;
