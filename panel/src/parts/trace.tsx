import type { Schemas } from '../api.ts';

type Step = Schemas['PreviewSearchAnswer']['trace'][number] | Record<string, unknown>;

/**
 * A trace, step by step, as sentences and short lists: each step's own sentences (`detail`,
 * `message`, `summary`) first, its other members as name and value. The raw step stays one click away.
 */
export function TraceView({ trace, label }: { trace: Step[]; label: string }) {
  return (
    <details className="trace">
      <summary>
        {label}: {trace.length} steps
      </summary>
      <ol>
        {trace.map((step, index) => {
          const record = step as Record<string, unknown>;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a trace's steps have no id but their order
            <li key={index} className="trace-step">
              <strong>{String(record.step ?? 'step')}</strong>
              <ul>
                {Object.entries(record)
                  .filter(([name]) => name !== 'step')
                  .map(([name, value]) => (
                    <li key={name}>
                      <em>{name.replaceAll('_', ' ')}</em>: {readable(value)}
                    </li>
                  ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/** A value in a line a merchandiser reads: scalars as written, lists joined, objects as name = value. */
function readable(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '–';
  if (typeof value !== 'object') return String(value);
  if (depth > 2) return '…';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const shown = value.slice(0, 12).map((item) => readable(item, depth + 1));
    return shown.join(depth === 0 ? '; ' : ', ') + (value.length > 12 ? ` … (${value.length} in all)` : '');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([name, inner]) => `${name} ${readable(inner, depth + 1)}`)
    .join(', ');
}
