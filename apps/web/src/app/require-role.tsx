import type { Role } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { homePath, useSession } from '../lib/session';

/** Pages a role cannot use send it home (the server answers 403 to them anyway). */
export function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const role = useSession()?.role ?? 'user';
  return roles.includes(role) ? children : <Navigate to={homePath(role)} replace />;
}
