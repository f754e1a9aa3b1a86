// A server component (no 'use client' here): it imports the kit's React entry, whose own
// 'use client' makes its components client components rendered on the server and hydrated.
import { AuthElementsProvider, LoginBox } from 'auth-elements/react';
import { Status } from './status';

export default function Home() {
  return (
    <AuthElementsProvider contextOptions={{ demoMode: true }}>
      <h1>Next.js host</h1>
      <Status />
      <LoginBox />
    </AuthElementsProvider>
  );
}
