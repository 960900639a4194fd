/**
 * What the clients calls answer (server/modules/clients), as the screens read them, and the
 * addresses of the client screens (specification section 2).
 */
import type { z } from 'zod';
import type { clientAssessmentAnswerSchema, clientContactAnswerSchema, clientDetailsAnswerSchema, clientRecordSchema, clientRowSchema, logoUploadSchema } from '../../domain/clients';
import { PRODUCT } from '../../domain/constants';

export const CLIENT_PATHS = {
  list: `/${PRODUCT}Client`,
  create: `/${PRODUCT}Client/new`,
  edit: (id: string) => `/${PRODUCT}Client/${id}`,
  assessments: (clientId: string) => `/${PRODUCT}Client/viewAssessment/${clientId}`,
  addAssessment: (clientId: string) => `/${PRODUCT}Client/addView/${clientId}`,
  editAssessment: (clientId: string, assessmentId: string) => `/${PRODUCT}Client/editView/${clientId}/${assessmentId}`,
  details: '/details',
} as const;

/** A contact person as the form holds it (a new one has no id yet). */
export type ClientContact = Omit<z.input<typeof clientContactAnswerSchema>, 'id'> & { id?: string };

/** A row of GET /api/clients. */
export type ClientRow = z.input<typeof clientRowSchema>;
/** GET /api/clients/:id */
export type ClientRecord = z.input<typeof clientRecordSchema>;
/** GET /api/clients/details */
export type ClientDetails = z.input<typeof clientDetailsAnswerSchema>;
/** GET /api/clients/:clientId/assessments */
export type ClientAssessment = z.input<typeof clientAssessmentAnswerSchema>;
/** GET /api/clients/logo-upload */
export type LogoUpload = z.input<typeof logoUploadSchema>;

/** GET /api/clients/details, cached under one key: /details and the app bar's logo share it. */
export const DETAILS_KEY = ['client-details'];
