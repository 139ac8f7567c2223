import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { PublicLayout } from '../layouts/PublicLayout';
// The front door comes with the entry: a lazy chunk would add one more round of fetch-and-execute before
// the first paint of /new (LCP, DESIGN §10).
import NewAppointmentPage from '../../features/booking/routes/NewAppointmentPage';
import { TWO_STEP_SETUP_PATH } from '../../session/useMfaSetupRequired';
import { RequireRole } from './RequireRole';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// Every page is its own chunk: the guest booking page /new loads only what it needs (DESIGN §8, §10).
// The signed-in layout (side navigation, user menu, drawer) is one too; guests never load it.
const DashboardLayout = lazy(() =>
  import('../layouts/DashboardLayout').then((m) => ({ default: m.DashboardLayout })),
);
const EditAppointmentPage = lazy(() => import('../../features/booking/routes/EditAppointmentPage'));
const CancelAppointmentPage = lazy(() => import('../../features/booking/routes/CancelAppointmentPage'));
const ConfirmComingPage = lazy(() => import('../../features/booking/routes/ConfirmComingPage'));
const EditingNotPossiblePage = lazy(() => import('../../features/booking/routes/EditingNotPossiblePage'));
const ChangeAppointmentPage = lazy(() => import('../../features/appointments/routes/ChangeAppointmentPage'));
const CalendarPage = lazy(() => import('../../features/appointments/routes/CalendarPage'));
const AppointmentsPage = lazy(() => import('../../features/appointments/routes/AppointmentsPage'));
const LoginPage = lazy(() => import('../../features/auth/routes/LoginPage'));
const OidcLandingPage = lazy(() => import('../../features/auth/routes/OidcLandingPage'));
const RegisterPage = lazy(() => import('../../features/auth/routes/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../../features/auth/routes/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../../features/auth/routes/ResetPasswordPage'));
const InvitationPage = lazy(() => import('../../features/auth/routes/InvitationPage'));
const SetupPage = lazy(() => import('../../features/setup/routes/SetupPage'));
const DashboardPage = lazy(() => import('../../features/dashboard/routes/DashboardPage'));
const HomeAppointments = lazy(() => import('../../features/appointments/components/HomeAppointments'));
const SetupChecklist = lazy(() => import('../../features/setup/components/SetupChecklist'));
const QueuePanel = lazy(() => import('../../features/queue/components/QueuePanel'));
const DisplayPage = lazy(() => import('../../features/queue/routes/DisplayPage'));
const ProfilePage = lazy(() => import('../../features/profile/routes/ProfilePage'));
const TwoStepSetupPage = lazy(() => import('../../features/profile/routes/TwoStepSetupPage'));
const DesksPage = lazy(() => import('../../features/desks/routes/DesksPage'));
const DeskPage = lazy(() => import('../../features/desks/routes/DeskPage'));
const NewDeskPage = lazy(() => import('../../features/desks/routes/NewDeskPage'));
const LocationsPage = lazy(() => import('../../features/locations/routes/LocationsPage'));
const LocationPage = lazy(() => import('../../features/locations/routes/LocationPage'));
const NewLocationPage = lazy(() => import('../../features/locations/routes/NewLocationPage'));
const StaffSignInPage = lazy(() => import('../../features/identity-provider/routes/StaffSignInPage'));
const OrganisationPage = lazy(() => import('../../features/organisation/routes/OrganisationPage'));
const ProductsPage = lazy(() => import('../../features/products/routes/ProductsPage'));
const ProductPage = lazy(() => import('../../features/products/routes/ProductPage'));
const NewProductPage = lazy(() => import('../../features/products/routes/NewProductPage'));
const ProductFilesPage = lazy(() => import('../../features/products/routes/ProductFilesPage'));
const UsersPage = lazy(() => import('../../features/users/routes/UsersPage'));
const AuditPage = lazy(() => import('../../features/audit/routes/AuditPage'));
const PrivacyStatementPage = lazy(() => import('../../features/privacy/routes/PrivacyStatementPage'));
const PrivacyRequestsPage = lazy(() => import('../../features/privacy/routes/PrivacyRequestsPage'));
const StatisticsPage = lazy(() => import('../../features/statistics/routes/StatisticsPage'));
const IntegrationsPage = lazy(() => import('../routes/IntegrationsPage'));
const SystemPage = lazy(() => import('../../features/system/routes/SystemPage'));
const AdminWaitlistPage = lazy(() => import('../../features/waitlist/routes/AdminWaitlistPage'));
const WaitlistConfirmPage = lazy(() => import('../../features/booking/routes/WaitlistConfirmPage'));
const WaitlistLeavePage = lazy(() => import('../../features/booking/routes/WaitlistLeavePage'));
const WaitlistOfferPage = lazy(() => import('../../features/booking/routes/WaitlistOfferPage'));
const AccessibilityPage = lazy(() => import('../../features/accessibility/routes/AccessibilityPage'));
const NotFoundPage = lazy(() => import('../../features/errors/routes/NotFoundPage'));
const ServerErrorPage = lazy(() => import('../../features/errors/routes/ServerErrorPage'));
const MaintenancePage = lazy(() => import('../../features/errors/routes/MaintenancePage'));

// An admin's first-run checklist (until every item is done) above the appointments part.
const home = (
  <DashboardPage>
    <Suspense fallback={<PageLoader />}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <SetupChecklist />
        <QueuePanel />
        <HomeAppointments />
      </Box>
    </Suspense>
  </DashboardPage>
);

