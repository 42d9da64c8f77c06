import { useCallback, useEffect, useState } from 'react';
import { decodeIndex, type Listing, type ListingIndexFile } from '../../shared/listing-index.ts';
import { staticJson } from './static-json.ts';

let decoded: Promise<Listing[]> | undefined;

/** The static listing index, fetched and decoded once per page; a failed fetch can be retried. */
export function loadIndex(): Promise<Listing[]> {
  decoded ??= staticJson<ListingIndexFile>('/data/listings.json')
    .then(decodeIndex)
    .catch((error: unknown) => {
      decoded = undefined;
      throw error;
    });
  return decoded;
}

export type IndexStatus = 'loading' | 'ready' | 'error';

/** The index for a React island: its listings once loaded, the status, and a retry for the error state. */
export function useListingIndex() {
  const [listings, setListings] = useState<Listing[] | null>(null);
  const [status, setStatus] = useState<IndexStatus>('loading');
  const load = useCallback(() => {
    setStatus('loading');
    loadIndex().then(
      (all) => {
        setListings(all);
        setStatus('ready');
      },
      () => {
        setListings(null);
        setStatus('error');
      },
    );
  }, []);
  useEffect(load, [load]);
  return { listings, status, retry: load };
}
