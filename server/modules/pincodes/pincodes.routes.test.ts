import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INDIAN_REGION_NAMES } from '../../../shared/india.js';
import { auditEvents, pincodes } from '../../db/schema.js';
import { clearPincodes, loadDemoPincodes } from '../../test/pincodes.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let owner: SignedInStaff;
let orders: SignedInStaff;
let support: SignedInStaff;
let catalogue: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  [owner, orders, support, catalogue] = await Promise.all([
    signInStaff(ctx.app, 'owner'),
    signInStaff(ctx.app, 'orders'),
    signInStaff(ctx.app, 'support'),
    signInStaff(ctx.app, 'catalogue'),
  ]);
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** 10:00 in India on Saturday 21 November 2026. */
const SATURDAY_MORNING = Date.parse('2026-11-21T10:00:00+05:30');

let address = 0;
const lookup = (pin: string, remoteAddress = `10.30.${Math.floor(address / 250) % 250}.${address++ % 250}`) =>
  ctx.app.inject({ method: 'GET', url: `/api/pincode/${pin}`, remoteAddress });

const db = () => ctx.database.db;
const rowOf = async (pincode: string) =>
  (await db().select().from(pincodes).where(eq(pincodes.pincode, pincode)))[0];

/** A multipart body with the CSV in a `file` part, as a browser's FormData sends it. */
function upload(csv: string, who: SignedInStaff) {
  const boundary = `----pintest${Math.random().toString(16).slice(2)}`;
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pincodes.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const importCsv = (csv: string, { dryRun = false, as = orders } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/pincodes/import${dryRun ? '?dryRun=true' : ''}`,
    ...upload(csv, as),
  });

describe('GET /api/pincode/:pin while the shop has no list', () => {
  it('delivers everywhere, in 5 days not counting Sundays, naming no place', async () => {
    await clearPincodes(db());
    vi.spyOn(Date, 'now').mockReturnValue(SATURDAY_MORNING);
    const answer = await lookup('744301');
    expect(answer.statusCode, answer.body).toBe(200);
    // Sat 21 Nov + 5 days: Mon 23, Tue 24, Wed 25, Thu 26, Fri 27 (Sunday 22 not counted).
    expect(answer.json()).toEqual({
      pincode: '744301',
      serviceable: true,
      cod: false,
      city: null,
      state: null,
      deliveryBy: '2026-11-27',
    });
  });
});

describe('GET /api/pincode/:pin with the demo list', () => {
  beforeAll(async () => {
    await loadDemoPincodes(db());
  });

  it('answers a served pincode with its place and the day it arrives, Sundays skipped', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(SATURDAY_MORNING);
    const bengaluru = await lookup('560001');
    expect(bengaluru.statusCode).toBe(200);
    // One day from Saturday is Monday: nothing arrives on a Sunday.
    expect(bengaluru.json()).toEqual({
      pincode: '560001',
      serviceable: true,
      cod: true,
      city: 'Bengaluru',
      state: 'Karnataka',
      deliveryBy: '2026-11-23',
    });
    const kochi = (await lookup('682031')).json();
    expect(kochi).toMatchObject({ city: 'Kochi', state: 'Kerala', deliveryBy: '2026-11-24' });
  });

  it('counts the day in India, not in UTC', async () => {
    // 23:30 UTC on Friday 20 November is already Saturday 05:00 in India.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-20T23:30:00Z'));
    expect((await lookup('560001')).json().deliveryBy).toBe('2026-11-23');
    // 04:00 UTC on Friday is 09:30 Friday in India: handed over that day, delivered Saturday.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-20T04:00:00Z'));
    expect((await lookup('560001')).json().deliveryBy).toBe('2026-11-21');
    // 18:00 UTC on Friday is 23:30 Friday in India, past the 14:00 cut-off: handed over Saturday,
    // delivered Monday (the promise once said Saturday, a day the courier could not keep).
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-20T18:00:00Z'));
    expect((await lookup('560001')).json().deliveryBy).toBe('2026-11-23');
  });

  it('answers a pincode the shop does not serve with serviceable false, and an unknown one likewise', async () => {
    const islands = await lookup('744301');
    expect(islands.statusCode).toBe(200);
    expect(islands.json()).toEqual({
      pincode: '744301',
      serviceable: false,
      cod: false,
      city: 'Car Nicobar',
      state: 'Andaman and Nicobar Islands',
      deliveryBy: null,
    });
    const unknown = await lookup('123456');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      pincode: '123456',
      serviceable: false,
      cod: false,
      city: null,
      state: null,
      deliveryBy: null,
    });
  });

  it('says when cash on delivery is not offered', async () => {
    expect((await lookup('744101')).json()).toMatchObject({ serviceable: true, cod: false });
  });

  it('refuses a malformed pincode with a 400 and a message', async () => {
    for (const pin of ['012345', '56001', '5600011', 'abcdef', '56 001']) {
      const answer = await lookup(encodeURIComponent(pin));
      expect(answer.statusCode, pin).toBe(400);
      expect(answer.json().message, pin).toBe('Enter a valid 6-digit PIN code');
    }
  });

  it('is cacheable by anyone until India’s midnight, at most 10 minutes', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(SATURDAY_MORNING);
    expect((await lookup('560001')).headers['cache-control']).toBe('public, max-age=600');
    // 23:58 in India: the date moves in two minutes.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-21T23:58:00+05:30'));
    expect((await lookup('560001')).headers['cache-control']).toBe('public, max-age=120');
  });

  it('limits one address to 300 lookups in 5 minutes, bad ones counted', async () => {
    const from = '10.31.0.1';
    const answers = [];
    for (let i = 0; i < 300; i++) answers.push((await lookup(i % 2 ? '560001' : 'bad', from)).statusCode);
    expect(answers.filter((s) => s === 429)).toEqual([]);
    const over = await lookup('560001', from);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Too many attempts/);
    expect((await lookup('560001', '10.31.0.2')).statusCode).toBe(200);
  });
});

describe('the demo list', () => {
  it('covers every state and union territory, the big cities’ head post offices and the test addresses', async () => {
    const rows = await db().select().from(pincodes);
    expect(rows.length).toBeGreaterThan(250);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(INDIAN_REGION_NAMES));
    const byPin = new Map(rows.map((r) => [r.pincode, r]));
    for (const [pin, city, state] of [
      ['110001', 'New Delhi', 'Delhi'],
      ['400001', 'Mumbai', 'Maharashtra'],
      ['560001', 'Bengaluru', 'Karnataka'],
      ['600001', 'Chennai', 'Tamil Nadu'],
      ['700001', 'Kolkata', 'West Bengal'],
      ['682001', 'Kochi', 'Kerala'],
      ['500001', 'Hyderabad', 'Telangana'],
      ['380001', 'Ahmedabad', 'Gujarat'],
      ['411001', 'Pune', 'Maharashtra'],
      ['302001', 'Jaipur', 'Rajasthan'],
      ['226001', 'Lucknow', 'Uttar Pradesh'],
      ['800001', 'Patna', 'Bihar'],
      ['560038', 'Bengaluru', 'Karnataka'],
      ['682031', 'Kochi', 'Kerala'],
    ] as const) {
      expect(byPin.get(pin), pin).toMatchObject({ city, state, serviceable: true });
    }
    // From the Bengaluru warehouse: next door first, the islands last.
    expect(byPin.get('560001')!.deliveryDays).toBeLessThanOrEqual(2);
    expect(byPin.get('682555')!.deliveryDays).toBeGreaterThanOrEqual(6);
    expect(rows.filter((r) => !r.serviceable).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.serviceable && !r.cod).length).toBeGreaterThanOrEqual(3);
  });

  it('passes the console’s own import check, and loading it again adds nothing', async () => {
    const { readFile } = await import('node:fs/promises');
    const { DEMO_PINCODES_FILE } = await import('../../db/seed/demo-pincodes.js');
    const report = (await importCsv(await readFile(DEMO_PINCODES_FILE, 'utf8'), { dryRun: true })).json();
    expect(report).toMatchObject({ rejectedRows: 0, created: 0, updated: 0 });
    expect(report.unchanged).toBe(report.rows);
    expect(await loadDemoPincodes(db())).toBe(0);
  });
});

describe('POST /api/admin/pincodes/import', () => {
  const header = 'pincode,city,district,state,serviceable,cod,deliveryDays';

  it('checks without writing on a dry run, then writes and audits', async () => {
    const csv = [
      header,
      '411045,Pune,Pune,Maharashtra,yes,yes,2', // new
      '413512,Latur,Latur,maharashtra,,,', // new: defaults
      '560001,Bengaluru,Bengaluru Urban,Karnataka,yes,no,1', // COD switched off
      '560038,Bengaluru,Bengaluru Urban,Karnataka,yes,yes,1', // as it is
    ].join('\n');
    const dry = await importCsv(csv, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      written: false,
      rows: 4,
      created: 2,
      updated: 1,
      unchanged: 1,
      rejectedRows: 0,
      rejected: [],
    });
    expect(await rowOf('411045')).toBeUndefined();
    expect((await rowOf('560001'))!.cod).toBe(true);

    const real = await importCsv(csv);
    expect(real.json()).toMatchObject({ dryRun: false, written: true, created: 2, updated: 1, unchanged: 1 });
    expect(await rowOf('411045')).toMatchObject({ city: 'Pune', state: 'Maharashtra', deliveryDays: 2 });
    // Defaults for a new pincode: served, COD allowed, days from the state's distance.
    expect(await rowOf('413512')).toMatchObject({ serviceable: true, cod: true, deliveryDays: 4 });
    expect((await rowOf('560001'))!.cod).toBe(false);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'pincode.import'))
      .orderBy(auditEvents.createdAt);
    expect(audit).toMatchObject({ actor: orders.email, entityType: 'pincode' });
    expect(audit!.summary).toMatch(/2 pincodes added, 1 changed, 1 unchanged/);
    expect(audit!.after).toMatchObject({
      changed: [{ pincode: '560001', before: { cod: true }, after: { cod: false } }],
    });
  });

  it('leaves a field whose cell is empty as it is', async () => {
    const report = (await importCsv(`${header}\n560001,,,,,yes,\n`)).json();
    expect(report).toMatchObject({ written: true, updated: 1 });
    expect(await rowOf('560001')).toMatchObject({
      city: 'Bengaluru',
      state: 'Karnataka',
      cod: true,
      deliveryDays: 1,
    });
  });

  it('refuses the whole file when any row is wrong, listing each problem by row', async () => {
    const csv = [
      header,
      '110099,New Delhi,New Delhi,Delhi,yes,yes,3', // 2: good, but not written
      '012345,Nowhere,,Delhi,yes,yes,3', // 3: malformed
      '110098,Delhi,,Dilli,yes,yes,3', // 4: unknown state
      '110097,Delhi,,Delhi,maybe,yes,3', // 5: not yes/no
      '110096,Delhi,,Delhi,yes,yes,99', // 6: too many days
      '110099,New Delhi,,Delhi,yes,yes,3', // 7: twice in the file
      '', // 8: blank
      '110095,,,Delhi,yes,yes,3', // 9: new without a city
    ].join('\n');
    const answer = await importCsv(csv);
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    expect(report).toMatchObject({ written: false, dryRun: false, rows: 7, rejectedRows: 6 });
    expect(report.rejected.map((r: { row: number; field: string }) => [r.row, r.field])).toEqual([
      [3, 'pincode'],
      [4, 'state'],
      [5, 'serviceable'],
      [6, 'deliveryDays'],
      [7, 'pincode'],
      [9, 'city'],
    ]);
    expect(report.rejected[4].message).toBe('110099 is also on row 2');
    expect(report.rejected[5].message).toBe('110095 is new: it needs a city');
    expect(await rowOf('110099')).toBeUndefined();
  });

  it('reads the All India Pincode Directory as data.gov.in publishes it, one row per pincode', async () => {
    const csv = [
      'circlename,regionname,divisionname,officename,pincode,officetype,delivery,district,statename,latitude,longitude',
      'Tamilnadu Circle,Chennai Region,Chennai City Central,Anna Road H.O,600002,H.O,Delivery,CHENNAI,TAMIL NADU,13.06,80.27',
      'Tamilnadu Circle,Chennai Region,Chennai City Central,Chintadripet S.O,600002,S.O,Non Delivery,CHENNAI,TAMIL NADU,NA,NA',
      'Andaman & Nicobar Islands Circle,Port Blair,Port Blair,Teressa B.O,744303,B.O,Non-Delivery,NICOBAR,ANDAMAN & NICOBAR ISLANDS,NA,NA',
      'Karnataka Circle,Bangalore HQ Region,Bangalore GPO,Bangalore G.P.O.,560001,G.P.O.,Delivery,BENGALURU URBAN,KARNATAKA,12.97,77.59',
      'Maharashtra Circle,Mumbai,Mumbai South,Colaba S.O,400005,S.O,Delivery,MUMBAI,MAHARASHTRA,18.9,72.8',
    ].join('\n');
    const report = (await importCsv(csv)).json();
    expect(report).toMatchObject({ written: true, rows: 5, created: 3, updated: 1, rejectedRows: 0 });
    expect(await rowOf('600002')).toMatchObject({
      city: 'Chennai',
      district: 'Chennai',
      state: 'Tamil Nadu',
      serviceable: true,
      deliveryDays: 3,
    });
    // Only non-delivery offices: listed, not served.
    expect(await rowOf('744303')).toMatchObject({ state: 'Andaman and Nicobar Islands', serviceable: false });
    // An existing pincode takes the directory's names and keeps the shop's own terms.
    expect(await rowOf('560001')).toMatchObject({
      city: 'Bengaluru Urban',
      state: 'Karnataka',
      serviceable: true,
      cod: true,
      deliveryDays: 1,
    });
  });

  it('reads the directory’s older layout, and names a state it cannot read', async () => {
    const csv = [
      'officename,pincode,officeType,Deliverystatus,divisionname,regionname,circlename,Taluk,Districtname,statename',
      'Ada B.O,504293,B.O,Delivery,Adilabad,Hyderabad,Andhra Pradesh,Asifabad,Adilabad,TELANGANA',
      'Somewhere B.O,504294,B.O,Delivery,Adilabad,Hyderabad,Andhra Pradesh,Asifabad,Adilabad,NA',
      'Nowhere B.O,504295,B.O,Delivery,Adilabad,Hyderabad,Andhra Pradesh,Asifabad,Adilabad,ATLANTIS',
    ].join('\n');
    const report = (await importCsv(csv, { dryRun: true })).json();
    expect(report.rejected).toEqual([
      { row: 3, field: 'statename', message: 'No office of 504294 names its state' },
      { row: 4, field: 'statename', message: 'Unknown state "ATLANTIS" for 504295' },
    ]);
    expect(report.created).toBe(1);
  });

  it('answers 400 for a file it cannot read, naming the problem', async () => {
    const unknown = await importCsv('pincode,town\n560001,Bengaluru\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Unknown column "town"/);
    const noPincode = await importCsv('city,state\nBengaluru,Karnataka\n');
    expect(noPincode.json().message).toBe('The header needs a "pincode" column.');
    const empty = await importCsv('pincode,city,state\n');
    expect(empty.json().message).toBe('The file has a header but no pincodes.');
  });

  it('is for staff who handle orders: support and catalogue managers may not import', async () => {
    const csv = `${header}\n560001,Bengaluru,,Karnataka,yes,yes,1\n`;
    expect((await importCsv(csv, { as: support })).statusCode).toBe(403);
    expect((await importCsv(csv, { as: catalogue })).statusCode).toBe(403);
    expect((await importCsv(csv, { as: owner })).statusCode).toBe(200);
  });
});

describe('the console’s table and export', () => {
  const table = (query: string, who = support) =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/pincodes?${query}`, headers: who.headers });

  it('pages the list server-side, searching pincodes by prefix and places by name', async () => {
    const all = (await table('')).json();
    expect(all.pageSize).toBe(50);
    expect(all.items).toHaveLength(50);
    expect(all.total).toBe(all.listed);
    expect(all.items.map((r: { pincode: string }) => r.pincode)).toEqual(
      [...all.items.map((r: { pincode: string }) => r.pincode)].sort(),
    );
    const second = (await table('page=2')).json();
    expect(second.items[0].pincode > all.items[49].pincode).toBe(true);

    const prefix = (await table('q=5600')).json();
    expect(prefix.items.length).toBeGreaterThan(5);
    expect(prefix.items.every((r: { pincode: string }) => r.pincode.startsWith('5600'))).toBe(true);
    const byName = (await table('q=kochi')).json();
    expect(byName.items.map((r: { city: string }) => r.city)).toContain('Kochi');
    const closed = (await table('status=unserviceable&state=Andaman+and+Nicobar+Islands')).json();
    expect(closed.items.map((r: { pincode: string }) => r.pincode)).toContain('744301');
    expect(closed.items.every((r: { serviceable: boolean }) => !r.serviceable)).toBe(true);
    expect((await table('state=Atlantis')).statusCode).toBe(400);
    expect((await table('', catalogue)).statusCode).toBe(403);
  });

  it('exports the matching pincodes as CSV that imports back unchanged', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/pincodes/export?state=Kerala',
      headers: support.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/csv/);
    const rows = parse(answer.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.state === 'Kerala')).toBe(true);
    expect(rows.find((r) => r.pincode === '682031')).toEqual({
      pincode: '682031',
      city: 'Kochi',
      district: 'Ernakulam',
      state: 'Kerala',
      serviceable: 'yes',
      cod: 'yes',
      deliveryDays: '2',
    });
    const back = (await importCsv(answer.body, { dryRun: true })).json();
    expect(back).toMatchObject({ rejectedRows: 0, created: 0, updated: 0, unchanged: rows.length });
  });
});
