/** Form validation from the shared zod schemas, with messages react-admin translates (Hindi included). */
import type { ZodType } from 'zod';
import { fieldErrors } from '../../domain/schemas';
import { messageKey } from '../../i18n/messages';

type FieldError = { message: string; args: { _: string } };
type FormErrors = { [field: string]: FieldError | FormErrors };

const isFieldError = (value: unknown): value is FieldError => !!value && typeof value === 'object' && 'message' in value && 'args' in value;

/**
 * The errors shaped like the form's values, as react-admin's resolver expects
 * ('translations.0.name' becomes translations['0'].name): react-hook-form then clears a nested
 * field's message when that field is checked again, where a flat key would stay behind. A list's
 * own message beside its items' goes under `root`, where ArrayInput shows it.
 */
function nest(errors: Record<string, FieldError>): FormErrors {
  const root: FormErrors = {};
  for (const [path, error] of Object.entries(errors)) {
    const parts = path.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const child = node[part];
      node = node[part] = !child ? {} : isFieldError(child) ? { root: child } : child;
    }
    const last = parts[parts.length - 1];
    const existing = node[last];
    if (!existing) node[last] = error;
    else if (!isFieldError(existing)) existing.root ??= error;
  }
  return root;
}

export function zodValidate(schema: ZodType) {
  return (values: Record<string, unknown>) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(fieldErrors(result.error))) {
      // A message's words go by its code (app.messages.<code>); other words are shown as written.
      const known = messageKey(message);
      errors[field] = { message: known.key, args: { ...known.options, _: message } };
    }
    return nest(errors);
  };
}
