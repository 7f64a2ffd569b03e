import type { Attribute } from '../../contracts/release-files/attributes.js';
import { aliasOf } from './aliases.js';
import { LIST_SEPARATORS, type ValueProfile } from './profile.js';
import { sameDimension, unitInName } from './units.js';
import { parseDate, parseNumber } from './values.js';

export type AttributeType = Attribute['type'];

/** What an attribute's values are, judged from a column's profile. */
export interface TypeGuess {
  type: AttributeType;
  unit?: string;
  /** Splits one text cell into several values. */
  separator?: string;
  /** Several values per product (lists, or text split by the separator). */
  multiple?: boolean;
  /** One text that stands for "no value" in an otherwise typed column ("No rating available"). */
  placeholder?: string;
  sentence: string;
}

/** Longest average text an option has; longer values are descriptions. */
const OPTION_LENGTH = 40;
const TEXT_LENGTH = 250;

const count = (value: number) => value.toLocaleString('en');

/**
 * An attribute's type from its values: yes or no, numbers, numbers with a unit (one dimension,
 * converted into its most common unit), minimum and maximum, dates, identifiers (by name, or
 * valid GTINs), options (few different values, or lists) and text. A column whose values are all
 * of one kind but for one frequent text takes that text as "no value".
 */
export function guessType(profile: ValueProfile, normalizedName: string): TypeGuess {
  const checked = profile.checked;
  if (checked === 0) return { type: 'text', sentence: 'No value to judge by: kept as text.' };
  const alias = aliasOf(normalizedName);
  if (alias?.field === 'identifier') {
    return {
      type: 'identifier',
      ...(profile.lists > 0 ? { multiple: true } : {}),
      sentence: `Its name says it identifies the product (${normalizedName.toUpperCase()}): matched exactly, never a filter.`,
    };
  }
  if (profile.gtins >= checked * 0.9) {
    return {
      type: 'identifier',
      sentence: 'Every value is a valid GTIN (EAN or UPC): matched exactly, never a filter.',
    };
  }
  const multiple = profile.lists > 0 ? { multiple: true } : {};
  const all = (kind: number) => kind >= checked;
  if (all(profile.booleans))
    return { type: 'boolean', ...multiple, sentence: 'Every value is a yes or a no.' };

  const numeric = allBut(
    profile,
    profile.numbers,
    (text) => parseNumber(text, '.') !== undefined || parseNumber(text, ',') !== undefined,
  );
  if (numeric) {
    const unit = unitInName(normalizedName);
    const aside = numeric.placeholder ? ` "${numeric.placeholder}" is read as no value.` : '';
    if (unit) {
      return {
        type: 'quantity',
        unit,
        ...numeric,
        sentence: `Every value is a number and the name gives the unit: a quantity in ${unit}.${aside}`,
      };
    }
    return { type: 'number', ...multiple, ...numeric, sentence: `Every value is a number.${aside}` };
  }
  const dated = allBut(profile, profile.dates, (text) => parseDate(text) !== undefined);
  if (dated) {
    const aside = dated.placeholder ? ` "${dated.placeholder}" is read as no value.` : '';
    return { type: 'date', ...dated, sentence: `Every value is a date.${aside}` };
  }
  const quantities = [...profile.quantities].sort((a, b) => b[1] - a[1]);
  const quantityCount = quantities.reduce((sum, [, n]) => sum + n, 0);
  const [mainUnit] = quantities[0] ?? [];
  if (mainUnit && quantityCount >= checked && quantities.every(([unit]) => sameDimension(unit, mainUnit))) {
    return {
      type: 'quantity',
      unit: mainUnit,
      ...multiple,
      sentence:
        quantities.length > 1
          ? `Every value is a number with a unit (${quantities.map(([unit]) => unit).join(', ')}): a quantity, converted into ${mainUnit}.`
          : `Every value is a number with a unit: a quantity in ${mainUnit}.`,
    };
  }
  if (profile.ranges > 0 && profile.ranges + profile.numbers >= checked) {
    // A range has a unit: written in the values, named by the column, or a temperature's degrees.
    const units = [...profile.rangesWithUnit].sort((a, b) => b[1] - a[1]);
    const unit =
      units[0]?.[0] ??
      unitInName(normalizedName) ??
      (/(?:^|_)temperature(?:_|$)/.test(normalizedName) ? 'celsius' : undefined);
    if (unit && units.every(([other]) => sameDimension(other, unit))) {
      return {
        type: 'range',
        unit,
        sentence: `Every value is a minimum and a maximum (such as "${profile.samples[0]}"): a range in ${unit}${units.length === 0 ? ', the unit its name implies' : ''}.`,
      };
    }
  }
  return textOrOption(profile);
}

