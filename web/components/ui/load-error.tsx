import { AlertIcon } from './icons';

/** Shown instead of a page whose data could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="page-state container" role="alert">
      <div className="page-state-card">
        <span className="page-state-icon page-state-icon--error">
          <AlertIcon size={32} />
        </span>
        <h1>We couldn't load this page</h1>
        <p>{message}</p>
        <div className="page-state-actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            Retry
          </button>
        </div>
      </div>
    </div>
  );
}
