import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type Toast } from '../../lib/toast';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../ui/icons';

/** A toast dragged sideways by this share of its width is dismissed; less snaps it back. */
const dragDismissRatio = 0.8;

const icons = { success: CheckCircleIcon, error: AlertIcon, warning: AlertIcon, info: InfoIcon };

function ToastItem({ toast, windowFocused }: { toast: Toast; windowFocused: boolean }) {
  const [hovered, setHovered] = useState(false);
  const [offset, setOffset] = useState<number | null>(null);
  const start = useRef<{ x: number; width: number } | null>(null);
  const moved = useRef(false);
  const Icon = icons[toast.kind];
  const paused = hovered || !windowFocused || offset !== null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width: event.currentTarget.offsetWidth };
    moved.current = false;
    setOffset(0);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    if (Math.abs(dx) > 4) moved.current = true;
    setOffset(dx);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    const width = start.current.width;
    start.current = null;
    setOffset(null);
    // A press without a drag is a click, and a click closes the toast.
    if (!moved.current || Math.abs(dx) >= width * dragDismissRatio) dismissToast(toast.id);
  };
  const onPointerCancel = () => {
    start.current = null;
    setOffset(null);
  };

  return (
    <div
      className={`toast toast--${toast.kind}${offset !== null ? ' toast--dragging' : ''}`}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 300) }
          : undefined
      }
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      <Icon size={22} className="toast-icon" />
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)}>
        <CloseIcon size={16} />
        <span className="visually-hidden">Dismiss notification</span>
      </button>
      {toast.autoClose !== false && (
        // The countdown is this bar's CSS animation: pausing the animation pauses the timer, and
        // its end closes the toast, so hover, focus loss and dragging need no timer bookkeeping.
        <div
          className="toast-timer"
          style={{
            animationDuration: `${toast.autoClose}ms`,
            animationPlayState: paused ? 'paused' : 'running',
          }}
          onAnimationEnd={() => dismissToast(toast.id)}
        />
      )}
    </div>
  );
}

/** The toast area at the top right: one polite live region, so screen readers read each toast. */
export function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const [windowFocused, setWindowFocused] = useState(true);

  useEffect(() => {
    const onBlur = () => setWindowFocused(false);
    const onFocus = () => setWindowFocused(true);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  return (
    <section className="toast-region" aria-label="Notifications">
      <div role="status" aria-live="polite" className="toast-stack">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} windowFocused={windowFocused} />
        ))}
      </div>
    </section>
  );
}
