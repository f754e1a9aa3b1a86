/**
 * The demo backend's answers (core/demo): one helper pair for every area file, so an error answer
 * always has the contract's shape (`errors`; the transport adds `errorCodes`).
 */
export interface Answer {
  status: number;
  body: unknown;
  /** Whether the request changed the demo's data (the backend then stores it). */
  save?: boolean;
}

/** A success: `body` with status 200 (or `status`); `save` when the data changed. */
export const ok = (body: unknown, save = false, status = 200): Answer => ({ status, body, save });

/** An error answer with the contract's `{ errors }` body. */
export const fail = (status: number, ...errors: string[]): Answer => ({ status, body: { errors } });
