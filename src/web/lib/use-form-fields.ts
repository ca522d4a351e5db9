// Controlled text fields of a small form: their values, their error messages, and an onChange factory per
// field, so forms do not each repeat the same state plumbing.
import { useCallback, useState } from 'react';

export type FieldErrors<F> = Partial<Record<keyof F, string>>;

export function useFormFields<F extends Record<string, string>>(initial: F) {
  const [fields, setFields] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Read the value now: React clears the event's currentTarget before a state updater runs.
  const bind = useCallback(
    (k: keyof F) => (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [k]: value }));
    },
    [],
  );
  const reset = useCallback(() => {
    setFields(initial);
    setErrors({});
  }, [initial]);
  return { fields, errors, setErrors, bind, reset };
}
