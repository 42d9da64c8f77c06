import { useEffect, useRef, useState } from 'react';
import { idListQuery, parseIdList, type IdList } from '../shared/id-list.ts';
import { pointShareMenu } from '../browser/share-menu.ts';

/**
 * The ids a link carried (`?ids=…`, decision 0027), read once the island runs: the pre-built page cannot know
 * them. Null while not read yet or when the address has no `ids`. `replace` rewrites the address (without
 * a new history entry) so what is on screen stays what a copied address shows.
 */
export function useLinkedIds(max: number) {
  const [linked, setLinked] = useState<IdList | null>(null);
  const [read, setRead] = useState(false);
  useEffect(() => {
    const raw = new URLSearchParams(location.search).get('ids');
    if (raw !== null) setLinked(parseIdList(raw, max));
    setRead(true);
  }, [max]);
  const replace = (next: IdList | null) => {
    setLinked(next);
    history.replaceState(history.state, '', location.pathname + (next ? idListQuery(next.ids) : ''));
  };
  return { linked, read, replace };
}

/** The address of this page showing these ids, as a share menu sends it. */
export const linkTo = (ids: readonly number[]) => location.origin + location.pathname + idListQuery(ids);

/**
 * Points the share menu the page passed in as the island's child (src/components/ShareMenu.astro) at the
 * list on screen; hidden while the list is empty. Returns the ref for the box around the child.
 */
export function useShareMenu(ids: readonly number[]) {
  const box = useRef<HTMLDivElement>(null);
  // After every render: the menu is static HTML the island may have just re-mounted.
  useEffect(() => {
    pointShareMenu(
      box.current?.querySelector<HTMLElement>('[data-share-menu]'),
      ids.length ? linkTo(ids) : null,
    );
  });
  return box;
}
