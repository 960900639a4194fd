/** The validation messages shared by forms and routes (src/domain/schemas.ts). */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changeCredentialsSchema,
  changePasswordSchema,
  emailSchema,
  fieldErrors,
  genericSignupSchema,
  jobRoleSchema,
  locationSchema,
  loginSchema,
  namedRecordSchema,
  nameSchema,
  otpSchema,
  passwordSchema,
  resetPasswordSchema,
  signupSchema,
  updateSchema,
  userSchema,
} from '../../src/domain/schemas';

/** The per-field messages a value gets, as the API would answer them. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrors(result.error);
}
const firstMessage = (schema: z.ZodType, value: unknown) => Object.values(errorsOf(schema, value))[0];

const UUID = '3f2c1d7e-8a9b-4c5d-9e0f-112233445566';

describe('single fields', () => {
  it.each([
    [undefined, 'Email is required'],
    [42, 'Email is required'],
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['not-an-email', 'Enter a valid email address'],
    ['a@b', 'Enter a valid email address'],
    [`${'a'.repeat(250)}@x.io`, 'Email is too long'],
  ])('email %j: %s', (value, message) => {
    expect(firstMessage(emailSchema, value)).toBe(message);
  });

  it('trims and lowercases an email', () => {
    expect(emailSchema.parse('  Riya.Recruiter@ACME.demo ')).toBe('riya.recruiter@acme.demo');
  });

  it.each([
    [undefined, 'Password is required'],
    ['Ab1', 'Password must be at least 8 characters'],
    ['abcdefgh', 'Password must contain a letter and a digit'],
    ['12345678', 'Password must contain a letter and a digit'],
    [`A1${'x'.repeat(127)}`, 'Password must be at most 128 characters'],
  ])('password %j: %s', (value, message) => {
    expect(firstMessage(passwordSchema, value)).toBe(message);
  });

  it('accepts a password with a letter and a digit', () => {
    expect(passwordSchema.safeParse('Demo@1234').success).toBe(true);
    expect(passwordSchema.safeParse('abcdefg1').success).toBe(true);
  });

  it.each([
    [undefined, 'Name is required'],
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    ['x'.repeat(121), 'Name must be at most 120 characters'],
  ])('name %j: %s', (value, message) => {
    expect(firstMessage(nameSchema, value)).toBe(message);
  });

  it.each([
    [undefined, 'Code is required'],
    ['12345', 'Enter the 6-digit code'],
    ['1234567', 'Enter the 6-digit code'],
    ['12a456', 'Enter the 6-digit code'],
  ])('code %j: %s', (value, message) => {
    expect(firstMessage(otpSchema, value)).toBe(message);
  });

  it('accepts a 6-digit code with spaces around it', () => {
    expect(otpSchema.parse(' 012345 ')).toBe('012345');
  });
});

describe('forms', () => {
  it('login names each missing field', () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: 'Email or username is required', password: 'Password is required' });
    expect(errorsOf(loginSchema, { email: '  ', password: '' })).toEqual({
      email: 'Email or username is required',
      password: 'Password is required',
    });
    expect(loginSchema.safeParse({ email: 'riya', password: 'x' }).success).toBe(true);
  });

  it('company sign-up', () => {
    expect(errorsOf(signupSchema, {})).toEqual({
      companyName: 'Company name is required',
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errorsOf(signupSchema, { companyName: 'Acme', legalType: 'cooperative', name: 'A', email: 'a@acme.io', password: 'Secret123' })).toEqual({
      legalType: 'Choose a company type',
    });
    expect(signupSchema.safeParse({ companyName: 'Acme', legalType: 'partnership', name: 'A', email: 'a@acme.io', password: 'Secret123' }).success).toBe(true);
    // An untouched company-type select sends '': the type is optional.
    expect(signupSchema.safeParse({ companyName: 'Acme', legalType: '', name: 'A', email: 'a@acme.io', password: 'Secret123' }).success).toBe(true);
  });

  it('plain sign-up', () => {
    expect(errorsOf(genericSignupSchema, { name: 'Uma', email: 'uma@', password: 'short' })).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('change password and change credentials', () => {
    expect(errorsOf(changePasswordSchema, { newPassword: 'abcdefgh' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must contain a letter and a digit',
    });
    expect(errorsOf(changeCredentialsSchema, { currentPassword: 'x', username: 'a b', email: 'nope' })).toEqual({
      username: 'Username: 3 to 40 letters, digits, dots, dashes or underscores',
      email: 'Enter a valid email address',
    });
  });

  it('reset password', () => {
    expect(errorsOf(resetPasswordSchema, { token: 'short', password: 'Secret123' })).toEqual({ token: 'The reset link is invalid' });
    expect(errorsOf(resetPasswordSchema, { password: 'Secret123' })).toEqual({ token: 'The reset link is invalid' });
  });

  it('job role', () => {
    expect(errorsOf(jobRoleSchema, { name: '', scope: 'EVERYONE' })).toEqual({ name: 'Name is required', scope: 'Choose a scope' });
    expect(errorsOf(jobRoleSchema, { name: 'R', scope: 'GLOBAL_ROLE', permissions: [{ entity: 'SPACESHIPS', actions: {} }] })).toEqual({
      'permissions.0.entity': 'Unknown permission entity',
    });
    expect(
      errorsOf(jobRoleSchema, {
        name: 'R',
        scope: 'GLOBAL_ROLE',
        permissions: [
          { entity: 'ORDERS', actions: { view: true } },
          { entity: 'ORDERS', actions: { edit: true } },
        ],
      }),
    ).toEqual({ permissions: 'Each entity may appear once' });
  });

  it('job role actions default to false', () => {
    const parsed = jobRoleSchema.parse({ name: 'R', scope: 'SKILLGAUGE_TEAM', permissions: [{ entity: 'QUESTIONS', actions: { view: true } }] });
    expect(parsed.permissions).toEqual([{ entity: 'QUESTIONS', actions: { view: true, create: false, edit: false, delete: false } }]);
    expect(jobRoleSchema.parse({ name: 'R', scope: 'SKILLGAUGE_TEAM' }).permissions).toEqual([]);
  });

  it('user', () => {
    expect(errorsOf(userSchema, {})).toEqual({ name: 'Name is required', email: 'Email is required', role: 'Choose a role' });
    expect(
      errorsOf(userSchema, {
        name: 'N',
        email: 'n@x.io',
        role: 'TEAM_MEMBER',
        membershipType: 'FRIENDS',
        position: 'nope',
        clientId: 'nope',
        phone: 'call me',
        username: 'x',
      }),
    ).toEqual({
      membershipType: 'Choose a membership type',
      position: 'Choose a job role',
      clientId: 'Choose a client',
      phone: 'Enter a valid phone number',
      username: 'Username: 3 to 40 letters, digits, dots, dashes or underscores',
    });
  });

  it('user: empty phone and password mean none; active by default', () => {
    const parsed = userSchema.parse({ name: 'N', email: 'N@X.io', role: 'TEAM_MEMBER', position: UUID, phone: '', password: '' });
    expect(parsed).toMatchObject({ email: 'n@x.io', phone: null, isActive: true });
    expect(parsed.password).toBeUndefined();
  });

  it('named records and locations', () => {
    expect(errorsOf(namedRecordSchema, { name: ' ', description: 'x'.repeat(1001) })).toEqual({
      name: 'Name is required',
      description: 'Description must be at most 1000 characters',
    });
    expect(errorsOf(locationSchema, {})).toEqual({ name: 'Name is required' });
  });
});

describe('fieldErrors()', () => {
  it('keeps the first message of each field and names form-wide problems "_"', () => {
    const result = passwordSchema.safeParse('');
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ _: 'Password must be at least 8 characters' });
  });
});

describe('updateSchema()', () => {
  it('leaves out what an update does not name, defaults included', () => {
    expect(updateSchema(jobRoleSchema).parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    expect(updateSchema(userSchema).parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });

  it('still validates what it names', () => {
    expect(errorsOf(updateSchema(jobRoleSchema), { name: '', scope: 'EVERYONE' })).toEqual({ name: 'Name is required', scope: 'Choose a scope' });
    expect(errorsOf(updateSchema(userSchema), { email: 'nope', isActive: 'yes' })).toMatchObject({ email: 'Enter a valid email address' });
    expect(updateSchema(userSchema).parse({ email: 'A@B.io', isActive: false })).toEqual({ email: 'a@b.io', isActive: false });
    // Nested defaults still apply inside what is given.
    expect(updateSchema(jobRoleSchema).parse({ permissions: [{ entity: 'TESTS', actions: { view: true } }] })).toEqual({
      permissions: [{ entity: 'TESTS', actions: { view: true, create: false, edit: false, delete: false } }],
    });
  });
});
