import { useCallback, useState } from 'react';
import { errorMessage } from '../../core/api/errors';

/** The state of a dialog's submit: busy while the call runs, its error shown in the dialog. */
export function useSubmit() {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const run = useCallback(async (action: () => Promise<void>) => {
    setState({ busy: true, error: null });
    try {
      await action();
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  }, []);
  const setError = useCallback((error: string | null) => setState({ busy: false, error }), []);
  return { ...state, run, setError };
}

/**
 * The state of a list's own buttons (validate a domain, sign a session out): `busy` is the key of
 * the action running, its failure is `error` (shown over the list), cleared when another starts.
 */
export function useActions() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, error, setError, run };
}
