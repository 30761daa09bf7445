import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import classes from './route-fade.module.css';

/** Re-mounts its content on every path change so that the new page fades in. */
export function RouteFade({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className={classes.fade} data-testid="route-fade">
      {children}
    </div>
  );
}
