import { Subject, filter, map, type Observable } from 'rxjs';
import type { User } from './api/types';

/**
 * Every event of the bus and its payload, in one map. Elements re-dispatch each one as a DOM
 * CustomEvent of the same name (bubbling, composed) so vanilla hosts can listen on the element.
 */
export interface BusEvents {
  /** The first session check finished (after a reload: signed in or not). */
  'auth:ready': { isAuthenticated: boolean };
  'auth:login': { user: User };
  'auth:logout': Record<string, never>;
  'auth:signUpComplete': { email: string; userId?: string; tenantId?: string; shouldActivate: boolean };
  'auth:tokenRefreshed': { expiresAt: number };
  /** A new user signed up through a social provider, whose email the provider vouches for. */
  'auth:userVerified': { email: string; userId?: string };
  'auth:error': { action: string; message: string };
  /** The user agreed to register the quick-login method named by the register-quick-login flag. */
  'auth:registerQuickLogin': { method: string };
  'checkout:open': { planId?: string };
  'checkout:close': { status: 'success' | 'error' | 'cancel' };
}

export type BusEventName = keyof BusEvents;
export interface BusMessage<K extends BusEventName = BusEventName> {
  type: K;
  payload: BusEvents[K];
}

export interface EventBus {
  emit<K extends BusEventName>(type: K, payload: BusEvents[K]): void;
  on<K extends BusEventName>(type: K): Observable<BusEvents[K]>;
  readonly all$: Observable<BusMessage>;
}

export function createEventBus(): EventBus {
  const subject = new Subject<BusMessage>();
  return {
    emit: (type, payload) => subject.next({ type, payload } as BusMessage),
    on: <K extends BusEventName>(type: K) =>
      subject.pipe(
        filter((m): m is BusMessage<K> => m.type === type),
        map((m) => m.payload),
      ),
    all$: subject.asObservable(),
  };
}
