import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { GuestRoute } from '@/features/auth/components/guest-route';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ladeVerwaltung } from '@/lib/i18n';
import { ErsterRahmen } from '@/rahmen/erster-rahmen';
import { RouteErrorBoundary } from './route-error-boundary';

type Screen = {
  path: string;
  /** Starts loading the screen's chunk (and what it imports); repeated calls cost nothing. */
  load: () => Promise<unknown>;
  Component: ComponentType;
  /** Whether the screen sits inside the query cache (app/query-shell.tsx). */
  usesQueries: boolean;
};

/** A screen of its own chunk, loaded on the first visit (or earlier, see ScreenPreload). */
function screen<M>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType, usesQueries = true): Screen {
  return { path, load, Component: lazy(() => load().then((module) => ({ default: pick(module) }))), usesQueries };
}

const loadQueryShell = () => import('./query-shell');
const QueryShell = lazy(() => loadQueryShell().then((m) => ({ default: m.QueryShell })));

const loadLogin = () => import('./routes/login');
// The Admin Center and the audit trail bring their own part of the texts (lib/i18n.ts).
const loadAudit = () => Promise.all([import('./routes/audit'), ladeVerwaltung()]).then(([m]) => m);
// /meine-daten comes with the dashboard's chunk: one chunk fewer named in the entry, which the login loads.
const loadDashboard = () => import('./routes/dashboard');

/** Login: the first screen of every visit, so it goes without the query cache. */
const LOGIN_SCREENS = [screen('/', loadLogin, (m) => m.LoginRoute, false), screen('/login', loadLogin, (m) => m.LoginRoute, false)];
const PASSWORD_SCREENS = [
  screen(
    '/forgot-password',
    () => import('./routes/forgot-password'),
    (m) => m.ForgotPasswordRoute,
  ),
  screen(
    '/password-reset',
    () => import('./routes/password-reset'),
    (m) => m.PasswordResetRoute,
  ),
];
const SIGNED_IN_SCREENS = [
  screen('/dashboard', loadDashboard, (m) => m.DashboardRoute),
  screen(
    '/wasserdienst',
    () => import('./routes/wasserdienst'),
    (m) => m.WasserdienstRoute,
  ),
  screen(
    '/dienste',
    () => import('./routes/dienste'),
    (m) => m.DiensteRoute,
  ),
  screen(
    '/arbeitseinsaetze',
    () => import('./routes/arbeitseinsaetze'),
    (m) => m.ArbeitseinsaetzeRoute,
  ),
  screen(
    '/stunden',
    () => import('./routes/stunden'),
    (m) => m.StundenRoute,
  ),
  screen(
    '/tauschboerse',
    () => import('./routes/tauschboerse'),
    (m) => m.TauschboerseRoute,
  ),
  screen(
    '/abwesenheit',
    () => import('./routes/abwesenheit'),
    (m) => m.AbwesenheitRoute,
  ),
  screen(
    '/schliesszeiten',
    () => import('./routes/schliesszeiten'),
    (m) => m.SchliesszeitenRoute,
  ),
  // /admin-dashboard opens the first section; each section has its own address (issue 24).
  screen(
    '/admin-dashboard/:bereich?',
    () => Promise.all([import('./routes/admin-dashboard'), ladeVerwaltung()]).then(([m]) => m),
    (m) => m.AdminDashboardRoute,
  ),
  // The audit trail 'Verlauf' (docs/audit.md): auditors and admins; the screen itself turns others away.
  screen('/audit', loadAudit, (m) => m.AuditRoute),
  screen('/audit/tausch/:tauschId', loadAudit, (m) => m.AuditTauschRoute),
  screen('/audit/import/:importId', loadAudit, (m) => m.AuditImportRoute),
  screen('/audit/integritaet', loadAudit, (m) => m.AuditIntegritaetRoute),
  screen('/audit/abwesenheiten', loadAudit, (m) => m.AuditAbwesenheitenRoute),
  screen('/audit/schliesszeiten', loadAudit, (m) => m.AuditSchliesszeitenRoute),
  screen('/meine-daten', loadDashboard, (m) => m.MeineDatenRoute),
];
/** Open to everyone, signed in or not, without the query cache. */
const PUBLIC_SCREENS = [
  screen(
    '/datenschutz',
    () => import('./routes/datenschutz'),
    (m) => m.DatenschutzRoute,
    false,
  ),
];
const SCREENS = [...LOGIN_SCREENS, ...PASSWORD_SCREENS, ...SIGNED_IN_SCREENS, ...PUBLIC_SCREENS];

const ignore = () => {};

/**
 * Starts loading the chunks of the screen the current path leads to, and the query cache's chunk
 * with them, side by side: otherwise the screen's chunk would be asked for only once the query
 * cache's chunk had arrived and rendered. A chunk that fails to load fails again in its route,
 * which shows RouteError.
 */
function ScreenPreload() {
  const { pathname } = useLocation();
  const { session } = useAuth();
  const signedIn = session.status === 'authenticated';
  const current = SCREENS.find((s) => matchPath(s.path, pathname));
  // Only where the gates will let the visitor stay.
  if (current && (PUBLIC_SCREENS.includes(current) || SIGNED_IN_SCREENS.includes(current) === signedIn)) {
    if (current.usesQueries) loadQueryShell().catch(ignore);
    current.load().catch(ignore);
  }
  return null;
}

const routesOf = (screens: Screen[]) => screens.map(({ path, Component }) => <Route key={path} path={path} element={<Component />} />);

/**
 * docs/produkt.md §2 route table, in react-router's declarative mode. Every screen is its own lazily loaded
 * chunk; navigations run as transitions, so the current screen stays until the next one is loaded.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScreenPreload />
      <RouteErrorBoundary>
        <Suspense fallback={<ErsterRahmen sonst={<LoadingScreen />} />}>
          <Routes>
            {/* Login, forgot and reset password: signed-in users are sent on to /dashboard. */}
            <Route element={<GuestRoute />}>
              {routesOf(LOGIN_SCREENS)}
              <Route element={<QueryShell />}>{routesOf(PASSWORD_SCREENS)}</Route>
            </Route>
            {/* Signed-out visitors go to /login, which brings them back here afterwards. */}
            <Route element={<ProtectedRoute />}>
              <Route element={<QueryShell />}>{routesOf(SIGNED_IN_SCREENS)}</Route>
            </Route>
            {routesOf(PUBLIC_SCREENS)}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
