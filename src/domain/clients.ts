/**
 * A client company's form (issue 11, ARCHITECTURE.md 7c): the zod schemas the client form, /details
 * and the server share, and the messages they answer. Kinds and rules (legal types, zones, GSTIN
 * checksum) are in business.ts.
 */
import { z } from 'zod';
import {
  BUSINESS_MESSAGES,
  CLIENT_EDITABLE_BY_CLIENT,
  CLIENT_STATUSES,
  isValidGstin,
  LEGAL_TYPES,
  PAN_PATTERN,
  POSTAL_CODE_PATTERN,
  ZONES,
  type LegalType,
} from './business';
import { signedUploadSchema, timestamp } from './answers';
import { ASSESSMENT_STATUSES, ASSESSMENT_TYPES } from './assessment';
import { optionalSlugSchema } from './careers';
import { MEMBERSHIP_TYPES, ROLES } from './constants';
import { FIELD_MESSAGES } from './fieldMessages';

export const CLIENT_LIMITS = { contactsMax: 20, thresholdMax: 100_000, logoMaxBytes: 1024 * 1024, invitationDaysMax: 365, displayNameMax: 120 } as const;

export const CLIENT_MESSAGES = {
  nameRequired: FIELD_MESSAGES.companyNameRequired,
  onePrimary: 'Mark exactly one contact person as primary.',
  logoNotImage: 'The logo must be a PNG, JPEG, GIF or WebP image of at most 1 MB, uploaded first.',
  notSalesPerson: 'Choose a sales person from the Sales Persons list.',
  notRelationshipManager: 'Choose a relationship manager from the Relationship Managers list.',
  unknownIndustry: 'Choose an industry from the list.',
  unknownVertical: 'Choose a vertical from the list.',
  unknownLocation: 'Choose a location from the list.',
  notLibrary: 'Only assessments of the provider’s library can be given to a client.',
  alreadyGranted: 'This client already has this assessment.',
  notGranted: 'This client does not have this assessment.',
  languagesNotOffered: 'Choose languages the assessment is offered in.',
  clientInactive: 'This client is inactive: set it active first.',
} as const;

/** Old rows (the sign-up page's words, e.g. 'private limited company') read as the codes the screens use. */
export function legalTypeOf(value: string | null | undefined): LegalType | null {
  if (!value) return null;
  const code = value.trim().toUpperCase().replace(/\s+COMPANY$/, '').replace(/\s+/g, '_');
  return (LEGAL_TYPES as readonly string[]).includes(code) ? (code as LegalType) : 'OTHERS';
}

/** Optional text: '' and null both mean "none". */
const optionalText = (max: number, message = `At most ${max} characters`) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max, message).nullish());
const optionalPattern = (pattern: RegExp, message: string, upper = false) =>
  z.preprocess((v) => (typeof v === 'string' ? (upper ? v.trim().toUpperCase() : v.trim()) || null : v), z.string().regex(pattern, message).nullish());
const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || null : v),
  z.email(FIELD_MESSAGES.enterValidEmailAddress).max(254, FIELD_MESSAGES.enterValidEmailAddress).nullish(),
);
const phone = optionalPattern(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number');
const optionalId = z.preprocess((v) => (v === '' ? null : v), z.uuid('Choose from the list').nullish());
const website = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z
    .string()
    .max(200, 'At most 200 characters')
    .regex(/^https?:\/\/[^\s/$.?#].[^\s]*$/i, 'Enter a web address starting with https://')
    .nullish(),
);

export const contactSchema = z.strictObject({
  id: z.uuid().optional(),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: optionalEmail,
  phone,
  designation: optionalText(80),
  isPrimary: z.boolean().default(false),
});
export type ContactInput = z.infer<typeof contactSchema>;

const contacts = z
  .array(contactSchema)
  .max(CLIENT_LIMITS.contactsMax, `At most ${CLIENT_LIMITS.contactsMax} contact persons`)
  .refine((list) => list.length === 0 || list.filter((c) => c.isPrimary).length === 1, CLIENT_MESSAGES.onePrimary);

/** The fields a signed-in client may change itself (CLIENT_EDITABLE_BY_CLIENT). */
const editableShape = {
  address: optionalText(300),
  city: optionalText(80),
  state: optionalText(80),
  postalCode: optionalPattern(POSTAL_CODE_PATTERN, BUSINESS_MESSAGES.invalidPostalCode),
  website,
  phone,
  email: optionalEmail,
  logoFileId: optionalId,
  contacts: contacts.optional(),
  /** The careers page's address, /careers/<slug> (src/domain/careers.ts). */
  slug: optionalSlugSchema,
} satisfies Record<(typeof CLIENT_EDITABLE_BY_CLIENT)[number], z.ZodType>;

export const clientSchema = z.strictObject({
  name: z.string({ error: CLIENT_MESSAGES.nameRequired }).trim().min(1, CLIENT_MESSAGES.nameRequired).max(160, 'At most 160 characters'),
  legalType: z.preprocess((v) => (v === '' ? null : v), z.enum(LEGAL_TYPES, { error: 'Choose a legal type' }).nullish()),
  industryId: optionalId,
  verticalId: optionalId,
  zone: z.preprocess((v) => (v === '' ? null : v), z.enum(ZONES, { error: 'Choose a zone' }).nullish()),
  locationId: optionalId,
  gstin: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
    z.string().refine(isValidGstin, BUSINESS_MESSAGES.invalidGstin).nullish(),
  ),
  pan: optionalPattern(PAN_PATTERN, BUSINESS_MESSAGES.invalidPan, true),
  salesPersonId: optionalId,
  relationshipManagerId: optionalId,
  status: z.enum(CLIENT_STATUSES, { error: 'Choose active or inactive' }).default('ACTIVE'),
  lowCreditThreshold: z.coerce
    .number({ error: FIELD_MESSAGES.enterWholeNumber })
    .int(FIELD_MESSAGES.enterWholeNumber)
    .min(0, FIELD_MESSAGES.enterWholeNumber)
    .max(CLIENT_LIMITS.thresholdMax, `At most ${CLIENT_LIMITS.thresholdMax}`)
    .default(10),
  ...editableShape,
});
export type ClientInput = z.infer<typeof clientSchema>;

export const clientDetailsSchema = z.strictObject(editableShape);
export type ClientDetailsInput = z.infer<typeof clientDetailsSchema>;

/** ClientAssessmentSettings as a form sends them. */
export const clientAssessmentSettingsSchema = z.strictObject({
  displayName: optionalText(CLIENT_LIMITS.displayNameMax),
  languages: z.array(z.string().trim().min(2).max(10)).max(30).optional(),
  invitationDays: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: FIELD_MESSAGES.enterWholeNumberDays })
      .int(FIELD_MESSAGES.enterWholeNumberDays)
      .min(1, FIELD_MESSAGES.enterWholeNumberDays)
      .max(CLIENT_LIMITS.invitationDaysMax, `At most ${CLIENT_LIMITS.invitationDaysMax} days`)
      .optional(),
  ),
});

