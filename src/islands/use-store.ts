import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * A nanostore's value in a component, re-rendered when it changes. @nanostores/react would import React
 * itself from node_modules, where the public islands' Preact alias does not reach (src/build/islands-runtime.ts).
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const read = useCallback(() => store.get(), [store]);
  return useSyncExternalStore(subscribe, read, read);
}
