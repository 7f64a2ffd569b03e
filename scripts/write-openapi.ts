import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument, serializeOpenApi } from '../src/cli/openapi-document.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';
import { clientTypesSource } from './client-types.js';

/** Regenerates the committed openapi.json from the route schemas, and the client's types from it. */
const document = await buildOpenApiDocument();
writeFileSync(join(PACKAGE_ROOT, 'openapi.json'), serializeOpenApi(document));
writeFileSync(join(PACKAGE_ROOT, 'src/client/openapi-types.ts'), await clientTypesSource(document));
console.log('openapi.json and src/client/openapi-types.ts written');
