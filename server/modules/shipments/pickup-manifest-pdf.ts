import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { formatPaise } from '../../../shared/money.js';
import type { Address } from './courier-provider.js';
import type { LabelFonts } from './shipment-label-pdf.js';

/**
 * Pickup manifests, A4: one per courier of a pickup (each sends its own agent, who signs for its own
 * parcels), starting on a page of its own. The shop and the pickup address, the courier, the day and
 * the provider's reference; a row per parcel with its AWB as a Code 128 barcode (the agent scans it)
 * and as text, the order number, weight, cash to collect and pieces; the totals; and signature lines
 * for the agent and the shop. Pages are numbered within each manifest.
 */
export type ManifestParcel = {
  awb: string;
  orderNumber: string;
  weightGrams: number;
  codAmountPaise: number;
  pieces: number;
};

export type ManifestView = {
  shop: { name: string; gstin: string | null };
  from: Address;
  provider: string;
  courier: string;
  /** The pickup's day as people read it: "Mon, 1 Dec 2025". */
  day: string;
  reference: string | null;
  /** When it was printed, India time, as people read it. */
  printedAt: string;
  parcels: ManifestParcel[];
};

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 40;
const A4 = { width: 595.28, height: 841.89 };
const INNER = A4.width - MARGIN * 2;
const BOTTOM = A4.height - MARGIN - 24;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#9ca3af';
const ROW = 30;

/** The table's columns: x offset from the margin, width, alignment. */
const COLUMNS = [
  { title: '#', x: 0, width: 24, align: 'left' },
  { title: 'AWB', x: 24, width: 168, align: 'left' },
  { title: 'Order', x: 196, width: 116, align: 'left' },
  { title: 'Weight', x: 312, width: 62, align: 'right' },
  { title: 'COD to collect', x: 378, width: 90, align: 'right' },
  { title: 'Pieces', x: 472, width: 43, align: 'right' },
] as const;

const kilograms = (grams: number) =>
  `${(grams / 1000).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`;

function addressLines(address: Address): string[] {
  return [
    ...address.lines.filter(Boolean),
    `${address.city}, ${address.state} ${address.pincode}`,
    ...(address.phone ? [`Phone: ${address.phone}`] : []),
  ];
}

/** The head of a manifest's first page: title, courier, day, reference, shop and pickup address. */
function drawHead(doc: Doc, view: ManifestView): number {
  doc.font('bold').fontSize(18).fillColor(INK).text('Pickup manifest', MARGIN, MARGIN);
  doc
    .font('bold')
    .fontSize(14)
    .text(view.courier, MARGIN, MARGIN + 2, { width: INNER, align: 'right' });
  let y = MARGIN + 30;
  const facts: [string, string][] = [
    ['Pickup day', view.day],
    ['Reference', view.reference ?? 'not given by the courier yet'],
    ['Provider', view.provider],
    ['Printed', view.printedAt],
  ];
  for (const [i, [name, value]] of facts.entries()) {
    const x = MARGIN + (i % 2) * (INNER / 2);
    const row = y + Math.floor(i / 2) * 16;
    doc.font('regular').fontSize(9).fillColor(MUTED).text(`${name}: `, x, row, { continued: true });
    doc.font('bold').fillColor(INK).text(value);
  }
  y += 40;
  const boxTop = y;
  const column = (title: string, lines: string[], x: number) => {
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(MUTED)
      .text(title.toUpperCase(), x + 8, boxTop + 8);
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(lines[0] ?? '', x + 8, doc.y + 2, {
        width: INNER / 2 - 16,
      });
    doc.font('regular').fontSize(9);
    for (const line of lines.slice(1)) doc.text(line, { width: INNER / 2 - 16 });
    return doc.y;
  };
  const shop = column(
    'Shop',
    [view.shop.name, ...(view.shop.gstin ? [`GSTIN ${view.shop.gstin}`] : [])],
    MARGIN,
  );
  const pickup = column('Pickup address', [view.from.name, ...addressLines(view.from)], MARGIN + INNER / 2);
  const boxBottom = Math.max(shop, pickup) + 8;
  doc
    .rect(MARGIN, boxTop, INNER, boxBottom - boxTop)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  doc
    .moveTo(MARGIN + INNER / 2, boxTop)
    .lineTo(MARGIN + INNER / 2, boxBottom)
    .stroke();
  return boxBottom + 16;
}

function drawTableHead(doc: Doc, y: number): number {
  doc.rect(MARGIN, y, INNER, 18).fillColor('#e5e7eb').fill();
  doc.font('bold').fontSize(8.5).fillColor(INK);
  for (const column of COLUMNS)
    doc.text(column.title, MARGIN + column.x + 4, y + 5, { width: column.width - 8, align: column.align });
  return y + 18;
}

async function drawRow(doc: Doc, parcel: ManifestParcel, index: number, y: number): Promise<number> {
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: parcel.awb,
    scale: 2,
    height: 6,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
  const cells: [number, string][] = [
    [0, String(index + 1)],
    [2, parcel.orderNumber],
    [3, kilograms(parcel.weightGrams)],
    [4, parcel.codAmountPaise > 0 ? formatPaise(parcel.codAmountPaise) : 'Prepaid'],
    [5, String(parcel.pieces)],
  ];
  doc.font('regular').fontSize(9).fillColor(INK);
  for (const [at, text] of cells) {
    const column = COLUMNS[at]!;
    doc.text(text, MARGIN + column.x + 4, y + 10, { width: column.width - 8, align: column.align });
  }
  const awb = COLUMNS[1];
  doc.image(barcode, MARGIN + awb.x + 4, y + 3, { width: 110, height: 13 });
  doc
    .font('bold')
    .fontSize(8.5)
    .text(parcel.awb, MARGIN + awb.x + 4, y + 18, { width: awb.width - 8 });
  doc
    .moveTo(MARGIN, y + ROW)
    .lineTo(MARGIN + INNER, y + ROW)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return y + ROW;
}

