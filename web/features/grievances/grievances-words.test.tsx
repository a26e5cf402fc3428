import { describe, expect, it } from 'vitest';
import type { ApiTicket } from '../../../shared/api/grievances.schemas';
import { kindLabels, ticketKinds, topicLabels, topicsOf } from '../../../shared/schemas/grievance-topics';
import { SHOP } from '../../content/policies/shop-details';
import { translator } from '../../i18n/i18n';
import { renderInLocale } from '../../i18n/render-in-locale';
import { GrievanceForm } from './grievance-form';
import { MyRequests } from './my-requests';
import { statusWords, ticketSubject } from './ticket-words';

const ticket: ApiTicket = {
  _id: 't1',
  ticketNumber: 'DPR-2026-000042',
  kind: 'rights-request',
  topic: 'erasure',
  orderNumber: null,
  status: 'In Progress',
  createdAt: '2026-11-28T06:30:00.000Z',
  acknowledgeBy: '2026-11-30T06:30:00.000Z',
  respondBy: '2026-12-28T06:30:00.000Z',
  acknowledgedAt: null,
  resolvedAt: null,
};

describe('ticket words', () => {
  it('in English are the shared labels the e-mails and the console use', async () => {
    const t = await translator('en', ['grievances']);
    for (const kind of ticketKinds) {
      for (const topic of topicsOf[kind]) {
        expect(ticketSubject(t, { kind, topic })).toBe(`${kindLabels[kind]}: ${topicLabels[kind][topic]}`);
      }
    }
    expect(t('grievances.officer.hours')).toBe(SHOP.hours);
  });

  it('are in Hindi for every kind, topic and status', async () => {
    const t = await translator('hi', ['grievances']);
    expect(ticketSubject(t, ticket)).toBe('डेटा अनुरोध: मेरा डेटा मिटाएँ');
    for (const kind of ticketKinds) {
      for (const topic of topicsOf[kind]) expect(ticketSubject(t, { kind, topic })).toMatch(/^[^a-z]+$/i);
    }
    expect(statusWords(t, 'In Progress')).toBe('कार्रवाई जारी');
    // A topic no longer offered shows as the API gives it.
    expect(ticketSubject(t, { kind: 'grievance', topic: 'billing' })).toBe('शिकायत: billing');
  });
});

describe('my requests', () => {
  it('reads in Hindi, with Hindi month names', async () => {
    const html = await renderInLocale(<MyRequests tickets={[ticket]} />, 'hi', ['grievances']);
    expect(html).toContain('कार्रवाई जारी');
    expect(html).toContain('28 नवंबर 2026 को दर्ज · जवाब 28 दिसंबर 2026 तक');
  });

  it('reads in English as before', async () => {
    const resolved = { ...ticket, status: 'Resolved' as const, resolvedAt: '2026-12-02T06:30:00.000Z' };
    const html = await renderInLocale(<MyRequests tickets={[ticket, resolved]} />, 'en', ['grievances']);
    expect(html).toContain('Filed 28 November 2026 · answer due by 28 December 2026');
    expect(html).toContain('Filed 28 November 2026 · resolved 2 December 2026');
    expect(html).toContain('Data request: Erase my data');
  });
});

describe('the complaints form', () => {
  it('keeps its English form', async () => {
    const html = await renderInLocale(<GrievanceForm orderNumbers={[]} onFiled={() => {}} />, 'en', [
      'grievances',
    ]);
    expect(html).toContain('What is it about?');
    expect(html).toContain('A refund or return');
    expect(html).toContain('Send my complaint');
  });
});
