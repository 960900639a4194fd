/** The clients' calls beyond their list and record (server/modules/clients). */
import type { ClientAssessment, ClientDetails, ClientRecord, LogoUpload } from '../../resources/clients/api';
import { uploadSigned } from '../uploads';
import { del, enc, get, post, put } from './calls';

const CLIENTS = '/api/clients';
const grants = (clientId: string) => `${CLIENTS}/${enc(clientId)}/assessments`;

export const clientsApi = {
  getClient: (clientId: string) => get<ClientRecord>(`${CLIENTS}/${enc(clientId)}`),
  /** A client's user's own company (/details), which the app bar's logo also reads. */
  getClientDetails: () => get<ClientDetails>(`${CLIENTS}/details`),
  saveClientDetails: (details: Record<string, unknown>) => put<ClientRecord>(`${CLIENTS}/details`, details),
  uploadClientLogo: (file: File) => uploadSigned<LogoUpload>(`${CLIENTS}/logo-upload`, file),
  /** The assessments given to a client, with the settings it uses them under. */
  getClientAssessments: (clientId: string) => get<ClientAssessment[]>(grants(clientId)),
  getClientAssessment: (clientId: string, assessmentId: string) => get<ClientAssessment>(`${grants(clientId)}/${enc(assessmentId)}`),
  giveAssessment: (clientId: string, assessmentId: string, settings: object) => post<ClientAssessment>(grants(clientId), { assessmentId, settings }),
  saveClientAssessment: (clientId: string, assessmentId: string, settings: object) => put<ClientAssessment>(`${grants(clientId)}/${enc(assessmentId)}`, { settings }),
  takeBackAssessment: (clientId: string, assessmentId: string) => del<ClientAssessment>(`${grants(clientId)}/${enc(assessmentId)}`),
};
