const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The readable text of an HTML description (already sanitized by the server), for excerpts and
 * meta descriptions. React escapes what we render, so this only has to read well, not be safe.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return entities[code.toLowerCase()] ?? whole;
      const point =
        code[1]?.toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(point) ? String.fromCodePoint(point) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of `text`, with an ellipsis when anything was cut. */
export function excerpt(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}...`;
}