export const clientAssessmentSchema = z.strictObject({ assessmentId: z.uuid(FIELD_MESSAGES.chooseAssessment), settings: clientAssessmentSettingsSchema.default({}) });

// ---------------------------------------------------------------------------------------------
// What the clients calls answer (server/modules/clients)

/** A row of GET /api/clients: the client's columns with the names of what it refers to. */
export const clientRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  legalType: z.enum(LEGAL_TYPES).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  industryId: z.string().nullable(),
  industryName: z.string().nullable(),
  verticalId: z.string().nullable(),
  verticalName: z.string().nullable(),
  zone: z.enum(ZONES).nullable(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  website: z.string().nullable(),
  logoFileId: z.string().nullable(),
  salesPersonId: z.string().nullable(),
  salesPersonName: z.string().nullable(),
  relationshipManagerId: z.string().nullable(),
  relationshipManagerName: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  lowCreditThreshold: z.number(),
  /** The careers page's address: /careers/<slug>. */
  slug: z.string(),
  userCount: z.number(),
  licenceBalance: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const clientContactAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  designation: z.string().nullable(),
  isPrimary: z.boolean(),
});

/** GET /api/clients/:id: the row with its logo's address, contacts, user accounts and what keeps it from being deleted. */
export const clientRecordSchema = clientRowSchema.extend({
  logoUrl: z.string().nullable(),
  contacts: z.array(clientContactAnswerSchema),
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      membershipType: z.enum(MEMBERSHIP_TYPES).nullable(),
      isActive: z.boolean(),
      lastLoginAt: timestamp.nullable(),
    }),
  ),
  orderCount: z.number(),
  invitationCount: z.number(),
});

/** GET /api/clients/details: the signed-in client's record, with what it may change. */
export const clientDetailsAnswerSchema = clientRecordSchema.extend({ editable: z.array(z.enum(CLIENT_EDITABLE_BY_CLIENT)).readonly(), mayEdit: z.boolean() });

/** GET /api/clients/:clientId/assessments: a library assessment given to a client, with its settings. */
export const clientAssessmentAnswerSchema = z.object({
  id: z.string(),
  assessmentId: z.string(),
  name: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  type: z.enum(ASSESSMENT_TYPES),
  languages: z.array(z.string()),
  settings: z.object({ displayName: z.string().nullable().optional(), languages: z.array(z.string()).optional(), invitationDays: z.number().optional() }),
  grantedByName: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** GET /api/clients/:id/contacts: contact persons as options. */
export const contactOptionSchema = z.object({ _id: z.string(), label: z.string(), email: z.string().nullable(), phone: z.string().nullable(), designation: z.string().nullable(), isPrimary: z.boolean() });
/** GET /api/clients/sales-persons and relationship-managers. */
export const staffOptionSchema = z.object({ _id: z.string(), label: z.string(), email: z.string() });
/** GET /api/clients/:clientId/assessment-choices */
export const assessmentChoiceSchema = z.object({ _id: z.string(), label: z.string(), languages: z.array(z.string()) });

/** GET /api/clients/logo-upload: where to PUT the logo, and the fileId to save as logoFileId. */
export const logoUploadSchema = signedUploadSchema.extend({ fileId: z.string() });
