import type { ColumnRead } from '../contracts/inspection.js';
import type { Attribute, AttributesFile } from '../contracts/release-files/attributes.js';
import type { FeedFile } from '../contracts/release-files/feed.js';
import type { ColumnSuggestion, SuggestedColumn } from '../contracts/suggestions.js';
import type { ExportRead } from './read-export.js';

/** What suggestions are made from: the columns of a read, its mapping and its derived files. */
export type ExportColumns = Pick<ExportRead, 'columns' | 'mapping' | 'derivedFiles'>;

/** What a decision model is shown of an export: names and a few values, never the rows. */
export interface SuggestionInput {
  columns: Array<{ name: string; samples: string[] }>;
  /** The attribute codes the release already has, so a column can be sent to one of them. */
  attributeCodes: string[];
}

/** The model's answer for one column. */
export interface ModelSuggestion extends ColumnSuggestion {
  probability: number;
}

/** Reasons the mapping's rules give when they could not place a column: an unknown name, or none. */
const UNCERTAIN_REASONS = new Set(['made_attribute', 'not_named']);

/** The columns that have values, each with at most five of them, and the release's attribute codes. */
export function suggestionInput(
  read: ExportColumns,
  attributes: AttributesFile | undefined,
): SuggestionInput {
  return {
    columns: read.columns
      .filter((column) => column.filled > 0)
      .map((column) => ({ name: column.name, samples: column.samples.slice(0, 5) })),
    attributeCodes: (attributes?.attributes ?? []).map((attribute) => attribute.code),
  };
}

/**
 * Every column with values beside the model's suggestion, and the mapping with the suggestions
 * taken whose probability reaches `threshold` where the rules were not certain. The attributes
 * are the export's own (as read) with those the taken suggestions make; a column sent elsewhere
 * leaves the attribute made from it.
 */
export function applySuggestions(
  read: ExportColumns,
  suggestions: ReadonlyMap<string, ModelSuggestion>,
  threshold: number,
): { columns: SuggestedColumn[]; mapping: FeedFile; attributes: AttributesFile } {
  const columns: SuggestedColumn[] = [];
  const taken: Array<{ column: ColumnRead; suggestion: ModelSuggestion }> = [];
  for (const column of read.columns) {
    if (column.filled === 0) continue;
    const suggestion = suggestions.get(column.name);
    const take =
      suggestion !== undefined &&
      suggestion.probability >= threshold &&
      UNCERTAIN_REASONS.has(column.reason.code) &&
      suggestion.destination !== column.destination;
    if (take) taken.push({ column, suggestion });
    columns.push({
      name: column.name,
      samples: column.samples.slice(0, 5),
      read: { destination: column.destination, reason: column.reason },
      ...(suggestion
        ? {
            suggestion: {
              destination: suggestion.destination,
              ...(suggestion.attribute ? { attribute: suggestion.attribute } : {}),
            },
            probability: suggestion.probability,
          }
        : {}),
      taken: take,
    });
  }
  return { columns, mapping: mappingWith(read.mapping, taken), attributes: attributesWith(read, taken) };
}

/** feed.json with an entry of its own for each taken column, first, so it decides before any pattern. */
function mappingWith(
  mapping: FeedFile,
  taken: Array<{ column: ColumnRead; suggestion: ModelSuggestion }>,
): FeedFile {
  const names = new Set(taken.map(({ column }) => column.name));
  const entries = taken.map(({ column, suggestion }) => ({
    column: column.name,
    to: suggestion.destination,
    ...(suggestion.attribute?.unit ? { unit: suggestion.attribute.unit } : {}),
  }));
  return {
    ...mapping,
    columns: [...entries, ...(mapping.columns ?? []).filter((entry) => !names.has(entry.column))],
  };
}

function attributesWith(
  read: ExportColumns,
  taken: Array<{ column: ColumnRead; suggestion: ModelSuggestion }>,
): AttributesFile {
  const derived = read.derivedFiles.find((file) => file.name === 'attributes.json')?.content as
    | AttributesFile
    | undefined;
  const moved = new Set(taken.map(({ column }) => column.destination));
  const attributes: Attribute[] = (derived?.attributes ?? [])
    .filter((attribute) => !moved.has(`attributes.${attribute.code}`))
    .map((attribute) => ({ ...attribute }));
  for (const { column, suggestion } of taken) {
    const code = /^attributes\.(.+)$/.exec(suggestion.destination)?.[1];
    if (!code) continue;
    const existing = attributes.find((attribute) => attribute.code === code);
    if (existing) {
      existing.sources = [...new Set([...(existing.sources ?? []), column.name])];
      continue;
    }
    const { type = 'text', unit } = suggestion.attribute ?? {};
    attributes.push({ code, label: labelOf(code), type, ...(unit ? { unit } : {}), sources: [column.name] });
  }
  return { attributes };
}

/** `fabric_weight` reads "Fabric weight". */
function labelOf(code: string): string {
  const words = code.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
