import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import '../../contracts/formats.js';
import { Inspection } from '../../contracts/inspection.js';
import type { ExportRead } from '../read-export.js';

const checkInspection = TypeCompiler.Compile(Inspection);

/** Where an inspection answer breaks its schema; empty when it keeps it. */
export function inspectionProblems(read: ExportRead): string[] {
  const inspection = read.inspection();
  return [...checkInspection.Errors(inspection)]
    .slice(0, 10)
    .map((error) => `${error.path}: ${error.message}`);
}

/** The entities of a read held in memory. */
export function entitiesOf(read: ExportRead): CatalogEntity[] {
  if (!Array.isArray(read.entities)) throw new Error('The read did not hold its entities.');
  return read.entities;
}

export function productsOf(read: ExportRead): CatalogEntity[] {
  return entitiesOf(read).filter((entity) => entity.type === 'product');
}

/** The derived files by name, as a release would hold them. */
export function derivedRelease(read: ExportRead): Record<string, unknown> {
  return Object.fromEntries(read.derivedFiles.map((file) => [file.name, file.content]));
}

export function column(read: ExportRead, name: string): ExportRead['columns'][number] {
  const found = read.columns.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No column ${name}.`);
  return found;
}
