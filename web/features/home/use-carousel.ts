import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A carousel on a CSS scroll-snap strip: swiping, trackpads and scrolling a focused slide into
 * view are the browser's own (and work before the JavaScript arrives); this hook adds the dots'
 * state, moving to a slide, and moving by itself every `delay` ms.
 *
 * It stands still while the pointer is over it or focus is inside it, after the shopper presses
 * its pause button (WCAG 2.2.2), and always for people who ask for reduced motion. After the last
 * position it returns to the first.
 *
 * Written instead of Embla (which the team had installed) to keep the home page inside the 100 KB
 * first-load JavaScript budget: Embla and its autoplay plugin are ~8.6 KB gzipped, this is <1 KB.
 */
export function useAutoplayCarousel(delay: number) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [held, setHeld] = useState({ hover: false, focus: false });

  /** Left offsets of the slides, relative to the first, and how many positions there are. */
  const measure = useCallback(() => {
    const viewport = viewportRef.current;
    const track = viewport?.firstElementChild;
    if (!viewport || !track) return { offsets: [] as number[], count: 0 };
    const slides = Array.from(track.children) as HTMLElement[];
    const first = slides[0]?.offsetLeft ?? 0;
    const offsets = slides.map((slide) => slide.offsetLeft - first);
    const step = (offsets[1] ?? viewport.clientWidth) || 1;
    const perView = Math.max(1, Math.round(viewport.clientWidth / step));
    return { offsets, count: Math.max(1, slides.length - perView + 1) };
  }, []);

  const scrollTo = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      const { offsets } = measure();
      if (!viewport || offsets[index] === undefined) return;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      viewport.scrollTo({ left: offsets[index], behavior: reduce ? 'auto' : 'smooth' });
      setSelected(index);
    },
    [measure],
  );

  // Follow the strip: the dot of the position in view, and the number of positions per width.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const { offsets, count } = measure();
      setSnapCount(count);
      let nearest = 0;
      offsets.forEach((offset, index) => {
        if (Math.abs(offset - viewport.scrollLeft) < Math.abs(offsets[nearest]! - viewport.scrollLeft)) {
          nearest = index;
        }
      });
      setSelected(Math.min(nearest, count - 1));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    viewport.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(viewport);
    return () => {
      viewport.removeEventListener('scroll', schedule);
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [measure]);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  // One step after `delay` ms of standing at a position; any move (a dot, a swipe) restarts it.
  const playing = !paused && !reducedMotion && !held.hover && !held.focus && snapCount > 1;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => scrollTo(selected + 1 < snapCount ? selected + 1 : 0), delay);
    return () => window.clearTimeout(timer);
  }, [playing, selected, snapCount, delay, scrollTo]);

  const rootProps = {
    onMouseEnter: () => setHeld((h) => ({ ...h, hover: true })),
    onMouseLeave: () => setHeld((h) => ({ ...h, hover: false })),
    onFocus: () => setHeld((h) => ({ ...h, focus: true })),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
        setHeld((h) => ({ ...h, focus: false }));
      }
    },
  };

  return {
    viewportRef,
    selected,
    snapCount,
    paused,
    reducedMotion,
    togglePaused: () => setPaused((p) => !p),
    scrollTo,
    rootProps,
  };
}
