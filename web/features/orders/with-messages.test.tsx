import { type ReactNode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/catalogues';
import { createI18n, LocaleProvider, useT } from '../../i18n/i18n';
import { WithMessages } from './with-messages';

function Close() {
  return <span>{useT()('order-actions.dialog.close')}</span>;
}

/** The markup once every Suspense boundary has resolved. */
async function settled(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

describe('words of a part shown later', () => {
  it('are fetched and added to the page’s messages before the part renders', async () => {
    // The page's own areas only: the part's are not among them.
    const i18n = createI18n('hi', await loadMessages('hi', ['order']));
    expect('order-actions.dialog.close' in i18n.messages).toBe(false);
    const html = await settled(
      <LocaleProvider i18n={i18n}>
        <Suspense fallback={<span>…</span>}>
          <WithMessages area="order-actions">
            <Close />
          </WithMessages>
        </Suspense>
      </LocaleProvider>,
    );
    expect(html).toContain('<span>बंद करें</span>');
    expect(i18n.messages['order-actions.dialog.close']).toBeDefined();
  });
});
