import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AisleClient } from 'aisle/client';
import { AisleProblemError } from 'aisle/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ClientContext } from './api.ts';
import { forgetKey, managementClient, savedKey } from './session.ts';
import { Shell } from './shell.tsx';
import { SignIn } from './sign-in.tsx';

/** The panel: the sign-in until a key is known, then the screens, all on one client of that key. */
export function App() {
  const [client, setClient] = useState<AisleClient | undefined>(() => {
    const key = savedKey();
    return key ? managementClient(key) : undefined;
  });
  const [signedOut, setSignedOut] = useState<string | undefined>();
  const signOut = useRef<(reason?: string) => void>(() => undefined);
  signOut.current = (reason) => {
    forgetKey();
    setClient(undefined);
    setSignedOut(reason);
  };

  // One cache for the tab; a 401 anywhere (the key was changed on the server) signs out with its detail.
  const queries = useMemo(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (error) => {
            if (error instanceof AisleProblemError && error.status === 401)
              signOut.current(error.problem.detail);
          },
        }),
        defaultOptions: {
          queries: {
            // A network failure or an unavailable service (502, 503: an index switching in, load
            // shed) may pass; any other problem is aisle's answer and stays what it is.
            retry: (failures, error) =>
              failures < 2 && (!(error instanceof AisleProblemError) || error.status >= 502),
            refetchOnWindowFocus: false,
            staleTime: 5_000,
          },
        },
      }),
    [],
  );

  useEffect(() => {
    performance.mark('aisle-panel-interactive');
  }, []);

  if (!client) {
    return (
      <SignIn
        notice={signedOut}
        onSignedIn={(signedIn) => {
          queries.clear();
          setSignedOut(undefined);
          setClient(signedIn);
        }}
      />
    );
  }
  return (
    <ClientContext.Provider value={client}>
      <QueryClientProvider client={queries}>
        <Shell onSignOut={() => signOut.current()} />
      </QueryClientProvider>
    </ClientContext.Provider>
  );
}
