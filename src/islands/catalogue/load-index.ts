import { decodeIndex, type Listing, type ListingIndexFile } from './listing-index.ts';

let request: Promise<Listing[]> | undefined;

/** The static listing index, fetched once per page; a failed fetch can be retried. */
export function loadIndex(): Promise<Listing[]> {
  request ??= fetch('/data/listings.json')
    .then((r) => {
      if (!r.ok) throw new Error(`listings.json: ${r.status}`);
      return r.json() as Promise<ListingIndexFile>;
    })
    .then(decodeIndex)
    .catch((error: unknown) => {
      request = undefined;
      throw error;
    });
  return request;
}
