import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: opaque to the client, meaningless without the server's table. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored hashed: a leaked database holds no usable session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
