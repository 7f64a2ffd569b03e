/**
 * The import directions of docs/ARCHITECTURE.md: folders under src/ are modules that import
 * one way only, like crates in a workspace.
 */
const allowed = {
  contracts: [],
  lib: ['contracts'],
  catalog: ['contracts', 'lib'],
  release: ['contracts', 'lib'],
  engine: ['contracts', 'lib'],
  planner: ['contracts', 'lib', 'release', 'engine'],
  pages: ['contracts', 'lib', 'release', 'engine', 'planner'],
  store: ['contracts', 'lib'],
  http: ['contracts', 'lib'],
  // The typed client runs in browsers and storefronts: it imports nothing of the server.
  client: [],
  query: ['contracts', 'lib', 'catalog', 'release', 'engine', 'planner', 'pages', 'store', 'http'],
  control: ['contracts', 'lib', 'catalog', 'release', 'engine', 'planner', 'pages', 'store', 'http'],
  cli: [
    'contracts',
    'lib',
    'catalog',
    'release',
    'engine',
    'planner',
    'pages',
    'store',
    'http',
    'query',
    'control',
  ],
};

const folderRules = Object.entries(allowed).map(([from, to]) => {
  const others = Object.keys(allowed).filter((name) => name !== from && !to.includes(name));
  return {
    name: `${from}-imports`,
    comment: `src/${from} may import only ${to.length ? to.join(', ') : 'nothing of ours'}`,
    severity: 'error',
    from: { path: `^src/${from}/` },
    to: { path: `^src/(${others.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    ...folderRules,
    {
      name: 'database-drivers-in-store',
      comment: 'Only src/store talks to a database driver or to object storage.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(store|cli)/' },
      to: { path: 'node_modules/(better-sqlite3|pg|kysely|@aws-sdk)/' },
    },
    {
      name: 'fastify-in-http-and-routes',
      comment: 'Only src/http and the route folders import Fastify.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(http|query|control|cli)/' },
      to: { path: 'node_modules/(fastify|@fastify)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.ts$' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
