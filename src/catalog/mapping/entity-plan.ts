import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import { AttributeBook, type ColumnPlan, type MappingPlan } from './plan.js';
import type { FileProfile } from './profile.js';

/**
 * aisle's own JSON Lines need no mapping: each entity is indexed as it is. Its fields are still
 * listed as columns, and its attributes typed from their values, for the inspection and for the
 * attributes.json the catalog suggests.
 */
export function planEntities(
  profile: FileProfile,
  attributes: AttributesFile | undefined,
  locale?: string,
): MappingPlan {
  const book = new AttributeBook(attributes, profile, locale);
  const columns: ColumnPlan[] = [...profile.columns.values()].map((column) => {
    const [field] = column.name.split('.');
    if (field === 'attributes' || field === 'signals') {
      const plan: ColumnPlan = {
        column: column.name,
        target: column.name,
        reason: 'alias',
        sentence: `The entity format's own field ${column.name}.`,
      };
      if (field === 'attributes')
        plan.attribute = book.fromColumn(column, 'attributes.', column.name.slice('attributes.'.length));
      return plan;
    }
    return {
      column: column.name,
      target: field!,
      reason: 'alias',
      sentence: `The entity format's own field ${field}.`,
    };
  });
  return {
    columns,
    byColumn: new Map(columns.map((plan) => [plan.column, plan])),
    grouped: false,
    variantLists: false,
    categoryLevels: [],
    idsFromTitles: false,
    notes: [],
    attributes: book,
  };
}
