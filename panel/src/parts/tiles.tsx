import type { Schemas } from '../api.ts';
import { Photo } from './photo.tsx';

type Tile = Schemas['Inspection']['products'][number]['tile'];

const money = (amount: number, currency: string | undefined) =>
  currency
    ? new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount)
    : String(amount);

/** Products as a listing's tiles show them: photo, title, brand, price (reduced where it is), stock. */
export function Tiles({ tiles }: { tiles: Tile[] }) {
  if (tiles.length === 0) return <p>No products.</p>;
  return (
    <ul className="tiles">
      {tiles.map((tile) => (
        <li key={tile.entity} className="tile">
          {tile.image ? <Photo src={tile.image} alt={tile.title ?? tile.entity} /> : null}
          <strong>{tile.title ?? tile.entity}</strong>
          <br />
          {tile.brand && <span>{tile.brand} · </span>}
          {tile.price !== undefined && (
            <span>
              {tile.sale_price !== undefined ? (
                <>
                  <del>{money(tile.price, tile.currency)}</del> {money(tile.sale_price, tile.currency)}
                </>
              ) : (
                money(tile.price, tile.currency)
              )}
            </span>
          )}
          {tile.availability && <div className="hint">{tile.availability.replace('_', ' ')}</div>}
          {tile.variants && tile.variants > 1 && <div className="hint">{tile.variants} variants</div>}
          <div className="hint">
            <code>{tile.entity}</code>
          </div>
        </li>
      ))}
    </ul>
  );
}
