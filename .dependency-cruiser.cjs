// The boundaries `npm test` enforces (see CONTRIBUTING.md, "Boundaries"). A violation is fixed in
// the code, never by an exception here.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes load order matter and hides which part depends on which.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-features-stay-apart',
      severity: 'error',
      comment:
        'A web feature never imports another feature; shared parts live in components/ or lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'module-public-entry',
      severity: 'error',
      comment: 'Another API module reaches a module only through its index.ts.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-uses-module-entry',
      severity: 'error',
      comment: 'Code outside modules/ reaches a module only through its index.ts.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/modules/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'repository-private',
      severity: 'error',
      comment: 'SQL lives in repositories, and a repository serves only its own module.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '\\.repository\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'repository-private-outside',
      severity: 'error',
      comment: 'Code outside modules/ never reaches a repository; tests may, to test it.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/modules/.*\\.repository\\.ts$' },
    },
    {
      name: 'sql-in-repositories',
      severity: 'error',
      comment:
        'Only a repository (or db/ itself, and the demo seed) reads or writes tables; a type from the schema is fine anywhere.',
      from: {
        path: '^apps/api/src/',
        pathNot: ['\\.repository\\.ts$', '^apps/api/src/db/', '^apps/api/src/demo/'],
      },
      to: { path: '^apps/api/src/db/schema(\\.ts|/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lib-and-db-below-modules',
      severity: 'error',
      comment: 'lib/ and db/ are the floor: they never import a module.',
      from: { path: '^apps/api/src/(lib|db)/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'Shared packages never import an app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
