import { Suspense } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { ToastRegion } from '../../components/layout/toast-region';
import { ConfirmProvider } from '../components/confirm-dialog';
import { PageHeader } from '../components/page-header';
import AcceptInvitePage from '../pages/accept-invite-page';
import LoginPage from '../pages/login-page';
import { consoleRoutes } from '../routes';
import { ConsoleLayout } from './console-layout';
import { StaffProvider, useStaff } from './staff-context';

function NotFound() {
  return <PageHeader title="Page not found" description="There is no console page at this address." />;
}

function Forbidden() {
  return (
    <PageHeader
      title="Not available to your role"
      description="Your role cannot use this page. Ask the shop's owner if you need it."
    />
  );
}

/** The signed-in console: each route's page, or why it cannot be shown. */
function SignedInConsole() {
  const { can, profile } = useStaff();
  const [location] = useLocation();
  const allowed = (permission: (typeof consoleRoutes)[number]['permission']) =>
    permission === 'self' || (!profile.mustSetUpTwoFactor && can(permission));
  // Staff without the dashboard start at the first page their role may use.
  const home = consoleRoutes.find((route) => route.nav && allowed(route.permission));
  if (location === '/login' || location.startsWith('/accept-invite/')) return <Redirect to="/" />;
  return (
    <ConsoleLayout>
      <Suspense fallback={<p className="console-loading">Loading…</p>}>
        <Switch>
          {consoleRoutes.map((route) => (
            <Route key={route.path} path={route.path}>
              {(params) => {
                if (!allowed(route.permission)) {
                  return route.path === '/' && home && home.path !== '/' ? (
                    <Redirect to={home.path} />
                  ) : (
                    <Forbidden />
                  );
                }
                const Page = route.page;
                return <Page params={params as Record<string, string>} {...route.props} />;
              }}
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </ConsoleLayout>
  );
}

function SignedOut() {
  return (
    <Switch>
      <Route path="/accept-invite/:token">{(params) => <AcceptInvitePage token={params.token} />}</Route>
      <Route>
        <LoginPage />
      </Route>
    </Switch>
  );
}

export function AdminApp() {
  return (
    <Router base="/admin">
      <ConfirmProvider>
        <StaffProvider signedOut={<SignedOut />}>
          <SignedInConsole />
        </StaffProvider>
        <ToastRegion />
      </ConfirmProvider>
    </Router>
  );
}
