/**
 * Validation shared by browser forms and server routes. A field's message is a message's words
 * (src/domain/messages.ts, fieldMessages.ts): both sides find its code by them (codeOfWords).
 */
import { z } from 'zod';
import { COMPANY_LEGAL_TYPES, DESIGNATIONS, MEMBERSHIP_TYPES, OTP_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from './constants';
import { ACTIONS, ENTITIES } from './permissions';
import { FIELD_MESSAGES } from './fieldMessages';

const required = (label: string) => `${label} is required`;

export const emailSchema = z
  .string({ error: required('Email') })
  .trim()
  .min(1, required('Email'))
  .max(254, 'Email is too long')
  .email(FIELD_MESSAGES.enterValidEmailAddress)
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: required('Password') })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), FIELD_MESSAGES.passwordContainLetterDigit);

export const nameSchema = z
  .string({ error: required('Name') })
  .trim()
  .min(1, required('Name'))
  .max(120, 'Name must be at most 120 characters');

export const otpSchema = z
  .string({ error: required('Code') })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code`);

export const loginSchema = z.object({
  email: z.string({ error: FIELD_MESSAGES.emailUsernameRequired }).trim().min(1, FIELD_MESSAGES.emailUsernameRequired).max(254),
  password: z.string({ error: required('Password') }).min(1, required('Password')).max(128),
});

export const signupSchema = z.object({
  companyName: z.string({ error: required('Company name') }).trim().min(1, required('Company name')).max(160),
  // An untouched select sends '': the company type is optional.
  legalType: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(COMPANY_LEGAL_TYPES, { error: 'Choose a company type' }).optional()),
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const genericSignupSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: required('Current password') }).min(1, required('Current password')),
  newPassword: passwordSchema,
});

export const changeCredentialsSchema = z.object({
  currentPassword: z.string({ error: required('Current password') }).min(1, required('Current password')),
  email: emailSchema.optional(),
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9._-]{3,40}$/, 'Username: 3 to 40 letters, digits, dots, dashes or underscores')
    .optional(),
  newPassword: passwordSchema.optional(),
});

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is invalid' }).min(20, 'The reset link is invalid').max(200),
  password: passwordSchema,
});

const actionFlags = z.object(
  Object.fromEntries(ACTIONS.map((a) => [a, z.boolean().default(false)])) as Record<
    (typeof ACTIONS)[number],
    z.ZodDefault<z.ZodBoolean>
  >,
);

export const permissionListSchema = z
  .array(z.object({ entity: z.enum(ENTITIES, { error: 'Unknown permission entity' }), actions: actionFlags }))
  .max(ENTITIES.length)
  .refine((list) => new Set(list.map((p) => p.entity)).size === list.length, 'Each entity may appear once');

export const jobRoleSchema = z.object({
  name: z.string({ error: required('Name') }).trim().min(1, required('Name')).max(120),
  description: z.string().trim().max(1000).nullish(),
  scope: z.enum(MEMBERSHIP_TYPES, { error: FIELD_MESSAGES.chooseScope }),
  permissions: permissionListSchema.default([]),
});

export const userSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9._-]{3,40}$/, 'Username: 3 to 40 letters, digits, dots, dashes or underscores')
    .nullish(),
  role: z.enum(ROLES, { error: FIELD_MESSAGES.chooseRole }),
  membershipType: z.enum(MEMBERSHIP_TYPES, { error: FIELD_MESSAGES.chooseMembershipType }).nullish(),
  position: z.uuid('Choose a job role').nullish(),
  designation: z.enum(DESIGNATIONS).nullish(),
  clientId: z.uuid('Choose a client').nullish(),
  phone: z
    .string()
    .trim()
    .regex(/^[+0-9 ()-]{6,20}$/, 'Enter a valid phone number')
    .nullish()
    .or(z.literal('').transform(() => null)),
  isActive: z.boolean().default(true),
  isVerified: z.boolean().optional(),
  password: passwordSchema.optional().or(z.literal('').transform(() => undefined)),
});

export const namedRecordSchema = z.object({
  name: z.string({ error: required('Name') }).trim().min(1, required('Name')).max(120, 'Name must be at most 120 characters'),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').nullish(),
});

/** A language's code ('hi', 'pt-BR'). */
export const languageCodeSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Choose a language');

/**
 * A record's names in languages other than English (assessments, tests): each language once, a
 * name in each; English stays in the record's own name and description.
 */
export const nameTranslationsSchema = (limits: { nameMax: number; descriptionMax: number }) =>
  z
    .array(
      z.strictObject({
        language: languageCodeSchema.refine((code) => code !== 'en', FIELD_MESSAGES.englishNameItself),
        name: z.string().trim().min(1, FIELD_MESSAGES.writeNameLanguage).max(limits.nameMax, `Name must be at most ${limits.nameMax} characters`),
        description: z
          .string()
          .trim()
          .max(limits.descriptionMax, `Description must be at most ${limits.descriptionMax} characters`)
          .nullish()
          .transform((d) => d || null),
      }),
    )
    .max(20)
    .refine((list) => new Set(list.map((t) => t.language)).size === list.length, FIELD_MESSAGES.languageNamedTwice);

export const locationSchema = z.object({
  name: z.string({ error: required('Name') }).trim().min(1, required('Name')).max(120),
  city: z.string().trim().max(120).nullish(),
  state: z.string().trim().max(120).nullish(),
  country: z.string().trim().max(120).nullish(),
});

/**
 * The body of a partial update (PUT/PATCH): every field optional and without its default, so a
 * field the request leaves out keeps its stored value. (zod 4's .partial() still fills defaults
 * in, which would, say, empty a job role's permissions on a rename.)
 */
export function updateSchema<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, field instanceof z.ZodDefault ? field.unwrap() : field]),
  ) as { [K in keyof T]: T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K] };
  return z.object(shape).partial();
}

export type LoginInput = z.infer<typeof loginSchema>;
export type JobRoleInput = z.infer<typeof jobRoleSchema>;
export type UserInput = z.infer<typeof userSchema>;

/** Turns a zod error into the per-field map of the API envelope ({field: message}). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
