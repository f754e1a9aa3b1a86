import { type ConnectivityApi, type EventCategory } from '../../../../core/api/connectivity';

export const rowStyle = { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' } as const;
export const eventRowStyle = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '6px',
  padding: '10px 0',
  borderBottom: '1px solid var(--ae-color-divider)',
} as const;

export interface TabProps {
  api: ConnectivityApi;
  categories: EventCategory[];
  canWrite: boolean;
}

export const eventName = (categories: EventCategory[], key: string) =>
  categories.flatMap((c) => c.events ?? []).find((e) => e.key === key)?.displayName ?? key;
