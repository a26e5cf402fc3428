/**
 * The Bharat Bazaar mark: a shopping bag carrying a wheel, in saffron and indigo. Inline rather
 * than an <img> so the header paints without another request. web/public/favicon.svg is the same
 * drawing.
 */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="10" fill="#f59e0b" />
      <path
        d="M15 15v-2.6a5 5 0 0 1 10 0V15"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <path d="M9.5 15h21l-1.7 17a2.6 2.6 0 0 1-2.6 2.3H13.8a2.6 2.6 0 0 1-2.6-2.3Z" fill="#fff" />
      <g fill="none" stroke="#12355b" strokeWidth="1.5">
        <circle cx="20" cy="24.6" r="5" />
        <path d="M20 19.6v10M15 24.6h10M16.5 21.1l7 7M23.5 21.1l-7 7" strokeWidth="1.1" />
      </g>
      <circle cx="20" cy="24.6" r="1.3" fill="#12355b" />
    </svg>
  );
}
