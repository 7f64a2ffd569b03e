import { type FormEvent, useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Form,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components';
import type { Schemas, Violation } from '../api.ts';
import { fromLocalInput, toLocalInput } from '../format.ts';

export type RuleFields = Schemas['RuleFields'];
type Pin = NonNullable<RuleFields['pins']>[number];

const SURFACES = [
  { id: 'search', label: 'Search page' },
  { id: 'category_page', label: 'Category page' },
  { id: 'autocomplete', label: 'Typeahead' },
] as const;

/** A list typed as "a, b, c" (or one per line). */
const listOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The form on a rule's editor `fields`: when and where it acts (schedule window, surfaces, query,
 * category, channels, locales) and what it does (redirect, pins, hides, boosts, buries, removed
 * words). Violations aisle answers are shown at the field their pointer names.
 */
export function RuleEditor({
  initial,
  isNew,
  violations,
  busy,
  onSave,
  onCancel,
}: {
  initial: RuleFields & { id?: string };
  isNew: boolean;
  violations: Violation[];
  busy: boolean;
  onSave: (id: string, fields: RuleFields) => void;
  onCancel: () => void;
}) {
  const [id, setId] = useState(initial.id ?? '');
  const [description, setDescription] = useState(initial.description);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [startsAt, setStartsAt] = useState(toLocalInput(initial.starts_at));
  const [endsAt, setEndsAt] = useState(toLocalInput(initial.ends_at));
  const [surfaces, setSurfaces] = useState<string[]>(initial.surfaces ?? []);
  const [queryMatch, setQueryMatch] = useState<string>(initial.query_match ?? 'any');
  const [queryWords, setQueryWords] = useState((initial.query_words ?? []).join(', '));
  const [category, setCategory] = useState(initial.category ?? '');
  const [below, setBelow] = useState(initial.category_below ?? false);
  const [channels, setChannels] = useState((initial.channels ?? []).join(', '));
  const [locales, setLocales] = useState((initial.locales ?? []).join(', '));
  const [redirectUrl, setRedirectUrl] = useState(initial.redirect_url ?? '');
  const [pins, setPins] = useState<Pin[]>(initial.pins ?? []);
  const [hide, setHide] = useState((initial.hide ?? []).join(', '));
  const [boost, setBoost] = useState((initial.boost ?? []).join(', '));
  const [bury, setBury] = useState((initial.bury ?? []).join(', '));
  const [removeWords, setRemoveWords] = useState((initial.remove_words ?? []).join(', '));

  const at = (...names: string[]) =>
    violations.find((violation) => names.some((name) => violation.pointer.includes(name)))?.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields: RuleFields = { description: description.trim(), enabled };
    const starts = fromLocalInput(startsAt);
    const ends = fromLocalInput(endsAt);
    if (starts) fields.starts_at = starts;
    if (ends) fields.ends_at = ends;
    if (surfaces.length) fields.surfaces = surfaces as RuleFields['surfaces'];
    if (queryMatch !== 'any' && listOf(queryWords).length) {
      fields.query_match = queryMatch as RuleFields['query_match'];
      fields.query_words = listOf(queryWords);
    }
    if (category.trim()) {
      fields.category = category.trim();
      if (below) fields.category_below = true;
    }
    if (listOf(channels).length) fields.channels = listOf(channels);
    if (listOf(locales).length) fields.locales = listOf(locales);
    if (redirectUrl.trim()) fields.redirect_url = redirectUrl.trim();
    const kept = pins.filter((pin) => pin.entity.trim());
    if (kept.length) fields.pins = kept.map((pin) => ({ ...pin, entity: pin.entity.trim() }));
    if (listOf(hide).length) fields.hide = listOf(hide);
    if (listOf(boost).length) {
      fields.boost = listOf(boost);
      fields.boost_strength = initial.boost_strength ?? 'medium';
    }
    if (listOf(bury).length) {
      fields.bury = listOf(bury);
      fields.bury_strength = initial.bury_strength ?? 'medium';
    }
    if (listOf(removeWords).length) fields.remove_words = listOf(removeWords);
    onSave(id.trim(), fields);
  }

  return (
    // The API's violations mark fields invalid; with the browser's own validation an invalid field
    // would block the very submit that sends the correction, so validity is only announced (aria).
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      className="card rule-editor"
      aria-label={isNew ? 'New rule' : `Edit rule ${id}`}
    >
      <h3>{isNew ? 'New rule' : `Rule ${id}`}</h3>
      {violations.length > 0 && (
        <ul className="field-error" role="alert">
          {violations.map((violation) => (
            <li key={violation.pointer + violation.message}>
              <code>{violation.pointer}</code>: {violation.message}
            </li>
          ))}
        </ul>
      )}
      <div className="field-row">
        {isNew && (
          <Field
            label="Id"
            value={id}
            onChange={setId}
            error={at('/id')}
            required
            hint="Letters, digits, - _ ."
          />
        )}
        <Field
          label="Description"
          value={description}
          onChange={setDescription}
          error={at('description')}
          required
          wide
        />
      </div>
      <Checkbox isSelected={enabled} onChange={setEnabled}>
        <span className="box" aria-hidden="true" />
        Enabled
      </Checkbox>
      <fieldset>
        <legend>When</legend>
        <div className="field-row">
          <LocalTime
            label="Starts at"
            value={startsAt}
            onChange={setStartsAt}
            error={at('starts_at', '/schedule/from')}
          />
          <LocalTime
            label="Ends at"
            value={endsAt}
            onChange={setEndsAt}
            error={at('ends_at', '/schedule/until')}
          />
        </div>
        <CheckboxGroup value={surfaces} onChange={setSurfaces} className="field">
          <Label>Surfaces (none: every surface)</Label>
          {SURFACES.map((surface) => (
            <Checkbox key={surface.id} value={surface.id}>
              <span className="box" aria-hidden="true" />
              {surface.label}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <RadioGroup value={queryMatch} onChange={setQueryMatch} orientation="horizontal" className="field">
          <Label>The query</Label>
          <Radio value="any">any query</Radio>
          <Radio value="is">is</Radio>
          <Radio value="contains">contains</Radio>
          <Radio value="starts_with">starts with</Radio>
        </RadioGroup>
        {queryMatch !== 'any' && (
          <Field
            label="Query words (comma between)"
            value={queryWords}
            onChange={setQueryWords}
            error={at('query')}
            wide
          />
        )}
        <div className="field-row">
          <Field label="Category page (id)" value={category} onChange={setCategory} error={at('category')} />
          <Checkbox isSelected={below} onChange={setBelow} isDisabled={!category.trim()}>
            <span className="box" aria-hidden="true" />
            and the categories below it
          </Checkbox>
        </div>
        <div className="field-row">
          <Field label="Channels" value={channels} onChange={setChannels} error={at('channel')} />
          <Field label="Locales" value={locales} onChange={setLocales} error={at('locale')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Then</legend>
        <Field
          label="Redirect to (a path or https:// URL)"
          value={redirectUrl}
          onChange={setRedirectUrl}
          error={at('redirect')}
          wide
        />
        <fieldset>
          <legend>Pins</legend>
          {pins.map((pin, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pins are edited in place; their order is their identity here
            <div className="pin-row" key={index}>
              <Field
                label={`Pin ${index + 1}: product`}
                value={pin.entity}
                onChange={(entity) =>
                  setPins(pins.map((each, at) => (at === index ? { ...each, entity } : each)))
                }
                error={at(`/pins/${index}/entity`, `/pin/${index}/entity`)}
                hint="product:ID"
              />
              <Field
                label={`Pin ${index + 1}: position`}
                value={String(pin.position)}
                type="number"
                onChange={(value) =>
                  setPins(
                    pins.map((each, at) => (at === index ? { ...each, position: Number(value) || 1 } : each)),
                  )
                }
                error={at(`/pins/${index}/position`, `/pin/${index}/position`)}
              />
              <Button onPress={() => setPins(pins.filter((_, at) => at !== index))}>
                Remove pin {index + 1}
              </Button>
            </div>
          ))}
          <Button onPress={() => setPins([...pins, { entity: '', position: pins.length + 1 }])}>
            Add a pin
          </Button>
        </fieldset>
        <Field
          label="Hide (products, comma between)"
          value={hide}
          onChange={setHide}
          error={at('hide')}
          wide
        />
        <Field label="Boost" value={boost} onChange={setBoost} error={at('boost')} wide />
        <Field label="Bury" value={bury} onChange={setBury} error={at('bury')} wide />
        <Field
          label="Remove words"
          value={removeWords}
          onChange={setRemoveWords}
          error={at('rewrite', 'remove_words')}
          wide
        />
      </fieldset>
      <div className="actions">
        <Button type="submit" className="primary" isDisabled={busy}>
          {busy ? 'Saving …' : isNew ? 'Add the rule to the draft' : 'Save the rule'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}

function Field({
  label,
  value,
  onChange,
  error,
  hint,
  required = false,
  wide = false,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  wide?: boolean;
  type?: string;
}) {
  return (
    <TextField
      value={value}
      onChange={onChange}
      isInvalid={error !== undefined}
      isRequired={required}
      type={type}
      className={wide ? 'field wide' : 'field'}
    >
      <Label>{label}</Label>
      <Input />
      {hint && <Text slot="description">{hint}</Text>}
      {error && (
        <Text slot="errorMessage" className="field-error">
          {error}
        </Text>
      )}
    </TextField>
  );
}

/** A time in the browser's zone; sent as RFC 3339. */
function LocalTime({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return <Field label={label} value={value} onChange={onChange} error={error} type="datetime-local" />;
}
