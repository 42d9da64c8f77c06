// Small conversions shared by the repositories between rows and the contract's shapes.

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** Escapes LIKE wildcards so a visitor's "%" or "_" is searched literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
