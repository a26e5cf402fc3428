import { useT } from '../../i18n/i18n';

/**
 * A page-sized loading placeholder. It fades in after a short delay (CSS), so fast loads never
 * flash a spinner, while slow ones clearly show that something is happening.
 */
export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading-state container" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{label ?? t('common.loading')}</p>
    </div>
  );
}
