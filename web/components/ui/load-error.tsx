import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/i18n';
import { AlertIcon } from './icons';

/** Shown instead of a page whose data could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  // The API's message (English), in the page's language where the errors catalogue has it.
  const shown = useErrorText()(message);
  return (
    <div className="page-state container" role="alert">
      <div className="page-state-card">
        <span className="page-state-icon page-state-icon--error">
          <AlertIcon size={32} />
        </span>
        <h1>{t('common.loadError.title')}</h1>
        <p lang={shown.lang}>{shown.text}</p>
        <div className="page-state-actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('common.loadError.retry')}
          </button>
        </div>
      </div>
    </div>
  );
}
