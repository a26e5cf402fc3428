/** "1–50 of 1,00,000" and previous/next, for tables the server pages. */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  label = 'Pages',
}: {
  page: number;
  pageSize: number;
  /** Null when the server does not count (then "next" stays available while pages are full). */
  total: number | null;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = total === null ? page * pageSize : Math.min(page * pageSize, total);
  const pages = total === null ? null : Math.max(1, Math.ceil(total / pageSize));
  const format = (n: number) => n.toLocaleString('en-IN');
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager-status" aria-live="polite">
        {total === 0
          ? 'No results'
          : `${format(first)}–${format(last)}${total === null ? '' : ` of ${format(total)}`}`}
      </p>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </button>
      {pages !== null && (
        <span className="pager-page">
          Page {format(page)} of {format(pages)}
        </span>
      )}
      <button
        type="button"
        className="button"
        disabled={pages !== null ? page >= pages : false}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
