// wouter imports the React 17 polyfill of this hook; React 19 has it built in, so the bundle
// resolves the polyfill here instead of shipping its fallback code (see vite.config.ts).
export { useSyncExternalStore } from 'react';
