/** Form validation from the zod schemas, shaped as react-admin's resolver and react-hook-form read it. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodValidate } from '../../src/resources/shared/validation';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  contacts: z
    .array(z.object({ email: z.email('Enter a valid email') }))
    .refine((list) => list.length < 3, 'At most 2 contacts'),
});

describe('zodValidate', () => {
  it('passes a valid form with no errors', () => {
    expect(zodValidate(schema)({ name: 'Acme', contacts: [{ email: 'a@example.com' }] })).toEqual({});
  });

  it('nests an item’s message under its list and index, and puts the list’s own message under root, as ArrayInput reads it', () => {
    const errors = zodValidate(schema)({ name: '', contacts: [{ email: 'x' }, { email: 'b@example.com' }, { email: 'y' }] });
    expect(errors).toEqual({
      name: { message: 'app.messages.nameRequired', args: { _: 'Name is required' } },
      contacts: {
        0: { email: { message: 'app.messages.emailInvalid', args: { _: 'Enter a valid email' } } },
        2: { email: { message: 'app.messages.emailInvalid', args: { _: 'Enter a valid email' } } },
        root: { message: 'At most 2 contacts', args: { _: 'At most 2 contacts' } },
      },
    });
  });

  it('keeps a list’s own message as the field’s when its items are fine', () => {
    const errors = zodValidate(schema)({ name: 'Acme', contacts: [{ email: 'a@example.com' }, { email: 'b@example.com' }, { email: 'c@example.com' }] });
    expect(errors).toEqual({ contacts: { message: 'At most 2 contacts', args: { _: 'At most 2 contacts' } } });
  });
});
