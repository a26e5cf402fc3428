// dependency-cruiser reads TypeScript with swc (the project's TypeScript 7 has no compiler API for
// it), but asks swc to parse every file without JSX; this preload turns JSX on for .tsx files only
// (on for .ts files it would misread `<T>value` casts). Used by `npm run lint`.
const swc = require('@swc/core');

const parseFileSync = swc.parseFileSync.bind(swc);
swc.parseFileSync = (fileName, options) =>
  parseFileSync(fileName, { ...options, tsx: String(fileName).endsWith('.tsx') });
