/**
 * A page-sized loading placeholder. It fades in after a short delay (CSS), so fast loads never
 * flash a spinner, while slow ones clearly show that something is happening.
 */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-state container" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
