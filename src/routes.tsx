/**
 * Every route of specification section 2 that is not a react-admin resource route: screens,
 * and redirects onto resource routes.
 */
import { type ReactElement } from 'react';
import { lazy } from './lazy';
import { Navigate, useParams } from 'react-router-dom';
import { PRODUCT } from './domain/constants';
import { guard } from './custom/pages/AccessDenied';
import { canSeeLicences } from './domain/business';
import { isClientSide, mayReadReports, type Principal } from './domain/permissions';
import { mayCreateQuestions, mayEditSomeQuestion, mayViewQuestions, mayWriteCustomQuestions } from './domain/questionWorkflow';
import type { QuestionFormMode } from './domain/questionForm';
import { mayPlaceOrders } from './resources/orders/api';
import { AssessmentPage, AssessmentWizard, MyAssessments } from './resources/assessments';
import { CampaignCreate, CampaignList, CampaignPage } from './resources/campaigns';
import { CandidatePage } from './resources/candidates';
import { AddClientAssessmentPage, ClientAssessmentsPage, ClientCreatePage, ClientEditPage, ClientList, DetailsPage, EditClientAssessmentPage } from './resources/clients';
import { AssessmentCandidates, InvitationList, InvitePage } from './resources/invitations';
import { HiringStages, JobBoard, JobForm, JobList } from './resources/jobs';
import { LanguageContentPage } from './resources/languages';
import { LicenceAssign, LicenceList, LicencePage } from './resources/licences';
import { InvoicePage, OrderPage, OrdersPage, PlaceOrderPage } from './resources/orders';
import { CandidateReportPage } from './resources/reports';
import { ReportContentPage, SubSkillsPage } from './resources/skills';

const Dashboard = lazy(() => import('./custom/dashboard/Dashboard'));
const QuestionForm = lazy(() => import('./resources/questions/QuestionForm'));
const ProfilePage = lazy(() => import('./custom/pages/ProfilePage'));
const passwordPages = () => import('./custom/auth/PasswordPages');
const ChangePasswordPage = lazy(() => passwordPages().then((m) => ({ default: m.ChangePasswordPage })));
const ChangeCredentialsPage = lazy(() => passwordPages().then((m) => ({ default: m.ChangeCredentialsPage })));
const TestWizard = lazy(() => import('./resources/test-library/TestWizard'));
const QuestionReportsPage = lazy(() => import('./resources/questions/QuestionReports'));
const QualifyingQuestionsPage = lazy(() => import('./resources/questions/QualifyingQuestions'));

/** A redirect that carries route parameters over, e.g. /teamMembers/:id → /team-members/:id. */
function Redirect({ to }: { to: (params: Record<string, string | undefined>) => string }) {
  const params = useParams();
  return <Navigate to={to(params)} replace />;
}

/** The question form in a mode: who may open it at all, decided before the question is read (a question that is not theirs is refused on the form). */
const questionForm = (mode: QuestionFormMode, origin: 'bank' | 'custom' = 'bank') => {
  const rule = (p: Principal) => (origin === 'custom' ? mayWriteCustomQuestions(p) : mode === 'create' || mode === 'clone' ? mayCreateQuestions(p) : mayEditSomeQuestion(p));
  return guard(rule, <QuestionForm mode={mode} origin={origin} />);
};

export interface AppRoute {
  path: string;
  element: ReactElement;
}

