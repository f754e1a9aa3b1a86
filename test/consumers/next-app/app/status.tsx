'use client';
import { useAuth } from 'auth-elements/react';

export function Status() {
  const { isAuthenticated, user } = useAuth();
  return <p id="host-status">{isAuthenticated ? `Signed in as ${user?.email}` : 'Signed out'}</p>;
}
