import type { PageStep } from '../contracts/pages.js';
import { selectEntities } from '../engine/index.js';
import type { PagePlace, Storefront } from './storefront.js';

/**
 * A product page stays answered when a rule hides its product: a hide removes entities from
 * listings (the search page, category pages, autocomplete), and a product page is none of them.
 * The product is still in the catalog and sold, so a shopper following an old link (a bookmark,
 * a mail, a search engine's result) still reaches it; only taking it out of the catalog makes its
 * page a 404. The debug trace says so, naming the rule that hides it from the shop's listings:
 * one that acts on a search without words, as a rule that hides it "off every page" does.
 */
export function hiddenStep(
  storefront: Storefront,
  product: string,
  place: PagePlace,
  time: Date,
): PageStep | undefined {
  const entity = `product:${product}`;
  const plan = storefront.source.planner.plan(
    { on: 'search', channel: place.channel.id, locale: place.locale, redirect: false },
    { arrival: time, trace: false },
  );
  if (plan.kind !== 'search') return undefined;
  const context = { channel: place.channel.id, time: time.getTime() };
  const hide = plan.hides.find(
    (target) =>
      (target.type === undefined || target.type === 'product') &&
      (target.entities?.includes(entity) === true ||
        (target.where !== undefined &&
          selectEntities(storefront.source.index, target.where, [entity], context).has(entity))),
  );
  if (hide === undefined) return undefined;
  return {
    step: 'hidden',
    outcome: 'matched',
    entity,
    rule: hide.rule,
    detail: `Rule ${hide.rule} hides ${entity} from the shop's listings. A product page is no listing, so it is still answered: a shopper following an old link sees it; take the product out of the catalog to answer 404.`,
  };
}
