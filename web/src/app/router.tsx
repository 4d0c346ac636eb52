import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { RouteError } from '@/components/route-error';
import { GuestRoute } from '@/features/auth/components/guest-route';
import { ProtectedRoute } from '@/features/auth/components/protected-route';

/** SPEC.md §2 route table. Every screen is its own lazily loaded chunk. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      HydrateFallback: LoadingScreen,
      ErrorBoundary: RouteError,
      children: [
        {
          // Login, forgot and reset password: signed-in users are sent on to /dashboard.
          Component: GuestRoute,
          children: [
            { path: '/', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
            { path: '/login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
            {
              path: '/forgot-password',
              lazy: () => import('./routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
            },
            { path: '/password-reset', lazy: () => import('./routes/password-reset').then((m) => ({ Component: m.PasswordResetRoute })) },
          ],
        },
        {
          // Signed-out visitors go to /login, which brings them back here afterwards.
          Component: ProtectedRoute,
          children: [
            { path: '/dashboard', lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
            { path: '/wasserdienst', lazy: () => import('./routes/wasserdienst').then((m) => ({ Component: m.WasserdienstRoute })) },
            { path: '/tauschboerse', lazy: () => import('./routes/tauschboerse').then((m) => ({ Component: m.TauschboerseRoute })) },
            { path: '/abwesenheit', lazy: () => import('./routes/abwesenheit').then((m) => ({ Component: m.AbwesenheitRoute })) },
            { path: '/schliesszeiten', lazy: () => import('./routes/schliesszeiten').then((m) => ({ Component: m.SchliesszeitenRoute })) },
            {
              path: '/admin-dashboard',
              lazy: () => import('./routes/admin-dashboard').then((m) => ({ Component: m.AdminDashboardRoute })),
            },
            // The audit trail 'Verlauf' (docs/audit.md): auditors and admins; the screen itself turns others away.
            { path: '/audit', lazy: () => import('./routes/audit').then((m) => ({ Component: m.AuditRoute })) },
            { path: '/audit/tausch/:tauschId', lazy: () => import('./routes/audit').then((m) => ({ Component: m.AuditTauschRoute })) },
            { path: '/audit/import/:importId', lazy: () => import('./routes/audit').then((m) => ({ Component: m.AuditImportRoute })) },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
