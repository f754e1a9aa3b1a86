/**
 * The demo backend's answers (core/demo): one helper pair for every area file, so an error answer
 * always has the contract's shape (`errors` and their `errorCodes`, worded by the catalogue of
 * core/contract/errors.ts, as the server's).
 */
import { contractError, errorBody, type ContractError, type ErrorArgs, type ErrorCode } from './errors';

export interface Answer {
  status: number;
  body: unknown;
  /** Whether the request changed the demo's data (the backend then stores it). */
  save?: boolean;
  /** The server's reply headers besides the body's (a download's type and file name). */
  headers?: Record<string, string>;
}

/** A success: `body` with status 200 (or `status`); `save` when the data changed. */
export const ok = (body: unknown, save = false, status = 200): Answer => ({ status, body, save });

/** The answer of a ContractError: its status, its messages and their codes. */
export const failWith = (error: ContractError): Answer => ({
  status: error.statusCode,
  body: errorBody(error),
});

/** An error answer of one catalogue code: `fail('USER_EXISTS')`, `fail('FIELD_REQUIRED', { field })`. */
export const fail = <C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): Answer =>
  failWith(contractError(code, ...args));
