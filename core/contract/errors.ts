/**
 * The error catalogue of the HTTP contract (issue 13 item 6, issue 25 item 2): every error a server
 * of this contract answers, under a stable code, with its HTTP status and its message. An error
 * answer is `{ errors: [message, ...], errorCodes: [code, ...] }`, one code per message, in the same
 * order (docs/contract.md "Error codes"); the kit keeps the codes on `ApiError` and a host's
 * `localizations.serverErrors` translates a message by its code.
 *
 * Codes are stable: a code is never renamed or reused for another meaning. `{name}` in a message
 * stands for a value given when the error is thrown (`contractError('FIELD_REQUIRED', { field })`):
 * the types ask for exactly the placeholders of the code's message.
 *
 * The server (server/http/errors.ts) and the demo backend (core/demo, through
 * core/contract/answer.ts) throw or answer the same `ContractError`; nothing turns text back into a
 * code. Browser-safe; the kit imports only the types (core/api/errorCodes.ts), so the catalogue
 * costs the kit's bundles nothing.
 */
import { ADMIN_ERRORS } from './errors-admin';
import { INTEGRATION_ERRORS } from './errors-integrations';

export { CARD_CODES } from './errors-integrations';
import { REQUEST_ERRORS } from './errors-requests';

export const ERROR_CATALOGUE = { ...REQUEST_ERRORS, ...ADMIN_ERRORS, ...INTEGRATION_ERRORS } as const;

/** A code of the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

type Placeholders<M extends string> = M extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

/** The values the message of `C` needs: one per `{name}` placeholder. */
export type ErrorParams<C extends ErrorCode> = {
  [K in Placeholders<(typeof ERROR_CATALOGUE)[C]['message']>]: string | number;
};

/** No second argument for a message without placeholders; the placeholders' values otherwise. */
export type ErrorArgs<C extends ErrorCode> = C extends ErrorCode
  ? [Placeholders<(typeof ERROR_CATALOGUE)[C]['message']>] extends [never]
    ? []
    : [params: ErrorParams<C>]
  : never;

/** One message of an error answer, before it is worded: its code and the values it quotes. */
export interface ErrorEntry {
  code: ErrorCode;
  params?: Readonly<Record<string, string | number>>;
}

/** The message of `code` with its placeholders filled in from `params`. */
export function errorText(code: ErrorCode, params?: ErrorEntry['params']): string {
  return ERROR_CATALOGUE[code].message.replace(/\{([a-z]+)\}/gi, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}

/**
 * An error meant for the client: its status, and its messages with their codes, in order. The
 * server's error handler answers it as it is; the demo backend turns it into its answer.
 */
export class ContractError extends Error {
  readonly kind = 'ContractError' as const;
  readonly messages: readonly string[];
  readonly codes: readonly ErrorCode[];

  constructor(
    readonly statusCode: number,
    readonly entries: readonly ErrorEntry[],
    /** Seconds a client should wait before trying again (429: the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    const messages = entries.map((entry) => errorText(entry.code, entry.params));
    super(messages.join('; '));
    this.name = 'ContractError';
    this.messages = messages;
    this.codes = entries.map((entry) => entry.code);
  }

  /** The same messages under another status (a code a few sites answer with another status). */
  withStatus(statusCode: number): ContractError {
    return new ContractError(statusCode, this.entries, this.retryAfterSeconds);
  }
}

/** `throw contractError('USER_EXISTS')`: the error of one code, with its catalogue status. */
export function contractError<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): ContractError {
  return new ContractError(ERROR_CATALOGUE[code].status, [{ code, params: args[0] }]);
}

/** Several messages at once (one per field, say): the status is the first entry's unless given. */
export function contractErrors(entries: readonly ErrorEntry[], statusCode?: number): ContractError {
  if (!entries.length) throw new Error('contractErrors needs at least one entry');
  return new ContractError(statusCode ?? ERROR_CATALOGUE[entries[0]!.code].status, entries);
}

/** An entry typed like `contractError`'s arguments, for lists built before they are thrown. */
export function errorEntry<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): ErrorEntry {
  return { code, params: args[0] };
}

/** The limits' refusals (429): "… Try again in N minutes.", with the Retry-After seconds. */
export function tooManyError(
  code: 'TOO_MANY_ATTEMPTS' | 'TOO_MANY_CODES' | 'TOO_MANY_SIGN_UPS' | 'TOO_MANY_CAMPAIGNS',
  retryAfterSeconds: number,
): ContractError {
  const n = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ContractError(
    ERROR_CATALOGUE[code].status,
    [{ code, params: { n, unit: n === 1 ? 'minute' : 'minutes' } }],
    retryAfterSeconds,
  );
}

/** Whether `error` is a ContractError (read by `kind`: two bundles may each carry the class). */
export function isContractError(error: unknown): error is ContractError {
  return (
    typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'ContractError'
  );
}

/** The body of an error answer: the messages and, in the same order, their codes. */
export function errorBody(error: ContractError): { errors: string[]; errorCodes: ErrorCode[] } {
  return { errors: [...error.messages], errorCodes: [...error.codes] };
}
