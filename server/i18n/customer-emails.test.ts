import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.js';
import { signUp } from '../test/customers.js';
import { expectEnglish, expectHindi } from '../test/mail-language.js';
import { readMail, startSmtpCapture } from '../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../test/staff.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * The e-mails of accounts, complaints, replies, offers and data rights, as a Hindi customer and an
 * English one receive them (decision 052): sent through the outbox to a real SMTP server and read
 * as a mail program would (encoded subject, base64 body). The order e-mails are in
 * server/flows/order-emails-hindi.test.ts.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let support: SignedInStaff;
let owner: SignedInStaff;
let n = 0;
const ip = () => `10.88.${Math.floor(++n / 250) % 250}.${n % 250}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://shop.example.in',
    INACTIVE_ACCOUNT_ERASE_DAYS: '365',
    // Without an SMS provider the code that proves a mobile number is e-mailed (the fallback).
    SMS_PROVIDER: 'off',
  });
  support = await signInStaff(ctx.app, 'support');
  owner = await signInStaff(ctx.app, 'owner');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Every message sent to `to` so far, decoded, oldest first. */
async function mailsTo(to: string) {
  await ctx.app.services.emailOutbox.drain();
  return smtp.messages.filter((m) => m.to.includes(to.toLowerCase())).map((m) => readMail(m.raw));
}

async function mailTo(to: string, subject: RegExp | string) {
  const found = (await mailsTo(to)).filter((m) =>
    typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
  );
  expect(
    found.map((m) => m.subject),
    `an e-mail to ${to}: ${subject}`,
  ).toHaveLength(1);
  return found[0]!;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
  ctx.app.inject({ method, url, headers, remoteAddress: ip(), ...(payload ? { payload } : {}) });

describe("a customer's account e-mails", () => {
  it('confirm the address at sign-up in the language chosen there', async () => {
    const hindi = await signUp(ctx.app, { language: 'hi', firstname: 'प्रिया' });
    const english = await signUp(ctx.app);
    const theirs = await mailTo(hindi.email, 'Bharat Bazaar के लिए अपने ई-मेल पते की पुष्टि करें');
    expectHindi(
      theirs,
      'नमस्ते प्रिया,',
      `कृपया पुष्टि करें कि ${hindi.email} आपका ई-मेल पता है`,
      'मेरे ई-मेल पते की पुष्टि करें',
    );
    expect(theirs.text).toMatch(/verify-email\/[\w-]+/);
    expectEnglish(await mailTo(english.email, 'Confirm your e-mail address for Bharat Bazaar'));
  });

  it('send a password reset link in the account language', async () => {
    const hindi = await signUp(ctx.app, { language: 'hi' });
    const english = await signUp(ctx.app);
    for (const who of [hindi, english]) {
      expect((await call('POST', '/api/user/forgot-password-token', { email: who.email })).statusCode).toBe(
        200,
      );
    }
    const theirs = await mailTo(hindi.email, 'अपना Bharat Bazaar पासवर्ड फिर से सेट करें');
    expectHindi(theirs, '30 मिनट में समाप्त हो जाएगा', 'नया पासवर्ड सेट करें');
    expect(theirs.text).toMatch(/reset-password\/[\w-]+/);
    expectEnglish(await mailTo(english.email, 'Reset your Bharat Bazaar password'));
  });

  it('tell the old address of a changed e-mail, in the language the account has after the change', async () => {
    for (const language of ['hi', 'en']) {
      const who = await signUp(ctx.app);
      const changed = await call(
        'PUT',
        '/api/user/edit-user',
        {
          firstname: who.firstname,
          lastname: who.lastname,
          mobile: who.mobile,
          email: `new.${who.email}`,
          currentPassword: who.password,
          language,
        },
        who.headers,
      );
      expect(changed.statusCode, changed.body).toBe(200);
      if (language === 'hi') {
        const mail = await mailTo(who.email, 'आपके Bharat Bazaar खाते का ई-मेल पता बदल दिया गया है');
        expectHindi(mail, `${who.email} से बदलकर new.${who.email} कर दिया गया है`, '7 दिन में समाप्त हो जाएगा');
        expectHindi(await mailTo(`new.${who.email}`, 'Bharat Bazaar के लिए अपने ई-मेल पते की पुष्टि करें'));
      } else {
        expectEnglish(await mailTo(who.email, 'Your Bharat Bazaar e-mail address was changed'));
      }
    }
  });

  it('send the code that proves the mobile number in the account language', async () => {
    const hindi = await signUp(ctx.app, { language: 'hi' });
    const english = await signUp(ctx.app);
    for (const who of [hindi, english]) {
      const sent = await call('POST', '/api/user/verify-mobile/send', undefined, who.headers);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const theirs = await mailTo(hindi.email, /^\d{6} — आपके मोबाइल नंबर की पुष्टि का कोड$/);
    const code = /^(\d{6})/.exec(theirs.subject)![1]!;
    expectHindi(theirs, `आपके खाते के मोबाइल नंबर ${hindi.mobile} की पुष्टि के लिए आपका कोड ${code} है।`);
    // The code in the Hindi e-mail works.
    const proved = await call('POST', '/api/user/verify-mobile', { code }, hindi.headers);
    expect(proved.statusCode, proved.body).toBe(200);
    expectEnglish(await mailTo(english.email, /^\d{6} is your code to confirm your mobile number$/));
  });

  it('warn of failed sign-ins in the account language', async () => {
    const hindi = await signUp(ctx.app, { language: 'hi' });
    const english = await signUp(ctx.app);
    for (const who of [hindi, english]) {
      const from = ip();
      for (const guess of ['one', 'two', 'three']) {
        const login = await ctx.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: who.email, password: `wrong ${guess}` },
          remoteAddress: from,
        });
        expect(login.statusCode).toBe(401);
      }
    }
    expectHindi(
      await mailTo(hindi.email, 'किसी ने आपके Bharat Bazaar खाते में साइन इन करने की कोशिश की'),
      'गलत पासवर्ड से 3 बार',
    );
    expectEnglish(await mailTo(english.email, 'Someone tried to sign in to your Bharat Bazaar account'));
  });
});

describe('complaints and replies', () => {
  const ticket = {
    kind: 'grievance',
    topic: 'delivery',
    description: 'My parcel never came.',
    name: 'Kavya Rao',
    mobile: '9845012399',
  };
  const file = (payload: object, headers: Record<string, string> = {}) =>
    call('POST', '/api/grievances', payload, headers);

  it("acknowledge a guest's complaint in the page's language: the form's field, else Accept-Language", async () => {
    const filed = [
      await file(
        { ...ticket, email: 'guest.field@example.in', language: 'hi' },
        { 'accept-language': 'en-IN' },
      ),
      await file(
        { ...ticket, email: 'guest.header@example.in' },
        { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
      ),
      await file({ ...ticket, email: 'guest.english@example.in' }, { 'accept-language': 'en-GB,en;q=0.9' }),
    ];
    for (const answer of filed) expect(answer.statusCode, answer.body).toBe(201);
    for (const guest of ['guest.field@example.in', 'guest.header@example.in']) {
      const mail = await mailTo(guest, /^हमें आपकी शिकायत मिल गई है: टिकट GRV-\d{4}-\d{6}$/);
      expectHindi(mail, 'शिकायत: कोई डिलीवरी।', 'हमारे शिकायत अधिकारी');
      expect(mail.text).toMatch(/नमस्ते Kavya Rao,/);
    }
    expectEnglish(await mailTo('guest.english@example.in', /^We have received your complaint: ticket GRV-/));
    const refused = await file({ ...ticket, email: 'guest.bad@example.in', language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/Choose a language the shop writes in: en or hi/);
  });

  it("acknowledge a signed-in customer's request in their account's language, whatever the page's", async () => {
    const hindi = await signUp(ctx.app, { language: 'hi' });
    const filed = await file(
      { ...ticket, kind: 'rights-request', topic: 'withdraw-consent', email: hindi.email, language: 'en' },
      hindi.headers,
    );
    expect(filed.statusCode, filed.body).toBe(201);
    expectHindi(await mailTo(hindi.email, /^हमें आपका डेटा अनुरोध मिल गया है/), 'डेटा अनुरोध: मेरी सहमति वापस लें।');
  });

  it("frame the console's reply in the language the enquiry was written in", async () => {
    const sent = [
      await call('POST', '/api/enquiry', {
        name: 'Suresh',
        email: 'suresh.hi@example.in',
        mobile: '9876500001',
        comment: 'मेरा ऑर्डर कब आएगा?',
        language: 'hi',
      }),
      await call('POST', '/api/enquiry', {
        name: 'Sam',
        email: 'sam.en@example.in',
        mobile: '9876500002',
        comment: 'When will my order arrive?',
      }),
    ];
    for (const enquiry of sent) {
      expect(enquiry.statusCode, enquiry.body).toBe(201);
      const replied = await call(
        'POST',
        `/api/admin/enquiries/${enquiry.json()._id}/reply`,
        { message: 'It ships today.' },
        support.headers,
      );
      expect(replied.statusCode, replied.body).toBe(201);
    }
    const theirs = await mailTo('suresh.hi@example.in', 'जवाब: Bharat Bazaar से आपकी पूछताछ');
    // Staff's words are sent as written; the frame around them is Hindi.
    expectHindi(theirs, 'It ships today.', 'हमें लिखा था:', 'मेरा ऑर्डर कब आएगा?', 'हमसे संपर्क करें');
    expectEnglish(await mailTo('sam.en@example.in', 'Re: your enquiry to Bharat Bazaar'));
  });
});

describe('offers and data rights', () => {
  it("send offers in the customer's language: the console's Hindi words when given, the frame always", async () => {
    const hindi = await signUp(ctx.app, { language: 'hi', marketingEmails: true } as never);
    const english = await signUp(ctx.app, { marketingEmails: true } as never);
    const offer = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/offer-emails', headers: owner.headers, payload });
    const withHindi = await offer({
      subject: 'Diwali sale: 20% off',
      message: 'Lights, sweets and savings.\n\nThis week only.',
      linkPath: '/product?tags=sale',
      translations: {
        hi: { subject: 'दिवाली सेल: 20% की छूट', message: 'रोशनी, मिठाई और बचत।\n\nसिर्फ़ इस हफ़्ते।' },
      },
    });
    expect(withHindi.statusCode, withHindi.body).toBe(200);
    const theirs = await mailTo(hindi.email, 'दिवाली सेल: 20% की छूट');
    expectHindi(theirs, 'रोशनी, मिठाई और बचत।', 'अभी ख़रीदें', 'ई-मेल से ऑफ़र बंद करें');
    expect(theirs.raw).toMatch(
      /List-Unsubscribe:\s+<https:\/\/shop\.example\.in\/api\/marketing\/unsubscribe\?token=/,
    );
    expectEnglish(await mailTo(english.email, 'Diwali sale: 20% off'));

    const englishOnly = await offer({ subject: 'Weekend deals', message: 'Fresh deals every weekend.' });
    expect(englishOnly.statusCode, englishOnly.body).toBe(200);
    const framed = await mailTo(hindi.email, 'Weekend deals');
    expect(framed.text).toMatch(/^नमस्ते/);
    expect(framed.text).toContain('Fresh deals every weekend.');
    expect(framed.text).toContain('ई-मेल से ऑफ़र बंद करें');
    const badLanguage = await offer({
      subject: 'Sale',
      message: 'A sale for all.',
      translations: { fr: { subject: 'Soldes', message: 'Des soldes pour tous.' } },
    });
    expect(badLanguage.statusCode).toBe(400);
  });

  it('confirm an erasure in the language the account had', async () => {
    const hindi = await signUp(ctx.app, { language: 'hi' });
    const english = await signUp(ctx.app);
    for (const who of [hindi, english]) {
      const erased = await call('DELETE', '/api/user/me', { currentPassword: who.password }, who.headers);
      expect(erased.statusCode, erased.body).toBe(200);
    }
    expectHindi(
      await mailTo(hindi.email, 'आपका Bharat Bazaar खाता हटा दिया गया है'),
      'आपके कहने पर हमने आपका Bharat Bazaar खाता हटा दिया है।',
    );
    expectEnglish(await mailTo(english.email, 'Your Bharat Bazaar account has been deleted'));
  });

  it('warn an inactive account, and confirm its erasure, in its language', async () => {
    const hindi = await signUp(ctx.app, { language: 'hi' });
    const english = await signUp(ctx.app);
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    for (const who of [hindi, english]) {
      await ctx.database.db.update(users).set({ createdAt: longAgo }).where(eq(users.id, who.id));
      await ctx.database.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, who.id));
    }
    expect((await ctx.app.services.accountErasure.runRetention()).warned).toBeGreaterThanOrEqual(2);
    const warning = await mailTo(hindi.email, 'आपका Bharat Bazaar खाता 48 घंटे में हटा दिया जाएगा');
    expectHindi(warning, '12 महीनों से ज़्यादा समय से', '(भारतीय समय)', 'साइन इन करके खाता बनाए रखें');
    expect(warning.text).toMatch(
      /\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्तूबर|नवंबर|दिसंबर) \d{4}/,
    );
    expectEnglish(await mailTo(english.email, 'Your Bharat Bazaar account will be deleted in 48 hours'));

    await ctx.database.db
      .update(users)
      .set({ inactivityWarnedAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(sql`${users.id} in (${hindi.id}, ${english.id})`);
    expect((await ctx.app.services.accountErasure.runRetention()).erased).toBeGreaterThanOrEqual(2);
    expectHindi(
      await mailTo(hindi.email, 'आपका Bharat Bazaar खाता हटा दिया गया है'),
      'आपका Bharat Bazaar खाता 12 महीनों से ज़्यादा समय से इस्तेमाल नहीं हुआ था',
    );
    expectEnglish(await mailTo(english.email, 'Your Bharat Bazaar account has been deleted'));
  });
});
