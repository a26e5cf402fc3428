import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ApiUser } from '../../shared/api/accounts.schemas';
import { ContactProof } from '../features/accounts/contact-proof';
import { MyDataDownloads } from '../features/accounts/my-data-downloads';
import { renderInLocale } from '../i18n/render-in-locale';
import LoginPage from './login-page';
import SignupPage from './signup-page';

/** A page as the router draws it at `path`, in a language (its links under `/hi` in Hindi). */
function page(element: React.ReactNode, path: string, locale: 'en' | 'hi') {
  return renderInLocale(
    <Router ssrPath={path} ssrSearch="" base={locale === 'hi' ? '/hi' : ''}>
      {element}
    </Router>,
    locale,
    ['account'],
  );
}

const user: ApiUser = {
  _id: 'u1',
  firstname: 'Asha',
  lastname: 'Verma',
  email: 'asha@example.in',
  mobile: '9876543210',
  emailVerified: true,
  mobileVerified: false,
  language: 'en',
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('the sign-up page', () => {
  it('reads in Hindi, its links under /hi', async () => {
    const html = await page(<SignupPage />, '/signup', 'hi');
    expect(html).toContain('<h1 id="auth-title">खाता बनाएँ</h1>');
    expect(html).toContain('पहला नाम');
    expect(html).toContain('कम से कम 8 अक्षर');
    expect(html).toMatch(/हमारी <a href="\/hi\/privacy-policy"[^>]*>निजता सूचना<\/a> पढ़ ली है/);
    expect(html).toMatch(/पहले से खाता है\? <a href="\/hi\/login"[^>]*>लॉगिन करें<\/a>/);
    expect(html).not.toMatch(/First name|Create account|privacy notice/);
  });

  it('reads in English as before', async () => {
    const html = await page(<SignupPage />, '/signup', 'en');
    expect(html).toMatch(
      /By creating an account you agree to our <a href="\/Terms-conditions"[^>]*>terms<\/a> and confirm you have read our <a href="\/privacy-policy"[^>]*>privacy notice<\/a>: what we keep about you/,
    );
    expect(html).toContain('At least 8 characters');
    expect(html).toContain('10-digit Indian mobile number, e.g. 98765 43210');
  });
});

describe('the login page', () => {
  it('reads in Hindi, and keeps ?next on its sign-up link', async () => {
    const html = await renderInLocale(
      <Router ssrPath="/login" ssrSearch="next=%2Fmy-orders" base="/hi">
        <LoginPage />
      </Router>,
      'hi',
      ['account'],
    );
    expect(html).toContain('पासवर्ड भूल गए?');
    expect(html).toMatch(
      /Bharat Bazaar पर नए हैं\? <a href="\/hi\/signup\?next=%2Fmy-orders"[^>]*>खाता बनाएँ<\/a>/,
    );
  });
});

describe('the profile parts', () => {
  it('says in Hindi what is confirmed, and sends the mobile number to the one place it is proved', async () => {
    const html = await renderInLocale(<ContactProof user={user} />, 'hi', ['account']);
    expect(html).toContain('ईमेल पता');
    expect(html).toContain('पुष्टि हो गई');
    expect(html).toContain('पुष्टि नहीं हुई');
    expect(html).toMatch(/<a class="button button--ghost proof-action" href="#messages">नीचे पुष्टि करें<\/a>/);
    // No second way to send a code beside "Messages and updates".
    expect(html).not.toContain('कोड भेजें');
  });

  it('offers the data downloads in Hindi, the links inside the sentence', async () => {
    const html = await page(<MyDataDownloads />, '/my-profile', 'hi');
    expect(html).toContain('आपका डेटा');
    expect(html).toMatch(/<a href="\/hi\/grievances"[^>]*>डेटा अनुरोध भेजें<\/a>/);
    expect(html).toContain('मेरा खाता डिलीट करें');
    expect(html).toContain('ईमेल से ऑफ़र');
  });
});
