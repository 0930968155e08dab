import { useCallback, useMemo, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, fieldErrors } from "../../../lib/form-errors";

/**
 * Form state of one editor section. Values are plain form values (strings for text, "" for empty);
 * the section's zod contract (the one the server runs) decides validity and produces the patch.
 * Errors show after the first save attempt, then follow every keystroke.
 */
export function useSectionForm<V extends object, S extends z.ZodType>(schema: S, initial: V) {
  const [baseline] = useState(initial);
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors: FieldErrors = submitted && !result.success ? fieldErrors(result.error) : {};
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(baseline), [values, baseline]);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value })), []);
  const reset = useCallback(() => {
    setValues(baseline);
    setSubmitted(false);
  }, [baseline]);

  /** Marks the attempt and returns the parsed patch, or null when a field is invalid. */
  const validate = (): z.output<S> | null => {
    setSubmitted(true);
    return result.success ? result.data : null;
  };

  return { values, setValues, set, errors, dirty, reset, validate };
}

/** "" for a nullable text column, so inputs stay controlled. */
export const text = (v: string | null | undefined) => v ?? "";
