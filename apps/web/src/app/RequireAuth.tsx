import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../api/auth-store.ts';

/** Everything but the sign-in area needs a token (spec 01 §2.1); without one, go to /signin and come back after. */
export function RequireAuth() {
  const { token } = useAuth();
  const location = useLocation();
  if (!token) return <Navigate to="/signin" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  return <Outlet />;
}
