/**
 * `npm run lint` (and a test) keep src/ free of import circles, type-only imports included: two
 * modules that import each other are one module in two files (docs/architecture.md, "Layers").
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Two modules that import each other, directly or through others: move what both need into a third.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
