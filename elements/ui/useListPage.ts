import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../core/api/errors';

/** Typing settles this long before a search is sent; a new search starts at the first page. */
const SEARCH_DELAY_MS = 300;

export type SortOrder = 'ASC' | 'DESC';
export interface SortState<S extends string> {
  by: S;
  order: SortOrder;
}
export interface ListQuery<S extends string> {
  filter: string;
  sortBy: S | undefined;
  order: SortOrder | undefined;
  page: number;
  pageSize: number;
}
export interface ListData<T> {
  items: T[];
  totalItems: number;
  totalPages: number;
}
type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };
export type ListLoad<T> = Load<ListData<T>>;

/** A server page (`{ items, _metadata }`) or a whole list, as the table's data. */
export function listData<T>(
  result: T[] | { items: T[]; _metadata: { totalItems: number; totalPages: number } },
): ListData<T> {
  return Array.isArray(result)
    ? { items: result, totalItems: result.length, totalPages: 1 }
    : {
        items: result.items,
        totalItems: result._metadata.totalItems,
        totalPages: result._metadata.totalPages,
      };
}

/**
 * The state of a list page: the search box (debounced into `filter`), the sort (pressing the sorted
 * column again reverses it; any change goes back to the first page), the page and its size, and the
 * load of `fetch(query)`. The last rows stay on screen while a reload runs; `reload()` is what every
 * change calls (spec 001 §4 "Group mutations reload groups"); `update` edits the loaded rows in place.
 * `deps` lists what else the fetch reads (a preset filter, the API module).
 */
export function useListPage<T, S extends string = string>({
  fetch,
  deps = [],
  initialSort,
  pageSize: initialPageSize = 20,
  enabled = true,
}: {
  fetch: (query: ListQuery<S>) => Promise<ListData<T>>;
  deps?: unknown[];
  initialSort?: SortState<S>;
  pageSize?: number;
  enabled?: boolean;
}) {
  const [search, setSearchText] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState<S> | undefined>(initialSort);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeState] = useState(initialPageSize);

  useEffect(() => {
    if (search === filter) return undefined;
    const timer = setTimeout(() => {
      setFilter(search);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter]);

  const { load, setLoad, reload } = useLoad<ListData<T>>(
    () => fetch({ filter, sortBy: sort?.by, order: sort?.order, page, pageSize }),
    [filter, sort, page, pageSize, ...deps],
    enabled,
  );

  const toggleSort = useCallback((by: S) => {
    setSort((current) => ({ by, order: current?.by === by && current.order === 'ASC' ? 'DESC' : 'ASC' }));
    setPage(0);
  }, []);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPage(0);
  }, []);
  const update = useCallback(
    (change: (data: ListData<T>) => ListData<T>) =>
      setLoad((current) =>
        current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current,
      ),
    [setLoad],
  );
  /** Goes back to the first page (a preset filter changed). */
  const restart = useCallback(() => setPage(0), []);

  return {
    search,
    setSearch: setSearchText,
    filter,
    sort,
    toggleSort,
    page,
    setPage,
    pageSize,
    setPageSize,
    load,
    reload,
    update,
    restart,
  };
}

/** What a search or filter field settles on once typing stops (SEARCH_DELAY_MS later). */
export function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Loads with `fetcher` whenever `deps` or a reload change; the last data stays on screen while
 * a reload runs. For what is not a list (a catalogue, a form's data) and for useListPage's pages.
 * `refresh()` loads again and resolves once the new data (or the failure) is shown: for a change
 * whose buttons stay busy until the list shows its effect.
 */
export function useLoad<T>(fetcher: () => Promise<T>, deps: unknown[], enabled = true) {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(fetcher);
  latest.current = fetcher;
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    setLoad((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    fetcher()
      .then((data) => {
        if (live) setLoad({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (live) setLoad({ status: 'error', message: errorMessage(error) });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the fetcher reads in deps (the fetcher itself is new each render)
  }, [...deps, attempt, enabled]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(async () => {
    try {
      setLoad({ status: 'ready', data: await latest.current() });
    } catch (error) {
      setLoad({ status: 'error', message: errorMessage(error) });
    }
  }, []);
  return { load, setLoad, reload, refresh };
}