/** 'true' at build time (VITE_MAINTENANCE) sends every path to /maintenance (spec §4). */
export const MAINTENANCE = import.meta.env.VITE_MAINTENANCE === 'true';

/** The routes of spec §2 with their guards; `maintenance` swaps them all for the maintenance page. */
export function appRoutes(maintenance: boolean = MAINTENANCE): RouteObject[] {
  if (maintenance) {
    return [
      {
        element: <PublicLayout />,
        children: [{ path: '/maintenance', element: <MaintenancePage /> }],
      },
      { path: '*', element: <Navigate to="/maintenance" replace /> },
    ];
  }
  return [
    {
      // A page that throws while rendering shows the general error page instead of a blank screen.
      element: (
        <RouteErrorBoundary
          fallback={
            <Suspense fallback={<PageLoader />}>
              <Container component="main" maxWidth="md" sx={{ py: 5 }}>
                <ServerErrorPage />
              </Container>
            </Suspense>
          }
        />
      ),
      children: [
        // The waiting room's screen: the whole screen, no layout around it, no sign-in (its key instead).
        {
          path: '/display/:locationId',
          element: (
            <Suspense fallback={<PageLoader />}>
              <DisplayPage />
            </Suspense>
          ),
        },
        {
          element: <PublicLayout />,
          children: [
            { path: '/', element: <Navigate to="/new" replace /> },
            // Booking and account pages: open to anyone (spec §4 "guest-only pages are open to anyone").
            { path: '/new', element: <NewAppointmentPage /> },
            { path: '/edit-appointment/:token', element: <EditAppointmentPage /> },
            { path: '/cancel-appointment/:token', element: <CancelAppointmentPage /> },
            { path: '/confirm-appointment/:token', element: <ConfirmComingPage /> },
            { path: '/waitlist-confirm/:token', element: <WaitlistConfirmPage /> },
            { path: '/waitlist-offer/:token', element: <WaitlistOfferPage /> },
            { path: '/waitlist-leave/:token', element: <WaitlistLeavePage /> },
            { path: '/Appointment/Index/*', element: <EditingNotPossiblePage /> },
            { path: '/login', element: <LoginPage /> },
            // Where a sign-in through the organisation's identity provider lands (DESIGN §4c).
            { path: '/login/oidc', element: <OidcLandingPage /> },
            { path: '/register', element: <RegisterPage /> },
            { path: '/forgot-password', element: <ForgotPasswordPage /> },
            { path: '/reset-password/:token', element: <ResetPasswordPage /> },
            { path: '/invitation/:token', element: <InvitationPage /> },
            // First run (DESIGN §4b): the link the server prints, or the token typed in.
            { path: '/setup', element: <SetupPage /> },
            { path: '/setup/:token', element: <SetupPage /> },
            // The privacy statement (DESIGN §4b), linked from the booking form's details step.
            { path: '/privacy', element: <PrivacyStatementPage /> },
            // The organisation's accessibility statement (DESIGN §4b), linked from every public page's footer.
            { path: '/accessibility', element: <AccessibilityPage /> },
            { path: '/404', element: <NotFoundPage /> },
            { path: '/500', element: <ServerErrorPage /> },
            { path: '/maintenance', element: <MaintenancePage /> },
          ],
        },
        {
          element: (
            <RequireRole>
              <Suspense fallback={<PageLoader />}>
                <DashboardLayout />
              </Suspense>
            </RequireRole>
          ),
          children: [
            { path: '/home', element: home },
            { path: '/admin', element: home },
            { path: '/profile', element: <ProfilePage /> },
            { path: TWO_STEP_SETUP_PATH, element: <TwoStepSetupPage /> },
            {
              element: <RequireRole role="ROLE_USER" />,
              children: [
                { path: '/calendar', element: <CalendarPage /> },
                { path: '/appointments', element: <AppointmentsPage /> },
                { path: '/change-appointment/:appointmentId', element: <ChangeAppointmentPage /> },
              ],
            },
            {
              element: <RequireRole role="ROLE_ADMIN" />,
              children: [
                { path: '/locations', element: <LocationsPage /> },
                { path: '/locations/new', element: <NewLocationPage /> },
                { path: '/location/:locationId', element: <LocationPage /> },
                { path: '/front-desks', element: <DesksPage /> },
                { path: '/front-desks/new', element: <NewDeskPage /> },
                { path: '/front-desk/:frontDeskId', element: <DeskPage /> },
                { path: '/organisation', element: <OrganisationPage /> },
                { path: '/staff-sign-in', element: <StaffSignInPage /> },
                { path: '/privacy-requests', element: <PrivacyRequestsPage /> },
                { path: '/products', element: <ProductsPage /> },
                { path: '/products/new', element: <NewProductPage /> },
                { path: '/product/:productId', element: <ProductPage /> },
                { path: '/product/:productId/files', element: <ProductFilesPage /> },
                { path: '/users', element: <UsersPage /> },
                { path: '/audit', element: <AuditPage /> },
                { path: '/statistics', element: <StatisticsPage /> },
                { path: '/integrations', element: <IntegrationsPage /> },
                { path: '/system', element: <SystemPage /> },
                { path: '/waitlist', element: <AdminWaitlistPage /> },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}
