import { useEffect, useId, useRef, useState } from 'react';

/**
 * A table's search box: the server is asked 300 ms after typing stops (or at once on Enter), and
 * the box follows the URL when it changes elsewhere (the back button).
 */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  const mounted = useRef(true);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      // A search typed just before leaving the page must not pull the browser back to it.
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const send = (q: string) => {
    clearTimeout(timer.current);
    if (mounted.current && q.trim() !== value) latest.current(q.trim());
  };

  return (
    <search className="form-field grow">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="form-input"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={100}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(next), 300);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            send(text);
          }
        }}
      />
    </search>
  );
}
