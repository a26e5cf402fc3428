/**
 * A row of filter buttons (order or enquiry statuses): one is pressed at a time, each may show a
 * count. Toggle buttons rather than tabs, because the table below is the same table filtered.
 */
export function FilterButtons<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V | ''; label: string; count?: number | undefined }[];
  value: V | '';
  onChange: (value: V | '') => void;
}) {
  return (
    <fieldset className="filter-buttons">
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value || 'all'}
          type="button"
          className="filter-button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.count !== undefined && (
            <span className="filter-count">
              <span className="visually-hidden">: </span>
              {option.count.toLocaleString('en-IN')}
            </span>
          )}
        </button>
      ))}
    </fieldset>
  );
}
