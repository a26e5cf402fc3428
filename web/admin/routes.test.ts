import { describe, expect, it } from 'vitest';
import { consoleRoutes } from './routes';

describe('the console route table', () => {
  it('has each path and each menu entry once (a merge once listed the GST summary twice)', () => {
    const paths = consoleRoutes.map((route) => route.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
    const labels = consoleRoutes.flatMap((route) => (route.nav ? [route.nav.label] : []));
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });
});
