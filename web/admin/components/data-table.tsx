import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';
export type TableSort = { key: string; direction: SortDirection };

export type Column<Row> = {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** The server sorts by this column when its header is pressed. */
  sortable?: boolean;
  align?: 'start' | 'end' | 'center';
  /** A CSS width, e.g. '8rem'. */
  width?: string;
};

/** `sort=price:desc` in the URL and in API queries. */
export function parseSort(value: string | undefined, fallback: TableSort): TableSort {
  const [key, direction] = (value ?? '').split(':');
  return key && (direction === 'asc' || direction === 'desc') ? { key, direction } : fallback;
}

export function formatSort(sort: TableSort): string {
  return `${sort.key}:${sort.direction}`;
}

/**
 * A console table. Rows arrive sorted and paged by the server; a sortable header is a button that
 * asks for the other order (aria-sort tells screen readers the current one). The caption names the
 * table for screen readers and can stay visually hidden.
 */
export function DataTable<Row>({
  caption,
  captionHidden = true,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  loading = false,
  empty = 'Nothing to show.',
}: {
  caption: string;
  captionHidden?: boolean;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort?: TableSort | undefined;
  onSortChange?: ((sort: TableSort) => void) | undefined;
  loading?: boolean;
  empty?: ReactNode;
}) {
  return (
    <div className="table-wrap" aria-busy={loading || undefined}>
      <table className="data-table">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key;
              const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort}
                  className={column.align ? `align-${column.align}` : undefined}
                  style={column.width ? { width: column.width } : undefined}
                >
                  {column.sortable && onSortChange ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() =>
                        onSortChange({
                          key: column.key,
                          direction: active && sort.direction === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {column.header}
                      <span aria-hidden="true" className="sort-mark">
                        {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {loading ? 'Loading…' : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.align ? `align-${column.align}` : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