function drawTotals(doc: Doc, view: ManifestView, y: number): number {
  const pieces = view.parcels.reduce((sum, p) => sum + p.pieces, 0);
  const grams = view.parcels.reduce((sum, p) => sum + p.weightGrams, 0);
  const cod = view.parcels.reduce((sum, p) => sum + p.codAmountPaise, 0);
  const codParcels = view.parcels.filter((p) => p.codAmountPaise > 0).length;
  doc.rect(MARGIN, y, INNER, 40).fillColor('#f3f4f6').fill();
  doc.font('bold').fontSize(10).fillColor(INK);
  doc.text(`Parcels: ${view.parcels.length}`, MARGIN + 8, y + 7, { width: 150 });
  doc.text(`Pieces: ${pieces}`, MARGIN + 8, y + 22, { width: 150 });
  doc.text(`Weight: ${kilograms(grams)}`, MARGIN + 160, y + 7, { width: 150 });
  doc.text(`COD to collect: ${formatPaise(cod)}`, MARGIN + 300, y + 7, {
    width: INNER - 308,
    align: 'right',
  });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      codParcels === 0
        ? 'Every parcel is prepaid.'
        : view.parcels.length === 1
          ? 'Cash on delivery.'
          : `On ${codParcels} of ${view.parcels.length} parcels.`,
      MARGIN + 300,
      y + 23,
      { width: INNER - 308, align: 'right' },
    );
  return y + 52;
}

/** What the agent signs: the count received, and the shop's hand-over. */
function drawSignatures(doc: Doc, view: ManifestView, y: number): void {
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `The courier’s pickup agent counts the ${view.parcels.length === 1 ? 'parcel' : `${view.parcels.length} parcels`} against this list, writes the number received and signs; the shop keeps a signed copy.`,
      MARGIN,
      y,
      { width: INNER },
    );
  const top = doc.y + 14;
  const half = INNER / 2 - 12;
  const block = (title: string, fields: string[], x: number) => {
    doc.font('bold').fontSize(10).fillColor(INK).text(title, x, top, { width: half });
    let line = doc.y + 26;
    for (const field of fields) {
      doc
        .moveTo(x + 92, line)
        .lineTo(x + half, line)
        .lineWidth(0.75)
        .strokeColor(INK)
        .stroke();
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(MUTED)
        .text(field, x, line - 10, { width: 90 });
      line += 28;
    }
  };
  block(
    `Received by (${view.courier} pickup agent)`,
    ['Name', 'Parcels received', 'Signature', 'Date and time'],
    MARGIN,
  );
  block('Handed over by (the shop)', ['Name', 'Signature', 'Date and time'], MARGIN + INNER / 2 + 12);
}

/** The space the totals and signatures need at the end of a manifest. */
const CLOSING = 52 + 170;

/** A further page of the same manifest: which one it continues. */
function nextPage(doc: Doc, view: ManifestView): number {
  doc.addPage();
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`Pickup manifest · ${view.courier} · ${view.day} (continued)`, MARGIN, MARGIN);
  return MARGIN + 20;
}

async function drawManifest(doc: Doc, view: ManifestView): Promise<void> {
  let y = drawTableHead(doc, drawHead(doc, view));
  for (const [i, parcel] of view.parcels.entries()) {
    if (y + ROW > BOTTOM) y = drawTableHead(doc, nextPage(doc, view));
    y = await drawRow(doc, parcel, i, y);
  }
  if (y + CLOSING > BOTTOM) y = nextPage(doc, view);
  drawSignatures(doc, view, drawTotals(doc, view, y + 10));
}

/** Page numbers within each manifest, once every page exists. */
function numberPages(doc: Doc, ranges: { view: ManifestView; first: number; last: number }[]): void {
  for (const { view, first, last } of ranges) {
    for (let page = first; page <= last; page++) {
      doc.switchToPage(page);
      // Written inside the bottom margin: without this pdfkit would start a new page for it.
      doc.page.margins.bottom = 0;
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(
          `${view.courier} manifest · ${view.day}${view.reference ? ` · ${view.reference}` : ''} · page ${page - first + 1} of ${last - first + 1}`,
          MARGIN,
          A4.height - 28,
          { width: INNER, align: 'center', lineBreak: false },
        );
    }
  }
}

/** One PDF with a manifest per courier, in the order given. */
export async function renderManifests(views: ManifestView[], fonts: LabelFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: `Pickup manifest ${views[0]?.day ?? ''}`.trim(), Creator: 'Bharat Bazaar' },
    lang: 'en-IN',
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const ranges: { view: ManifestView; first: number; last: number }[] = [];
  for (const view of views) {
    doc.addPage();
    const first = doc.bufferedPageRange().count - 1;
    await drawManifest(doc, view);
    ranges.push({ view, first, last: doc.bufferedPageRange().count - 1 });
  }
  numberPages(doc, ranges);
  doc.end();
  return done;
}
