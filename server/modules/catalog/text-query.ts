/**
 * A search's query as PostgreSQL's `to_tsquery` writes it, parsed into lexemes joined by and/or
 * (the text index answers no other operator), and the quoted lexemes a tsquery's or tsvector's
 * text is made of.
 */

/** A text query: lexemes (a prefix when `prefix`) joined by and/or, as `to_tsquery` returns it. */
export type TextQuery =
  | { kind: 'lexeme'; lexeme: string; prefix: boolean }
  | { kind: 'and' | 'or'; parts: TextQuery[] };

/**
 * The lexeme quoted at `at` in a tsquery's or tsvector's text ('' for a quote, \\ before a
 * character taken as it is) and where it ends, or undefined when there is none or it is not closed.
 */
export function readQuoted(text: string, at: number): { lexeme: string; end: number } | undefined {
  if (text[at] !== "'") return undefined;
  let lexeme = '';
  for (let i = at + 1; i < text.length; ) {
    const char = text[i]!;
    if (char === "'" && text[i + 1] === "'") {
      lexeme += "'";
      i += 2;
    } else if (char === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else if (char === "'") {
      return { lexeme, end: i + 1 };
    } else {
      lexeme += char;
      i++;
    }
  }
  return undefined;
}

/** Matches nothing: what `to_tsquery` gives for stop words only ("the"). */
const NOTHING: TextQuery = { kind: 'or', parts: [] };

/**
 * `to_tsquery`'s output as a TextQuery, or undefined when it holds what the index does not answer
 * (negation, phrases, weights: the search box never writes them; SQL would answer). The grammar:
 * `|` binds loosest, then `&`; parentheses; operands quoted with '' for a quote.
 */
export function parseTsQueryText(text: string): TextQuery | undefined {
  let at = 0;
  const skipSpaces = () => {
    while (text[at] === ' ') at++;
  };
  class Unsupported extends Error {}
  const operand = (): TextQuery => {
    skipSpaces();
    if (text[at] === '(') {
      at++;
      const inner = either();
      skipSpaces();
      if (text[at] !== ')') throw new Unsupported();
      at++;
      return inner;
    }
    const quoted = readQuoted(text, at);
    if (!quoted) throw new Unsupported();
    const lexeme = quoted.lexeme;
    at = quoted.end;
    let prefix = false;
    if (text[at] === ':') {
      // Only ":*" (a prefix); weights would restrict where the lexeme may occur.
      if (text[at + 1] !== '*' || /[A-Da-d]/.test(text[at + 2] ?? '')) throw new Unsupported();
      prefix = true;
      at += 2;
    }
    return { kind: 'lexeme', lexeme, prefix };
  };
  const joined = (kind: 'and' | 'or', sign: string, part: () => TextQuery) => (): TextQuery => {
    const parts = [part()];
    for (;;) {
      skipSpaces();
      if (text[at] !== sign) break;
      at++;
      parts.push(part());
    }
    return parts.length === 1 ? parts[0]! : { kind, parts };
  };
  const both = joined('and', '&', operand);
  const either = joined('or', '|', both);
  try {
    if (text.trim() === '') return NOTHING;
    const query = either();
    skipSpaces();
    return at === text.length ? query : undefined;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/**
 * A query's distinct lexemes in ts_rank's order: sorted, and a prefix and a whole word of the same
 * letters counted once (PostgreSQL's SortAndUniqItems compares the letters only). buildTsQuery
 * never writes both for one word.
 */
export function wordsOf(query: TextQuery): { lexeme: string; prefix: boolean }[] {
  const byLexeme = new Map<string, { lexeme: string; prefix: boolean }>();
  const visit = (part: TextQuery) => {
    if (part.kind === 'lexeme') {
      if (!byLexeme.has(part.lexeme)) byLexeme.set(part.lexeme, part);
    } else part.parts.forEach(visit);
  };
  visit(query);
  return [...byLexeme.values()].sort((a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
}
