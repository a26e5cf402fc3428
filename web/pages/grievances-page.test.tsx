import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { renderInLocale } from '../i18n/render-in-locale';
import GrievancesPage from './grievances-page';

describe('the complaints page', () => {
  it('reads in Hindi, the form too', async () => {
    const html = await renderInLocale(
      <Router ssrPath="/grievances" base="/hi">
        <GrievancesPage />
      </Router>,
      'hi',
      ['grievances'],
    );
    expect(html).toContain('<h1>शिकायतें और डेटा अनुरोध</h1>');
    expect(html).toMatch(/अपनी <a href="\/hi\/my-profile"[^>]*>प्रोफ़ाइल<\/a> से/);
    expect(html).toContain('यह क्या है?');
    expect(html).toContain('कोई डिलीवरी');
    expect(html).toContain('मेरी शिकायत भेजें');
    expect(html).toContain('सोमवार से शुक्रवार');
  });
});
