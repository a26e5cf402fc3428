import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type FocusEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';

type CarouselOptions = Parameters<typeof useEmblaCarousel>[0];

/**
 * An Embla carousel that moves by itself every `delay` ms. It stands still while the pointer is
 * over it or focus is inside it, after the shopper presses its pause button (WCAG 2.2.2), and
 * always for people who ask for reduced motion.
 */
export function useAutoplayCarousel(options: CarouselOptions, delay: number) {
  const plugins = useMemo(() => [Autoplay({ delay, playOnInit: false, stopOnInteraction: false })], [delay]);
  const [emblaRef, emblaApi] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  // Reasons to stand still; it plays when there is none.
  const holds = useRef({ hover: false, focus: false, reduced: true });
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  const sync = useCallback(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    const { hover, focus, reduced } = holds.current;
    // Nothing to move when every slide is in view (Embla then leaves its plugins uninitialised).
    const movable = emblaApi.scrollSnapList().length > 1 && emblaApi.internalEngine().options.active;
    if (hover || focus || reduced || paused || !movable) autoplay.stop();
    else autoplay.play();
  }, [emblaApi, paused]);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    const onInit = () => {
      setSnapCount(emblaApi.scrollSnapList().length);
      onSelect();
    };
    onInit();
    emblaApi.on('select', onSelect).on('reInit', onInit);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onInit);
    };
  }, [emblaApi]);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => {
      holds.current.reduced = query.matches;
      setReducedMotion(query.matches);
      sync();
    };
    update();
    query.addEventListener('change', update);
    // A resize can change how many snaps there are (and re-create the plugin).
    emblaApi?.on('reInit', sync);
    return () => {
      query.removeEventListener('change', update);
      emblaApi?.off('reInit', sync);
    };
  }, [sync, emblaApi]);

  const hold = (reason: 'hover' | 'focus', on: boolean) => {
    holds.current[reason] = on;
    sync();
  };

  const rootProps = {
    onMouseEnter: () => hold('hover', true),
    onMouseLeave: () => hold('hover', false),
    onFocus: () => hold('focus', true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false);
    },
  };

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  return {
    emblaRef,
    emblaApi,
    selected,
    snapCount,
    paused,
    reducedMotion,
    togglePaused: () => setPaused((p) => !p),
    scrollTo,
    rootProps,
  };
}
