import { useRef, useState, type FormEvent } from 'react';

/**
 * A form around one field whose value is checked in the browser before anything is sent: the
 * field's own error and focus when the check fails (nothing reaches the server), otherwise the call,
 * with the form busy meanwhile; a failure is shown above the form and the field takes focus again,
 * keeping what the user typed; both messages clear once the field changes (`edited`). Used by the MFA screens of the login box and the portal.
 */
export function useCheckedSubmit() {
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  /** `problem`: the check's message, or null. `send` answers a failure message, or null when done. */
  async function submit(
    event: FormEvent,
    problem: string | null,
    send: () => Promise<string | null>,
  ): Promise<void> {
    event.preventDefault();
    if (loading) return;
    setFieldError(problem);
    if (problem) {
      ref.current?.focus();
      return;
    }
    setLoading(true);
    setError(null);
    const failure = await send();
    setLoading(false);
    if (failure) {
      setError(failure);
      ref.current?.focus();
    }
  }

  /** The field changed: its error and the last failure clear (the user is fixing them). */
  function edited() {
    setFieldError(null);
    setError(null);
  }

  return { ref, fieldError, error, loading, submit, edited };
}
