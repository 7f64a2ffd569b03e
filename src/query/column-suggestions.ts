import { type Static, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  applySuggestions,
  type ExportColumns,
  type ModelSuggestion,
  type SuggestionInput,
  suggestionInput,
} from '../catalog/index.js';
import { type AttributesFile, AttributeType } from '../contracts/release-files/attributes.js';
import { Code, Unit } from '../contracts/release-files/common.js';
import { FeedTarget } from '../contracts/release-files/feed.js';
import { type ColumnSuggestions, SUGGESTION_THRESHOLD } from '../contracts/suggestions.js';
import { AppError } from '../lib/errors.js';

/** The AI gateway that column mapping suggestions ask, as the environment configures it. */
export interface AiGatewaySettings {
  /** Without a key, suggestions are off (503). */
  apiKey: string | undefined;
  /** Absent: the AI SDK's gateway address. */
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
}

/** The structured answer the model must give: one entry per column it places. */
const ModelAnswer = Type.Object(
  {
    columns: Type.Array(
      Type.Object(
        {
          column: Type.String({ description: 'The column name exactly as given.' }),
          destination: FeedTarget,
          attribute: Type.Optional(
            Type.Object(
              { code: Code('The attribute code.'), type: AttributeType, unit: Type.Optional(Unit) },
              { additionalProperties: false },
            ),
          ),
          probability: Type.Number({
            minimum: 0,
            maximum: 1,
            description: 'How likely the destination is right, from 0 to 1.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
type ModelAnswer = Static<typeof ModelAnswer>;
const checkAnswer = TypeCompiler.Compile(ModelAnswer);

const INSTRUCTIONS = `You map the columns of an online shop's product export to the fields of a search catalog.
For every column you are given its name (in any language) and up to five of its values. Answer, for each column, its destination:
- a catalog field: id (the product's own id), group_id (the id shared by the variants of one product), variant_id, title, description, url, image (the main image URL), images (further image URLs), brand, categories (category ids), category_path (a category path, or one level of it), keywords, price (the regular price), sale_price (the reduced price), currency, availability (in stock or not), stock (a quantity in stock), delivery_days;
- attributes.<code> for a product detail shoppers filter or search by, with "attribute": its code (lower case, a-z, 0-9 and _), its type (boolean, text, identifier, option, number, quantity, range or date) and, for a quantity or range, its unit; use one of the attribute codes the shop already has where one fits;
- signals.<code> for a number that ranks products (rating, popularity);
- ignore for data search does not use (shipping, tax, internal bookkeeping).
Give each destination's probability of being right, from 0 to 1, honestly: below 0.9 when you are not nearly sure.`;

/**
 * Asks the model behind the AI gateway where the export's columns go, with structured output
 * checked against a schema, and answers each column with its suggestion beside the mapping's own
 * read, and the mapping with the near-certain suggestions taken. The model is shown column names,
 * up to five values of each and the release's attribute codes: never the rows, never a key.
 */
export async function suggestColumns(
  read: ExportColumns,
  attributes: AttributesFile | undefined,
  settings: AiGatewaySettings,
): Promise<ColumnSuggestions> {
  requireGatewayKey(settings);
  const input = suggestionInput(read, attributes);
  const answered = input.columns.length > 0 ? await askModel(input, settings) : { model: settings.model };
  const suggestions = new Map<string, ModelSuggestion>();
  for (const entry of 'answer' in answered ? answered.answer.columns : []) {
    const suggestion = sensible(entry);
    if (suggestion && input.columns.some((column) => column.name === entry.column))
      suggestions.set(entry.column, suggestion);
  }
  return {
    model: answered.model,
    threshold: SUGGESTION_THRESHOLD,
    ...applySuggestions(read, suggestions, SUGGESTION_THRESHOLD),
  };
}

/** Suggestions are off without a gateway key: 503 before anything is read. */
export function requireGatewayKey(settings: AiGatewaySettings): void {
  if (!settings.apiKey) {
    throw new AppError(
      'ai_gateway_off',
      'Column suggestions are off: no AI gateway key is set. Set AI_GATEWAY_API_KEY on the query node to turn them on.',
    );
  }
}

async function askModel(
  input: SuggestionInput,
  settings: AiGatewaySettings,
): Promise<{ model: string; answer: ModelAnswer }> {
  // Loaded when first asked: the AI SDK takes about a second to load, which every start of a
  // query node would otherwise pay.
  const [{ createGateway }, { generateText, jsonSchema, Output }] = await Promise.all([
    import('@ai-sdk/gateway'),
    import('ai'),
  ]);
  const gateway = createGateway({
    apiKey: settings.apiKey,
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
  });
  const seconds = settings.timeoutMs / 1000;
  try {
    const result = await generateText({
      model: gateway(settings.model),
      instructions: INSTRUCTIONS,
      prompt: JSON.stringify({
        columns: input.columns,
        attribute_codes_the_shop_has: input.attributeCodes,
      }),
      output: Output.object({
        schema: jsonSchema<ModelAnswer>(ModelAnswer as never, {
          validate: (value) =>
            checkAnswer.Check(value)
              ? { success: true, value }
              : { success: false, error: new Error(checkAnswer.Errors(value).First()?.message ?? 'invalid') },
        }),
      }),
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(settings.timeoutMs),
    });
    return { model: result.response.modelId || settings.model, answer: result.output };
  } catch (error) {
    throw gatewayProblem(error, seconds);
  }
}

/** A suggestion the mapping can take: an attribute destination with its details named alike. */
function sensible(entry: ModelAnswer['columns'][number]): ModelSuggestion | undefined {
  if (entry.destination === 'attributes.*') return undefined;
  const code = /^attributes\.(.+)$/.exec(entry.destination)?.[1];
  const attribute = code ? { code, type: entry.attribute?.type ?? 'text', ...unitOf(entry) } : undefined;
  return {
    destination: entry.destination,
    ...(attribute ? { attribute } : {}),
    probability: entry.probability,
  };
}

function unitOf(entry: ModelAnswer['columns'][number]): { unit?: string } {
  return entry.attribute?.unit ? { unit: entry.attribute.unit } : {};
}

/** Why the gateway gave no usable answer, as a 502 that names no key and no raw reply. */
function gatewayProblem(error: unknown, seconds: number): AppError {
  const name = error instanceof Error ? error.name : '';
  const status = statusOf(error);
  // The gateway provider wraps a failed fetch (an APICallError without a status) in an error of its own.
  const cause = causeOf(error);
  const unreached =
    cause instanceof Error && /APICallError/.test(cause.name) && statusOf(cause) === undefined;
  if (/TimeoutError|AbortError/.test(name)) {
    return new AppError(
      'ai_gateway_failed',
      `The AI gateway did not answer within ${seconds} s; try again later.`,
    );
  }
  if (unreached) {
    return new AppError(
      'ai_gateway_failed',
      'The AI gateway could not be reached; check AI_GATEWAY_BASE_URL and try again.',
    );
  }
  if (status === 401 || status === 403) {
    return new AppError(
      'ai_gateway_failed',
      `The AI gateway refused the key (${status}): check AI_GATEWAY_API_KEY.`,
    );
  }
  if (status !== undefined && status >= 300) {
    return new AppError('ai_gateway_failed', `The AI gateway answered ${status}; try again later.`);
  }
  return new AppError(
    'ai_gateway_failed',
    "The AI gateway's model answered something that is not a column mapping; try again, or another model (AI_GATEWAY_MODEL).",
  );
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function causeOf(error: unknown): unknown {
  return error instanceof Error ? error.cause : undefined;
}
