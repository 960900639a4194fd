import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { ZodType } from 'zod';
import { fieldErrors } from '../../domain/schemas';
import { translateMessage } from '../../i18n/messages';

/**
 * State of a small public form: values, per-field errors (from the shared zod schema in the
 * browser, then from the server's `errors`), a form-level error and a busy flag.
 */
export function useAuthForm<T extends Record<string, string>>(initial: T, schema: ZodType, submit: (values: any) => Promise<void>) {
  const translate = useTranslate();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: !!errors[name],
    helperText: errors[name] ? translateMessage(translate, errors[name]) : undefined,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await submit(parsed.data);
    } catch (error) {
      const e = error as { message?: string; body?: { errors?: Record<string, string> } };
      if (e.body?.errors && Object.keys(e.body.errors).length) setErrors(e.body.errors);
      setFormError(translateMessage(translate, e.message));
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, field, errors, formError, setFormError, busy, onSubmit };
}
