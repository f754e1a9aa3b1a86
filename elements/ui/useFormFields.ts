import { useRef, useState } from 'react';

type Errors<K extends string, E> = Partial<Record<K, E | null | undefined>>;

/**
 * The text fields of a form: their values, their own errors, and focus on the first field in error.
 * A field's error clears as soon as that field changes (the user is fixing it), and so does the
 * banner of the last submit (`banner(error)` answers null once a field has changed since that
 * submit, or when a new submit was stopped by the fields' own errors). `field(key)` is spread on a TextField or PasswordField; `check(found)`, called on every
 * submit, shows that submit's errors and answers whether there were none.
 */
export function useFormFields<K extends string, E = string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K, E>>({});
  const [bannerHidden, setBannerHidden] = useState(false);
  const refs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  return {
    values,
    errors,
    field: (key: K) => ({
      ref: (element: HTMLInputElement | null) => {
        refs.current[key] = element;
      },
      value: values[key],
      error: errors[key],
      onChange: (event: { target: { value: string } }) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [key]: value }));
        setErrors((e) => (e[key] ? { ...e, [key]: null } : e));
        setBannerHidden(true);
      },
    }),
    /** Shows `found` (a field without an entry has no error) and focuses the first field in error. */
    check(found: Errors<K, E>): boolean {
      setErrors(found);
      const first = (Object.keys(initial) as K[]).find((key) => found[key]);
      // A submit stopped in the browser shows its own messages, not the last answer's beside them.
      setBannerHidden(Boolean(first));
      if (first) refs.current[first]?.focus();
      return !first;
    },
    /** The last submit's error, until a field changes. */
    banner: <T>(error: T): T | null => (bannerHidden ? null : error),
    set: (key: K, value: string) => setValues((v) => ({ ...v, [key]: value })),
    focus: (key: K) => refs.current[key]?.focus(),
    reset(next: Record<K, string> = initial) {
      setValues(next);
      setErrors({});
    },
  };
}
