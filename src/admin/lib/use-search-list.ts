import { useState } from 'react';
import type { z } from 'zod';
import { paginated } from '../../contract/index.ts';
import { api, answer } from './api.ts';
import { mutate, withItem } from './mutate.ts';
import { useDebounced, useResource } from './use-resource.ts';

/**
 * A paginated API list with a search box and a status filter; changing either returns to page 1
 * (as the catalogue does). The search waits for typing to pause. `extra` holds a page's own filters (the
 * caller returns to page 1 when it changes them); empty values are left out.
 */
export function useSearchList<T extends { id: number }, S extends string>(
  path: string,
  pageSize: number,
  item: z.ZodType<T>,
  extra: Readonly<Record<string, string>> = {},
) {
  const [q, setQuery] = useState('');
  const [status, setStatusValue] = useState<S | ''>('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q.trim());
  const list = useResource(
    () =>
      answer(
        paginated(item),
        api().get(path, {
          searchParams: {
            page,
            limit: pageSize,
            ...(query ? { q: query } : {}),
            ...(status ? { status } : {}),
            ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== '')),
          },
        }),
      ),
    `${page}|${query}|${status}|${JSON.stringify(extra)}`,
  );
  const setQ = (value: string) => {
    setQuery(value);
    setPage(1);
  };
  const setStatus = (value: S | '') => {
    setStatusValue(value);
    setPage(1);
  };
  /** PATCH {path}/{id}/status, then shows the server's copy in place. */
  const changeStatus = async (id: number, next: S, success?: string) => {
    const outcome = await mutate(
      () => answer(item, api().patch(`${path}/${id}/status`, { json: { status: next } })),
      { ...(success ? { success } : {}), failure: 'Le statut n’a pas pu être modifié' },
    );
    if (outcome.ok) list.setData(withItem(outcome.value));
  };
  return { q, setQ, status, setStatus, page, setPage, list, changeStatus };
}
