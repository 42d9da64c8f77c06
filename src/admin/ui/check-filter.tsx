import { useState } from 'react';
import type { z } from 'zod';
import { useSearchList } from '../lib/use-search-list.ts';

/**
 * A search list with one yes/no filter beside its search and status (the messages' "Signalements
 * seulement", the listings' "À revérifier seulement"): when `checked`, the query carries `key=value`; switching
 * it returns to page 1, as the other filters do.
 */
export function useCheckedSearchList<T extends { id: number }, S extends string>(
  path: string,
  pageSize: number,
  item: z.ZodType<T>,
  filter: { key: string; value: string },
) {
  const [checked, setChecked] = useState(false);
  const searchList = useSearchList<T, S>(path, pageSize, item, { [filter.key]: checked ? filter.value : '' });
  const check = (value: boolean) => {
    setChecked(value);
    searchList.setPage(1);
  };
  return { ...searchList, checked, check };
}

/** The checkbox of that filter, under the list's toolbar. */
export function CheckFilter({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="adm-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
