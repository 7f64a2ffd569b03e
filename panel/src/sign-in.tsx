import { type AisleClient, unwrap } from 'aisle/client';
import { type FormEvent, useState } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { problemOf } from './api.ts';
import { keepKey, managementClient } from './session.ts';

/**
 * Asks for the management key once per tab. The key is tried on a call every key may make before it
 * is kept; a wrong one shows the 401's own detail.
 */
export function SignIn({
  notice,
  onSignedIn,
}: {
  notice: string | undefined;
  onSignedIn: (client: AisleClient) => void;
}) {
  const [key, setKey] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const candidate = key.trim();
    if (!candidate) return;
    setBusy(true);
    setFailure(undefined);
    const client = managementClient(candidate);
    try {
      await unwrap(client.GET('/api/v1/index-runs', { params: { query: { per_page: 1 } } }));
      keepKey(candidate);
      onSignedIn(client);
    } catch (error) {
      const problem = problemOf(error);
      setFailure(problem.detail ?? problem.title);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <h1>aisle</h1>
      <p>The operator panel of this shop's search. Sign in with the management key.</p>
      {notice && (
        <p className="notice" role="status">
          Signed out: {notice}
        </p>
      )}
      <Form onSubmit={submit} validationBehavior="aria">
        <TextField
          value={key}
          onChange={setKey}
          type="password"
          autoComplete="current-password"
          isRequired
          isInvalid={failure !== undefined}
          autoFocus
        >
          <Label>Management key</Label>
          <Input />
        </TextField>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        <p className="hint">
          Kept in this tab only, until it closes. <code>aisle start</code> printed it once, and keeps it in
          the data dir's <code>management-key</code> file; or it is the stack's{' '}
          <code>SEARCH_MANAGEMENT_KEY</code>.
        </p>
        <Button type="submit" isDisabled={busy} className="primary">
          {busy ? 'Signing in …' : 'Sign in'}
        </Button>
      </Form>
    </main>
  );
}
