import { lazy } from './lazy';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Notification, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from './domain/constants';
import { AppLayout } from './custom/layout/AppLayout';
import { AccessDenied, guardViews } from './custom/pages/AccessDenied';
import { NotFoundScreen } from './custom/layout/ErrorScreen';
import { Spinner } from './custom/layout/Spinner';
import { PublicOnly } from './custom/auth/PublicOnly';
import type { SIGNED_OUT_PAGES } from './providers/returnTo';
import { createI18nProvider } from './i18n';
import { MuiLocale } from './i18n/muiLocale';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { createQueryClient } from './providers/queryClient';
import answerTitles from './resources/answer-titles';
import assessments from './resources/assessments';
import categories from './resources/categories';
import industries from './resources/industries';
import jobRoles from './resources/job-roles';
import languages from './resources/languages';
import locations from './resources/locations';
import outbox from './resources/outbox';
import { PrintInvoicePage } from './resources/orders';
import { ORDER_PATHS } from './domain/printing';
import { PrintReportPage } from './resources/reports';
import { REPORT_PATHS } from './domain/printing';
import questions from './resources/questions';
import scorecards from './resources/scorecards';
import skills from './resources/skills';
import tests from './resources/test-library';
import users, { authors, relationshipManagers, salesPersons, teamMembers } from './resources/users';
import verticals from './resources/verticals';
import { LAYOUT_ROUTES } from './routes';
import { theme } from './theme';

const LoginPage = lazy(() => import('./custom/auth/LoginPage'));
const OtpPage = lazy(() => import('./custom/auth/OtpPage'));
const signup = () => import('./custom/auth/SignupPage');
const CompanySignupPage = lazy(() => signup().then((m) => ({ default: m.CompanySignupPage })));
const GenericSignupPage = lazy(() => signup().then((m) => ({ default: m.GenericSignupPage })));
const password = () => import('./custom/auth/PasswordPages');
const ForgotPasswordPage = lazy(() => password().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => password().then((m) => ({ default: m.ResetPasswordPage })));
const NewPasswordPage = lazy(() => password().then((m) => ({ default: m.NewPasswordPage })));
const providers = () => import('./custom/auth/ProviderPages');
const GoogleSignInPage = lazy(() => providers().then((m) => ({ default: m.GoogleSignInPage })));
const LinkedInPage = lazy(() => providers().then((m) => ({ default: m.LinkedInPage })));
const LoginLoaderPage = lazy(() => providers().then((m) => ({ default: m.LoginLoaderPage })));
const WelcomePage = lazy(() => providers().then((m) => ({ default: m.WelcomePage })));

const i18nProvider = createI18nProvider();
const queryClient = createQueryClient();
// <Admin>'s own default: list settings, column choices and the dashboards' period survive a reload.
const store = localStorageStore();

/** Toasts: top right, closing after 5 s. */
const Toasts = () => <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_AUTO_CLOSE_MS} />;

/** The resources, each view behind the access check so that nothing loads for a user who may not see it. */
const RESOURCES = (
  [
    ['team-members', teamMembers],
    ['authors', authors],
    ['relationship-managers', relationshipManagers],
    ['sales-persons', salesPersons],
    ['users', users],
    ['job-roles', jobRoles],
    ['categories', categories],
    ['industries', industries],
    ['verticals', verticals],
    ['locations', locations],
    ['outbox', outbox],
    ['questions', questions],
    ['skills', skills],
    ['tests', tests],
    ['assessments', assessments],
    ['languages', languages],
    ['answer-titles', answerTitles],
    ['scorecards', scorecards],
  ] as const
).map(([name, views]) => [name, guardViews(name, views)] as const);

/** Public pages (every one of SIGNED_OUT_PAGES): signed-in users go to their landing page instead. */
const PUBLIC_PAGES: Record<(typeof SIGNED_OUT_PAGES)[number], React.ReactElement> = {
  '/': <LoginPage />,
  '/signup': <CompanySignupPage />,
  '/generic-signup': <GenericSignupPage />,
  '/otp': <OtpPage />,
  '/linkedIn': <LinkedInPage />,
  '/welcome': <WelcomePage />,
  '/forgotpassword': <ForgotPasswordPage />,
  '/resetPassword': <ResetPasswordPage />,
  '/newPassword': <NewPasswordPage />,
};
const PUBLIC_ROUTES = Object.entries(PUBLIC_PAGES);

/** react-admin's <Admin>, with MUI's own words in the interface language between its context and its screens. */
export default function App() {
  return (
    <AdminContext dataProvider={dataProvider} queryClient={queryClient} authProvider={authProvider} i18nProvider={i18nProvider} store={store} theme={theme}>
      <MuiLocale>
        <AdminUI
          layout={AppLayout}
          notification={Toasts}
          loading={() => <Spinner fullHeight />}
          catchAll={NotFoundScreen}
          accessDenied={AccessDenied}
          loginPage={false}
          requireAuth
          disableTelemetry
        >
          {RESOURCES.map(([name, views]) => (
            <Resource key={name} name={name} {...views} />
          ))}
          <CustomRoutes noLayout>
            {PUBLIC_ROUTES.map(([path, element]) => (
              <Route key={path} path={path} element={<PublicOnly>{element}</PublicOnly>} />
            ))}
            <Route path="/googlesignin" element={<GoogleSignInPage />} />
            <Route path="/login-loader" element={<LoginLoaderPage />} />
            <Route path="/login" element={<Navigate to="/" replace />} />
            {/* The PDF renderer's page: no session, a print ticket for one report (server/modules/report-pdf). */}
            <Route path={REPORT_PATHS.printPattern} element={<PrintReportPage />} />
            {/* The invoice's print page, the same way (server/modules/orders). */}
            <Route path={ORDER_PATHS.printInvoicePattern} element={<PrintInvoicePage />} />
          </CustomRoutes>
          <CustomRoutes>
            {LAYOUT_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
          </CustomRoutes>
        </AdminUI>
      </MuiLocale>
    </AdminContext>
  );
}