/**
 * Every checked value is of the kind, or all but one different text that fills many rows: a
 * column of ratings that writes "No rating available" where there is none.
 */
function allBut(
  profile: ValueProfile,
  ofKind: number,
  isKind: (text: string) => boolean,
): { placeholder?: string } | undefined {
  if (ofKind === 0) return undefined;
  if (ofKind >= profile.checked) return {};
  if (profile.overflow && ofKind < profile.checked * 0.5) return undefined;
  const others = [...profile.distinct.keys()].filter((text) => !isKind(text));
  if (others.length !== 1) return undefined;
  const [placeholder] = others;
  return /\d/.test(placeholder!) ? undefined : { placeholder: placeholder! };
}

function textOrOption(profile: ValueProfile): TypeGuess {
  const values = profile.values;
  const average = profile.totalLength / Math.max(1, profile.checked);
  const distinct = profile.distinctCount();
  const lists = profile.lists > 0;
  if (profile.html > 0 || average > OPTION_LENGTH * 1.5 || profile.maxLength > TEXT_LENGTH) {
    return {
      type: 'text',
      ...(lists ? { multiple: true } : {}),
      sentence: `Long text (${Math.round(average)} characters on average): found by words, never a filter.`,
    };
  }
  const separator = lists ? undefined : listSeparator(profile);
  const few = distinct !== undefined && (distinct <= 30 || distinct <= values * 0.2);
  if (separator && average <= OPTION_LENGTH * 1.5) {
    return {
      type: 'option',
      separator,
      multiple: true,
      sentence: `Cells list several values separated by "${separator}", each also found alone: an option with several values per product.`,
    };
  }
  if (!few && profile.tokens >= profile.checked * 0.9 && average <= OPTION_LENGTH) {
    return {
      type: 'identifier',
      sentence: 'Codes without spaces, nearly all different: matched exactly, never a filter.',
    };
  }
  if (few && average <= OPTION_LENGTH) {
    return {
      type: 'option',
      ...(lists ? { multiple: true } : {}),
      sentence: `${count(distinct!)} different value${distinct === 1 ? '' : 's'}${lists ? ' in lists' : ''}: an option shoppers can filter by.`,
    };
  }
  return {
    type: 'text',
    ...(lists ? { multiple: true } : {}),
    sentence: `${distinct === undefined ? 'More than 1,000' : count(distinct)} different values: text found by words, never a filter.`,
  };
}

/**
 * The separator of cells that list several values: a bar or semicolon between short pieces in many
 * cells, or a separator in a good share of the cells whose pieces mostly also stand alone as whole
 * values ("Aluminium,Steel" beside "Steel").
 */
function listSeparator(profile: ValueProfile): string | undefined {
  for (const separator of LIST_SEPARATORS) {
    const cells = profile.listSeparators.get(separator) ?? 0;
    if (cells < Math.max(2, profile.checked * 0.05)) continue;
    // Bars and semicolons seldom stand in text: cells of short pieces joined by them are lists.
    if (
      separator !== ',' &&
      cells >= profile.checked * 0.3 &&
      averagePiece(profile, separator) <= SHORT_PIECE
    )
      return separator;
    let pieces = 0;
    let alone = 0;
    for (const text of profile.distinct.keys()) {
      if (!text.includes(separator)) continue;
      for (const piece of text.split(separator)) {
        const trimmed = piece.trim();
        if (trimmed === '') continue;
        pieces++;
        if (profile.distinct.has(trimmed)) alone++;
      }
    }
    if (pieces > 0 && alone >= pieces * 0.5) return separator;
  }
  return undefined;
}

const SHORT_PIECE = 25;

function averagePiece(profile: ValueProfile, separator: string): number {
  let length = 0;
  let pieces = 0;
  for (const text of profile.distinct.keys()) {
    for (const piece of text.split(separator)) {
      length += piece.trim().length;
      pieces++;
    }
  }
  return pieces === 0 ? Number.POSITIVE_INFINITY : length / pieces;
}

/**
 * Prices written in cents: whole numbers only, none ending in 00, nearly all ending in the few
 * endings of price points (95, 99, 49...). Prices in a currency's units end in 00 often enough
 * (999, 1500, 2000) that a column of them never passes.
 */
export function looksLikeCents(profile: ValueProfile): boolean {
  if (profile.integers < 20 || profile.integers < profile.checked) return false;
  const endings = [...profile.endings].sort((a, b) => b[1] - a[1]);
  const zero = profile.endings.get(0) ?? 0;
  const top = endings.slice(0, 4).reduce((sum, [, n]) => sum + n, 0);
  return (
    zero === 0 && top >= profile.integers * 0.95 && !endings.slice(0, 4).some(([ending]) => ending === 0)
  );
}
