import type { Schemas } from '../api.ts';
import { Photo } from './photo.tsx';

/** The entities a rule names: photo, title and reference; one the catalog no longer holds is marked gone. */
export function NamedEntities({ entities }: { entities: Schemas['NamedEntity'][] }) {
  if (entities.length === 0) return null;
  return (
    <ul className="plain-list">
      {entities.map((named) => (
        <li key={named.entity} className="entity">
          {named.image ? <Photo className="thumb" src={named.image} alt="" /> : null}
          <span className={named.gone ? 'gone' : undefined}>
            {named.title ?? named.entity} <code>{named.entity}</code>
          </span>
          {named.gone && <span className="badge status-dormant">gone from the catalog</span>}
        </li>
      ))}
    </ul>
  );
}
