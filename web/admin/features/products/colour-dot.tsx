/** A colour's dot: decorative, as the colour's name is always written beside it. */
export function ColourDot({ value }: { value: string }) {
  return <span className="product-colour-dot" style={{ backgroundColor: value }} aria-hidden="true" />;
}
