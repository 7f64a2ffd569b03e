import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { useState } from 'react';
import { Button, Input, Label, TextArea, TextField } from 'react-aria-components';
import { type Schemas, useClient, violationsOf } from '../api.ts';
import { ErrorView } from './states.tsx';

type Import = Schemas['Import'];

/**
 * The release files a draft changes, each editable as JSON (or text), with the violations aisle
 * finds shown under the file they point into; a file can be dropped so the published one applies.
 */
export function DraftFiles({ item, editable }: { item: Import; editable: boolean }) {
  const names = Object.keys(item.files);
  const [adding, setAdding] = useState('');
  return (
    <section aria-labelledby="files-heading">
      <h2 id="files-heading">Release files of this import</h2>
      {names.length === 0 && (
        <p>It changes no release file: it is read with the published release's files.</p>
      )}
      {names.map((name) => (
        <FileEditor key={`${name}-${item.version}`} item={item} name={name} editable={editable} />
      ))}
      {editable && (
        <div className="field-row">
          <TextField value={adding} onChange={setAdding} className="field">
            <Label>Change another file</Label>
            <Input placeholder="rules.json" />
          </TextField>
          {/^[a-z][a-z0-9_-]*\.json$/.test(adding) && !names.includes(adding) && (
            <FileEditor key={adding} item={item} name={adding} editable isNew />
          )}
        </div>
      )}
    </section>
  );
}

function FileEditor({
  item,
  name,
  editable,
  isNew = false,
}: {
  item: Import;
  name: string;
  editable: boolean;
  isNew?: boolean;
}) {
  const client = useClient();
  const queries = useQueryClient();
  const kept = item.files[name];
  const [text, setText] = useState(
    kept === undefined ? '{\n}' : typeof kept === 'string' ? kept : JSON.stringify(kept, null, 2),
  );
  const [unparsable, setUnparsable] = useState<string | undefined>();
  const write = useMutation({
    mutationFn: (content: unknown) =>
      unwrap(
        client.PATCH('/api/v1/imports/{import}', {
          params: { path: { import: Number(item.id) } },
          body: {
            version: item.version,
            files: { [name]: content as Record<string, unknown> | string | null },
          },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['imports', item.id] }),
  });
  const save = () => {
    try {
      const content = name.endsWith('.json') ? JSON.parse(text) : text;
      setUnparsable(undefined);
      write.mutate(content);
    } catch (error) {
      setUnparsable(error instanceof Error ? error.message : String(error));
    }
  };
  const violations = violationsOf(write.error, name);
  return (
    <div className="card">
      <TextField
        value={text}
        onChange={setText}
        isReadOnly={!editable}
        isInvalid={violations.length > 0 || unparsable !== undefined}
      >
        <Label>
          <code>{name}</code>
          {isNew ? ' (new in this draft)' : ''}
        </Label>
        <TextArea rows={Math.min(20, text.split('\n').length + 1)} spellCheck={false} />
      </TextField>
      {unparsable && (
        <p className="field-error" role="alert">
          Not JSON: {unparsable}
        </p>
      )}
      {violations.length > 0 && (
        <ul className="field-error" role="alert">
          {violations.map((violation) => (
            <li key={violation.pointer + violation.message}>
              <code>{violation.pointer || '/'}</code>: {violation.message}
            </li>
          ))}
        </ul>
      )}
      {write.isError && violations.length === 0 && <ErrorView error={write.error} />}
      {editable && (
        <div className="actions">
          <Button className="primary" onPress={save} isDisabled={write.isPending}>
            Save {name}
          </Button>
          {!isNew && (
            <Button onPress={() => write.mutate(null)} isDisabled={write.isPending}>
              Drop it (the published {name} applies)
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
