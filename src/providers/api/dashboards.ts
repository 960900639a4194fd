/** The dashboards' figures (server/modules/dashboards), for a period and, for staff, a client. */
import type { AdminDashboard, AssessmentFigure, ClientDashboard, DropdownOption, IndustryFigure } from '../../domain/dashboards';
import { get } from './calls';

/** The period (ISO days, both ends included), and the client and assessment a client's dashboard is narrowed to. */
export interface DashboardParams {
  from?: string;
  to?: string;
  clientId?: string;
  assessmentId?: string;
}

export const dashboardsApi = {
  getAdminFigures: (params: DashboardParams) => get<AdminDashboard>('/api/dashboard/admin', { ...params }),
  getIndustryFigures: (params: DashboardParams) => get<IndustryFigure[]>('/api/dashboard/admin/industries', { ...params }),
  getClientFigures: (params: DashboardParams) => get<ClientDashboard>('/api/dashboard/client', { ...params }),
  getAssessmentFigures: (params: DashboardParams) => get<AssessmentFigure[]>('/api/dashboard/client/assessments', { ...params }),
  /** The assessments a client's dashboard may be narrowed to. */
  getDashboardAssessments: (params: DashboardParams) => get<DropdownOption[]>('/api/dashboard/client/assessments/dropdown', { ...params }),
};

export type DashboardCall = keyof typeof dashboardsApi;
