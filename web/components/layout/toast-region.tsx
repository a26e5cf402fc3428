import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useT } from '../../i18n/i18n';
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type Toast } from '../../lib/toast';

/**
 * A toast's look and gestures come with the first toast: no page shows one as it loads. Offline,
 * where that chunk cannot come, the toast still says its words and closes.
 */
const ToastItem = lazy(() => import('./toast-item').catch(() => ({ default: PlainToast })));

function PlainToast({ toast }: { toast: Toast; windowFocused: boolean }) {
  const t = useT();
  useEffect(() => {
    if (toast.autoClose === false) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.autoClose);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div className={`toast toast--${toast.kind}`}>
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)}>
        {t('common.toast.dismiss')}
      </button>
    </div>
  );
}

/** The toast area at the top right: one polite live region, so screen readers read each toast. */
export function ToastRegion() {
  const t = useT();
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
    <section className="toast-region" aria-label={t('common.toast.region')}>
      <div role="status" aria-live="polite" className="toast-stack">
        <Suspense fallback={null}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} windowFocused={windowFocused} />
          ))}
        </Suspense>
      </div>
    </section>
  );
}
