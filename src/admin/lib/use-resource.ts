import { useCallback, useEffect, useRef, useState } from 'react';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data locally, e.g. after an update the server confirmed. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/** Loads `load()` when `key` changes; only the latest load may set the state. */
export function useResource<T>(load: () => Promise<T>, key: string): Resource<T> {
  const [data, setState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const run = ++latest.current;
    setLoading(true);
    setError(null);
    loader
      .current()
      .then((value) => {
        if (run === latest.current) setState(value);
      })
      .catch((reason: unknown) => {
        if (run !== latest.current) return;
        console.error(reason);
        setError(reason);
      })
      .finally(() => {
        if (run === latest.current) setLoading(false);
      });
  }, [key, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setState(update), []);
  return { data, error, loading, reload, setData };
}

/** Waits `ms` after the last change of `value` (search boxes). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
