import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument, serializeOpenApi } from '../src/cli/openapi-document.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';

/** Regenerates the committed openapi.json from the route schemas. */
writeFileSync(join(PACKAGE_ROOT, 'openapi.json'), serializeOpenApi(await buildOpenApiDocument()));
console.log('openapi.json written');