/** Routes inside the layout (signed-in users). */
export const LAYOUT_ROUTES: AppRoute[] = [
  // Dashboards and account
  { path: '/dashboard', element: <Dashboard /> },
  { path: `/${PRODUCT}Dashboard`, element: <Dashboard /> },
  { path: `/${PRODUCT}GraphicalDashboard`, element: <Dashboard /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/change-password', element: <ChangePasswordPage /> },
  { path: '/changeCredentials', element: <ChangeCredentialsPage /> },
  // A client's own users only: the page says so to anyone else.
  { path: '/details', element: guard(isClientSide, <DetailsPage />) },
  // Assessments (/assessments, the provider's library, is the assessments resource's list)
  { path: '/assessment', element: <MyAssessments /> },
  { path: '/assessment/create-assessment', element: guard('assessments', 'create', <AssessmentWizard />) },
  { path: '/assessment/invite-candidate', element: guard('invitations', 'create', <InvitePage />) },
  { path: '/assessment/view-assessment/:id', element: guard('assessments', 'show', <AssessmentPage />) },
  { path: '/editAssessment/:id', element: guard('assessments', 'edit', <AssessmentWizard />) },
  { path: '/new-assessment', element: guard('assessments', 'create', <AssessmentWizard />) },
  // Orders are placed by a client's users; provider staff (whom the orders rule lets through) are refused here, not by the server's 403.
  { path: '/placeOrder/:assessmentId', element: guard(mayPlaceOrders, <PlaceOrderPage />) },
  // Candidates
  { path: '/candidate', element: guard('invitations', 'list', <InvitationList />) },
  { path: '/candidate/:id/assessments', element: guard('candidates', 'show', <CandidatePage />) },
  // The candidate report: staff, or a USER their own self assessment.
  { path: '/candidate/:id/assessment', element: guard(mayReadReports, <CandidateReportPage />) },
  { path: '/candidate-details/:id', element: guard(mayReadReports, <CandidateReportPage />) },
  { path: '/viewcandidatelist/:id', element: guard('invitations', 'list', <AssessmentCandidates />) },
  { path: '/job-candidate/:jobId', element: guard('jobs', 'show', guard('hiring-stages', 'list', <JobBoard />)) },
  { path: '/managehiringstages', element: guard('hiring-stages', 'list', <HiringStages />) },
  // Questions
  { path: '/question-bank', element: <Navigate to="/questions" replace /> },
  { path: '/question-list', element: <Navigate to="/questions" replace /> },
  { path: '/question-reports', element: guard(mayViewQuestions, <QuestionReportsPage />) },
  { path: '/qualifying-question', element: guard(mayViewQuestions, <QualifyingQuestionsPage />) },
  // The question form (v2), in the mode each route opens it in
  { path: '/new-question/bank', element: questionForm('create') },
  { path: '/new-question/custom', element: questionForm('create', 'custom') },
  { path: '/new-question/:type', element: questionForm('create') },
  { path: '/add-new-question/:category', element: questionForm('create') },
  { path: '/new-questionV2/:id', element: questionForm('continue') },
  { path: '/edit-question/:id', element: questionForm('update') },
  { path: '/edit-existing-question/:category/:id', element: questionForm('update') },
  { path: '/clone-question/:id', element: questionForm('clone') },
  { path: '/clone-existing-question/:category/:id', element: questionForm('clone') },
  // Tests, skills, languages
  { path: '/test-library', element: <Navigate to="/tests" replace /> },
  { path: '/create-test/:category', element: guard('tests', 'create', <TestWizard />) },
  { path: '/edit-test/:id', element: guard('tests', 'edit', <TestWizard />) },
  { path: '/sub-skills/:primarySkillId', element: guard('skills', 'show', <SubSkillsPage />) },
  { path: '/sub-skills/addReportContent/:primarySkillId/:secondarySkillId', element: guard('skills', 'show', <ReportContentPage />) },
  { path: '/languages/languageContent/:languageId', element: guard('languages', 'show', <LanguageContentPage />) },
  // Clients and licences
  { path: `/${PRODUCT}Client`, element: guard('clients', 'list', <ClientList />) },
  { path: `/${PRODUCT}Client/new`, element: guard('clients', 'create', <ClientCreatePage />) },
  { path: `/${PRODUCT}Client/:id`, element: guard('clients', 'show', <ClientEditPage />) },
  { path: `/${PRODUCT}Client/viewAssessment/:clientId`, element: guard('clients', 'show', <ClientAssessmentsPage />) },
  { path: `/${PRODUCT}Client/addView/:clientId`, element: guard('clients', 'edit', <AddClientAssessmentPage />) },
  { path: `/${PRODUCT}Client/editView/:clientId/:assessmentId`, element: guard('clients', 'edit', <EditClientAssessmentPage />) },
  // A client's users read their own licences (canSeeLicences), which the resource rule does not admit.
  { path: '/clientLicence', element: guard(canSeeLicences, <LicenceList />) },
  { path: '/clientLicence/assign', element: guard('licences', 'create', <LicenceAssign />) },
  { path: '/clientLicence/:id', element: guard(canSeeLicences, <LicencePage />) },
  // Campaigns, orders, jobs
  { path: '/campaign', element: guard('campaigns', 'list', <CampaignList />) },
  { path: '/campaign/addCampaign', element: guard('campaigns', 'create', <CampaignCreate />) },
  { path: '/campaign/:campaignId', element: guard('campaigns', 'show', <CampaignPage />) },
  { path: '/orders', element: guard('orders', 'list', <OrdersPage />) },
  { path: '/orders/:id', element: guard('orders', 'show', <OrderPage />) },
  { path: '/orders/:id/invoice', element: guard('orders', 'show', <InvoicePage />) },
  { path: '/jobs', element: guard('jobs', 'list', <JobList />) },
  { path: '/postJob', element: guard('jobs', 'create', <JobForm />) },
  { path: '/postJob/:id', element: guard('jobs', 'edit', <JobForm />) },
  // Team screens: the specification's routes onto the resource routes
  { path: '/teamMembers', element: <Navigate to="/team-members" replace /> },
  { path: '/newTeamMember', element: <Navigate to="/team-members/create" replace /> },
  { path: '/teamMembers/:id', element: <Redirect to={(p) => `/team-members/${p.id}`} /> },
  { path: '/relationshipManager', element: <Navigate to="/relationship-managers" replace /> },
  { path: '/salesPerson', element: <Navigate to="/sales-persons" replace /> },
  { path: '/roles', element: <Navigate to="/job-roles" replace /> },
  { path: '/jobRoles', element: <Navigate to="/job-roles" replace /> },
  { path: '/add-jobRole', element: <Navigate to="/job-roles/create" replace /> },
  { path: '/edit-existing-role/:id', element: <Redirect to={(p) => `/job-roles/${p.id}`} /> },
  { path: '/location', element: <Navigate to="/locations" replace /> },
];
