/** Form validation from the shared zod schemas, with messages react-admin translates (Hindi included). */
import type { ZodType } from 'zod';
import { fieldErrors } from '../../domain/schemas';
import { messageSlug } from '../../i18n/messages';

export function zodValidate(schema: ZodType) {
  return (values: Record<string, unknown>) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, { message: string; args: { _: string } }> = {};
    for (const [field, message] of Object.entries(fieldErrors(result.error))) {
      errors[field] = { message: `app.validation.${messageSlug(message)}`, args: { _: message } };
    }
    return errors;
  };
}
