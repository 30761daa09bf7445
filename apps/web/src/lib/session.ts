import { useSyncExternalStore } from 'react';
import { roles, type Role, type Session } from '@vigil/contracts';
import { storage } from './storage';

/** The signed-in person as kept in localStorage (spec platform 3: token, userId, role, email). */
export interface StoredSession {
  token: string;
  userId: string;
  role: Role;
  email: string;
}

const keys = { token: 'token', userId: 'userId', role: 'role', email: 'email' } as const;

const isRole = (value: string | null): value is Role =>
  value !== null && (roles as readonly string[]).includes(value);

/** Spec: a stored token that is present and not the text 'undefined' signs in on start. */
function readStoredSession(): StoredSession | null {
  const token = storage.get(keys.token);
  if (!token || token === 'undefined' || token === 'null') return null;
  const role = storage.get(keys.role);
  return {
    token,
    userId: storage.get(keys.userId) ?? '',
    role: isRole(role) ? role : 'user',
    email: storage.get(keys.email) ?? '',
  };
}

type Listener = () => void;
type SignOutListener = (reason: 'logout' | 'expired') => void;

let current: StoredSession | null = readStoredSession();
const listeners = new Set<Listener>();
const signOutListeners = new Set<SignOutListener>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): StoredSession | null {
  return current;
}

export function signIn(session: Session): void {
  storage.set(keys.token, session.jwt);
  storage.set(keys.userId, session.userId);
  storage.set(keys.role, session.role);
  storage.set(keys.email, session.email);
  current = {
    token: session.jwt,
    userId: session.userId,
    role: session.role,
    email: session.email,
  };
  emit();
}

/** Keeps the stored role and email in step with what the server says about the person. */
export function syncSession(update: { role: Role; email: string }): void {
  if (!current || (current.role === update.role && current.email === update.email)) return;
  storage.set(keys.role, update.role);
  storage.set(keys.email, update.email);
  current = { ...current, ...update };
  emit();
}

export function signOut(reason: 'logout' | 'expired' = 'logout'): void {
  const wasSignedIn = current !== null;
  for (const key of Object.values(keys)) storage.remove(key);
  current = null;
  emit();
  if (wasSignedIn) for (const listener of signOutListeners) listener(reason);
}

/** Re-reads localStorage; for tests and for another tab having signed in or out. */
export function reloadSession(): void {
  current = readStoredSession();
  emit();
}

export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Where a person lands after signing in, and on any unknown path (spec platform 2). */
export function homePath(role: Role): string {
  return role === 'super_admin' ? '/users' : '/dashboard';
}
