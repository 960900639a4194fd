/** Form validation from the shared zod schemas, with messages react-admin translates (Hindi included). */
import type { ZodType } from 'zod';
import { fieldErrors } from '../../domain/schemas';
import { messageKey } from '../../i18n/messages';

export function zodValidate(schema: ZodType) {
  return (values: Record<string, unknown>) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, { message: string; args: { _: string } }> = {};
    for (const [field, message] of Object.entries(fieldErrors(result.error))) {
      // Known sentences have their own keys (messages.ts); the rest app.validation.<slug>.
      const known = messageKey(message);
      errors[field] = { message: known.key, args: { ...known.options, _: message } };
    }
    return errors;
  };
}
