/** A colour's swatch: decorative, as its name and value are always written beside it. */
export function ColorSwatch({ value, size = 'normal' }: { value: string; size?: 'normal' | 'large' }) {
  return (
    <span
      className={size === 'large' ? 'color-swatch color-swatch--large' : 'color-swatch'}
      style={{ backgroundColor: value }}
      aria-hidden="true"
    />
  );
}
