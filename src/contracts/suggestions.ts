import { type Static, Type } from '@sinclair/typebox';
import { ReleaseFilesByName } from './imports.js';
import { ColumnReason } from './inspection.js';
import { AttributesFile, AttributeType } from './release-files/attributes.js';
import { Code, Unit } from './release-files/common.js';
import { FeedFile, FeedTarget } from './release-files/feed.js';

/**
 * The probability from which a suggestion is taken into the mapping: the model must be nearly sure,
 * and only columns the mapping's rules could not place (an attribute made from an unknown name, or
 * a column feed.json leaves out) take one.
 */
export const SUGGESTION_THRESHOLD = 0.9;

/** What the model suggests for a column: a catalog field, an attribute with its type, or ignore. */
export const ColumnSuggestion = Type.Object(
  {
    destination: FeedTarget,
    attribute: Type.Optional(
      Type.Object(
        {
          code: Code('The attribute code.'),
          type: AttributeType,
          unit: Type.Optional(Unit),
        },
        {
          additionalProperties: false,
          description: 'For `attributes.<code>`: the attribute as it would be made.',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ColumnSuggestion = Static<typeof ColumnSuggestion>;

export const SuggestedColumn = Type.Object(
  {
    name: Type.String({ description: 'The column name as the file writes it.' }),
    samples: Type.Array(Type.String(), {
      maxItems: 5,
      description: 'The values the model was shown: up to five different ones.',
    }),
    read: Type.Object(
      { destination: Type.String(), reason: ColumnReason },
      { additionalProperties: false, description: "Where the mapping's own rules send the column, and why." },
    ),
    suggestion: Type.Optional(ColumnSuggestion),
    probability: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: "The model's probability that the suggestion is right.",
      }),
    ),
    taken: Type.Boolean({
      description:
        "Whether `mapping` takes the suggestion: the probability reaches `threshold` and the rules were not certain (the column's reason is `made_attribute` or `not_named`); otherwise the column keeps its reason.",
    }),
  },
  { additionalProperties: false },
);
export type SuggestedColumn = Static<typeof SuggestedColumn>;

export const ColumnSuggestions = Type.Object(
  {
    model: Type.String({ description: 'The model that answered, as the AI gateway names it.' }),
    threshold: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'The probability from which a suggestion is taken into the mapping.',
    }),
    columns: Type.Array(SuggestedColumn, {
      description:
        'Every column with values, in file order; a column the model left unanswered has no suggestion.',
    }),
    mapping: Type.Object(FeedFile.properties, {
      additionalProperties: false,
      description: "feed.json: the export's mapping with the suggestions taken.",
    }),
    attributes: Type.Object(AttributesFile.properties, {
      additionalProperties: false,
      description:
        'attributes.json: the attributes the mapping makes, with those of the taken suggestions; send both files with the import to read the export so.',
    }),
  },
  { $id: 'ColumnSuggestions', additionalProperties: false },
);
export type ColumnSuggestions = Static<typeof ColumnSuggestions>;

export const SuggestRequest = Type.Object(
  {
    snapshot: Type.String({ minLength: 1, description: 'The kept export.' }),
    files: ReleaseFilesByName,
  },
  { $id: 'SuggestRequest', additionalProperties: false },
);
export type SuggestRequest = Static<typeof SuggestRequest>;
