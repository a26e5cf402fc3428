import { type PointerEvent, useRef, useState } from 'react';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';
import { dismissToast, type Toast } from '../../lib/toast';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../ui/icons';

/** A toast dragged sideways by this share of its width is dismissed; less snaps it back. */
const dragDismissRatio = 0.8;

const icons = { success: CheckCircleIcon, error: AlertIcon, warning: AlertIcon, info: InfoIcon };

/*
 * One toast: its icon, words, close button, countdown and swipe to dismiss. A chunk of its own,
 * fetched with the first toast (toast-region.tsx), not with every page.
 */

export default function ToastItem({ toast, windowFocused }: { toast: Toast; windowFocused: boolean }) {
  const t = useT();
  const message = useErrorText()(toast.message);
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
      <p className="toast-message" lang={message.lang}>
        {message.text}
      </p>
      <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)}>
        <CloseIcon size={16} />
        <span className="visually-hidden">{t('common.toast.dismiss')}</span>
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
