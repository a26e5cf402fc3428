import { createContext, useContext } from 'react';
import type { PageMeta } from '../lib/route-types';
import type { RouteView } from './route-view';

export type RouteContextValue = {
  view: RouteView;
  meta: PageMeta;
  /** A navigation or revalidation is loading while the current page stays on screen. */
  pending: boolean;
  revalidate: () => void;
};

export const RouteContext = createContext<RouteContextValue | null>(null);

function useRouteContext(): RouteContextValue {
  const value = useContext(RouteContext);
  if (!value) throw new Error('Route hooks must be used inside <App>');
  return value;
}

/** The data the route's `load` returned. Pages render only once it is there. */
export function useRouteData<T>(): T {
  const { view } = useRouteContext();
  return (view.kind === 'ready' ? view.data : undefined) as T;
}

/** The matched pattern's params, decoded: `{ id }` for `/product/:id`. */
export function useRouteParams(): Record<string, string> {
  const { view } = useRouteContext();
  return view.kind === 'not-found' ? {} : view.match.params;
}

export function usePageMeta(): PageMeta {
  return useRouteContext().meta;
}

/** Runs the current route's `load` again (after a change), keeping the page on screen meanwhile. */
export function useRevalidate(): () => void {
  return useRouteContext().revalidate;
}

export function useNavigationPending(): boolean {
  return useRouteContext().pending;
}
