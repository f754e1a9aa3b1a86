import { AuthElementsProvider, LoginBox, useAuth, type User } from 'auth-elements/react';
import { useState } from 'react';

function Status() {
  const { isAuthenticated, user } = useAuth();
  return <p id="host-status">{isAuthenticated ? `Signed in as ${user?.email}` : 'Signed out'}</p>;
}

// The README's React example, served at "/" (the default authenticated URL): the app shows.
export default function App() {
  const [loggedIn, setLoggedIn] = useState<User | null>(null);
  return (
    <AuthElementsProvider contextOptions={{ demoMode: true }}>
      <h1>Vite host</h1>
      <Status />
      {loggedIn && <p id="host-login-event">auth:login for {loggedIn.email}</p>}
      <LoginBox onLogin={({ user }) => setLoggedIn(user)} />
    </AuthElementsProvider>
  );
}
