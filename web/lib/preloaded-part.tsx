import { type ComponentType, lazy, Suspense } from 'react';

export type PreloadedPart<P> = ComponentType<P> & {
  /**
   * Fetches the part's code; a page's `prepare` awaits it for the data that shows the part, and
   * answers its source module, which the server preloads with the page and whose styles it writes in.
   */
  preload(): Promise<string>;
};

/**
 * A part of a page in a chunk of its own, for what only some pages show. Preloaded (by the page's
 * `prepare`, before the server renders and before the browser hydrates), it is drawn at once,
 * exactly as the server drew it; otherwise (the data changed on a page already shown) it is fetched
 * then, drawing nothing meanwhile.
 */
export function preloadedPart<P extends object>(
  module: string,
  load: () => Promise<ComponentType<P>>,
): PreloadedPart<P> {
  let Loaded: ComponentType<P> | undefined;
  const preload = async () => {
    Loaded ??= await load();
    return module;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function Part(props: P) {
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Part, { preload });
}
