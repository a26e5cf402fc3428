import { describe, expect, it } from 'vitest';
import { pseudoText } from './pseudo-locale';
import { compileCatalogue } from './vite-messages-plugin';

describe('pseudo-English', () => {
  it('accents and lengthens text, keeping tags, numbers and plural marks', () => {
    expect(pseudoText('Your cart')).toBe('[Ýöûŕ~~ ċåŕţ~~]');
    expect(pseudoText('Questions? <0>Write to us</0>.')).toBe('[Ǫûéšţîöñš~~~~? ]<0>[Ŵŕîţé~~ ţö~ ûš~]</0>.');
    const compiled = compileCatalogue(
      JSON.stringify({ 'cart.count': '{count, plural, one {# item} other {# items}}' }),
      'en/cart.json',
      pseudoText,
    );
    expect(JSON.stringify(compiled)).toContain('"#"');
    expect(JSON.stringify(compiled)).toContain('îţéɱš');
  });
});
