/**
 * A refusal of the domain rules: the HTTP status and the contract's message. Browser-safe, so the
 * rules in core/domain throw the same refusal on the server (server/http/errors.ts answers it) and
 * in demo mode (core/demo answers it as `fail`).
 */
export class DomainRefusal extends Error {
  readonly kind = 'DomainRefusal' as const;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DomainRefusal';
  }
}

export const refuse = (status: number, message: string): DomainRefusal => new DomainRefusal(status, message);

/** Recognised by `kind`: two bundles may each carry a copy of the class. */
export function isDomainRefusal(error: unknown): error is DomainRefusal {
  return (
    typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'DomainRefusal'
  );
}
