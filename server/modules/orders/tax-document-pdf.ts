import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { amountInWords } from '../../../shared/amount-in-words.js';
import { formatGstRate } from '../../../shared/gst.js';
import { formatPaise } from '../../../shared/money.js';
import type { Seller } from '../../seller-setting.js';
import type { DocumentRow, DocumentTotals } from './tax-document.js';

/**
 * The tax invoice and the credit note as PDF (CGST Rules, rules 46 and 53), drawn with pdfkit on
 * the server. The fonts are DejaVu Sans, cut down to Latin and the rupee sign and shipped beside
 * this file (fonts/README.md): PDF's built-in fonts have no ₹, and nothing is fetched at run time.
 */

const FONT_DIR = fileURLToPath(new URL('./fonts/', import.meta.url));
const REGULAR = `${FONT_DIR}DejaVuSans.ttf`;
const BOLD = `${FONT_DIR}DejaVuSans-Bold.ttf`;
/** The documents' fonts (with the rupee sign), for other PDFs the shop prints: shipping labels. */
export const DOCUMENT_FONTS = { regular: REGULAR, bold: BOLD } as const;

/** Who receives the supply: the customer, at the delivery address (state name and GST code). */
export type DocumentParty = {
  name: string;
  lines: string[];
  stateName: string | null;
  stateCode: string | null;
  mobile: string | null;
};

export type TaxDocumentView = {
  kind: 'invoice' | 'credit-note';
  number: string;
  date: Date;
  /** A credit note's invoice. */
  against?: { number: string; date: Date | null };
  /** Why a credit note was issued (the refund's reason). */
  reason?: string;
  orderNumber: string;
  orderDate: Date;
  seller: Seller;
  billTo: DocumentParty;
  shipTo: DocumentParty;
  placeOfSupply: { name: string; code: string } | null;
  intraState: boolean;
  stateTaxName: 'SGST' | 'UTGST';
  rows: DocumentRow[];
  totals: DocumentTotals;
};

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const amountFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 23 November 2026, India time. */
export const documentDate = (date: Date) => dateFormat.format(date);
/** 1,17,999.50: table cells, whose heading says (₹). */
const amount = (paise: number) => amountFormat.format(paise / 100);

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#9ca3af';
const SHADE = '#f3f4f6';

type Column = { key: string; title: string; width: number; align: 'left' | 'right' | 'center' };

/** The table's columns: CGST and SGST/UTGST within the seller's state, IGST otherwise. */
function columnsFor(view: TaxDocumentView): Column[] {
  const taxes: Column[] = view.intraState
    ? [
        { key: 'cgst', title: 'CGST (₹)', width: 56, align: 'right' },
        { key: 'sgst', title: `${view.stateTaxName} (₹)`, width: 56, align: 'right' },
      ]
    : [{ key: 'igst', title: 'IGST (₹)', width: 66, align: 'right' }];
  const taxWidth = taxes.reduce((sum, c) => sum + c.width, 0);
  const fixed = 18 + 50 + 24 + 26 + 64 + 30 + 62 + taxWidth;
  return [
    { key: 'sr', title: '#', width: 18, align: 'left' },
    { key: 'description', title: 'Description', width: 523 - fixed, align: 'left' },
    { key: 'hsn', title: 'HSN', width: 50, align: 'left' },
    { key: 'qty', title: 'Qty', width: 24, align: 'right' },
    { key: 'unit', title: 'Unit', width: 26, align: 'center' },
    { key: 'taxable', title: 'Taxable value (₹)', width: 64, align: 'right' },
    { key: 'rate', title: 'GST rate', width: 30, align: 'right' },
    ...taxes,
    { key: 'total', title: 'Total (₹)', width: 62, align: 'right' },
  ];
}

/** What a cell shows: main text and, for taxes and goods, a smaller second line. */
function cellsOf(row: DocumentRow, index: number, view: TaxDocumentView): Record<string, [string, string?]> {
  const half = formatGstRate(row.rateBp / 2);
  const details: string[] = [];
  if (row.unitPricePaise !== null) details.push(`${formatPaise(row.unitPricePaise)} each, GST included`);
  if (row.discountPaise > 0) details.push(`coupon −${formatPaise(row.discountPaise)}`);
  return {
    sr: [String(index + 1)],
    description: [row.description, details.join('; ') || undefined],
    // A line with no HSN code (none set for its product or category) says so rather than look cut off.
    hsn: [row.hsnCode ?? '—'],
    qty: [String(row.quantity)],
    unit: [row.kind === 'goods' ? 'NOS' : 'OTH'],
    taxable: [amount(row.taxablePaise)],
    rate: [formatGstRate(row.rateBp)],
    ...(view.intraState
      ? { cgst: [amount(row.cgstPaise), `@ ${half}`], sgst: [amount(row.sgstPaise), `@ ${half}`] }
      : { igst: [amount(row.igstPaise), `@ ${formatGstRate(row.rateBp)}`] }),
    total: [amount(row.netPaise)],
  };
}

type Doc = InstanceType<typeof PDFDocument>;

/** The page being drawn on: its document, the text area's left edge and width, half a column. */
type Sheet = { doc: Doc; left: number; width: number; half: number; bottom: () => number };

function openDocument(view: TaxDocumentView, title: string): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    bufferPages: true,
    // The PDF's own dates are the document's, so the same invoice is the same file every time.
    info: {
      Title: `${title} ${view.number}`,
      Author: view.seller.legalName,
      Subject: `${title} for order ${view.orderNumber}`,
      Creator: 'Bharat Bazaar',
      CreationDate: view.date,
      ModDate: view.date,
    },
    lang: 'en-IN',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  return { doc, done };
}

/** The title, the seller on the left and the document's facts on the right; returns where it ends. */
function drawHeading(sheet: Sheet, view: TaxDocumentView, title: string): number {
  const { doc, left, width, half } = sheet;
  const isInvoice = view.kind === 'invoice';
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(title.toUpperCase(), left, 36, { width, align: 'center' });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      isInvoice
        ? 'Original for recipient · issued under section 31 of the CGST Act read with rule 46'
        : 'Issued under section 34 of the CGST Act read with rule 53',
      { width, align: 'center' },
    );
  const top = doc.y + 10;

  // Seller on the left.
  doc.font('bold').fontSize(11).fillColor(INK).text(view.seller.legalName, left, top, { width: half });
  doc.font('regular').fontSize(9).text(view.seller.address, { width: half });
  doc.text(`State: ${view.seller.state} (state code ${view.seller.stateCode})`, { width: half });
  doc.font('bold').text(`GSTIN: ${view.seller.gstin}`, { width: half });
  if (view.seller.isDemo) {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#b91c1c')
      .text(
        'Demo seller: these are example details, not a registered business. Set SELLER_* to print your own.',
        { width: half },
      );
  }
  const sellerBottom = doc.y;

  // The document's facts on the right.
  const facts: [string, string][] = [
    [isInvoice ? 'Invoice number' : 'Credit note number', view.number],
    [isInvoice ? 'Invoice date' : 'Credit note date', documentDate(view.date)],
  ];
  if (view.against) {
    facts.push([
      'Against tax invoice',
      `${view.against.number}${view.against.date ? ` dated ${documentDate(view.against.date)}` : ''}`,
    ]);
  }
  facts.push(
    ['Order number', view.orderNumber],
    ['Order date', documentDate(view.orderDate)],
    [
      'Place of supply',
      view.placeOfSupply ? `${view.placeOfSupply.name} (${view.placeOfSupply.code})` : 'Not stated',
    ],
    ['Reverse charge', 'No'],
  );
  let factY = top;
  const factX = left + half + 16;
  for (const [label, value] of facts) {
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(label, factX, factY, { width: 100 });
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, factX + 100, factY, { width: half - 100 });
    factY = Math.max(doc.y, factY + 11) + 1;
  }
  let y = Math.max(sellerBottom, factY) + 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 8;
  return y;
}

/** The recipient: billing and delivery addresses side by side; returns where they end. */
function drawParties(sheet: Sheet, view: TaxDocumentView, y: number): number {
  const { doc, left, half } = sheet;
  const party = (heading: string, p: DocumentParty, x: number) => {
    doc.font('bold').fontSize(8.5).fillColor(MUTED).text(heading, x, y, { width: half });
    doc.font('bold').fontSize(9.5).fillColor(INK).text(p.name, { width: half });
    doc.font('regular').fontSize(9);
    for (const line of p.lines) doc.text(line, { width: half });
    doc.text(
      p.stateName
        ? `State: ${p.stateName}${p.stateCode ? ` · State code: ${p.stateCode}` : ''}`
        : 'State: not stated',
      { width: half },
    );
    if (p.mobile) doc.text(`Mobile: ${p.mobile}`, { width: half });
    return doc.y;
  };
  const billed = party('Bill to (recipient, unregistered)', view.billTo, left);
  const shipped = party('Ship to (address of delivery)', view.shipTo, left + half + 16);
  return Math.max(billed, shipped) + 12;
}

/** The lines, a row each, the head repeated on every page; returns where the table ends. */
function drawTable(sheet: Sheet, view: TaxDocumentView, top: number): number {
  const { doc, left, width, bottom } = sheet;
  let y = top;
  const columns = columnsFor(view);
  const drawHead = () => {
    doc.font('bold').fontSize(7.5);
    const height = Math.max(...columns.map((c) => doc.heightOfString(c.title, { width: c.width - 4 }))) + 6;
    doc.rect(left, y, width, height).fill(SHADE);
    let x = left;
    for (const column of columns) {
      doc.fillColor(INK).text(column.title, x + 2, y + 3, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    y += height;
  };
  drawHead();
  view.rows.forEach((row, index) => {
    const cells = cellsOf(row, index, view);
    const heightOf = (column: Column) => {
      const [main, sub] = cells[column.key] ?? [''];
      doc.font(column.key === 'description' ? 'bold' : 'regular').fontSize(8);
      let h = doc.heightOfString(main || ' ', { width: column.width - 4 });
      if (sub)
        h += doc
          .font('regular')
          .fontSize(6.5)
          .heightOfString(sub, { width: column.width - 4 });
      return h;
    };
    const rowHeight = Math.max(...columns.map(heightOf)) + 8;
    if (y + rowHeight > bottom() - 40) {
      doc.addPage();
      y = doc.page.margins.top;
      drawHead();
    }
    let x = left;
    for (const column of columns) {
      const [main, sub] = cells[column.key] ?? [''];
      doc
        .font(column.key === 'description' ? 'bold' : 'regular')
        .fontSize(8)
        .fillColor(INK)
        .text(main, x + 2, y + 4, { width: column.width - 4, align: column.align });
      if (sub) {
        doc
          .font('regular')
          .fontSize(6.5)
          .fillColor(MUTED)
          .text(sub, x + 2, doc.y, { width: column.width - 4, align: column.align });
      }
      x += column.width;
    }
    y += rowHeight;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
  });
  return y;
}

/** Totals in figures and in words, the reason of a credit note and the tax's kind; returns where they end. */
function drawTotals(sheet: Sheet, view: TaxDocumentView, top: number): number {
  const { doc, left, width, bottom } = sheet;
  const isInvoice = view.kind === 'invoice';
  let y = top;
  const t = view.totals;
  const totalLines: [string, string, boolean][] = [
    ['Total taxable value', formatPaise(t.taxablePaise), false],
    ...(view.intraState
      ? ([
          ['Total CGST', formatPaise(t.cgstPaise), false],
          [`Total ${view.stateTaxName}`, formatPaise(t.sgstPaise), false],
        ] as [string, string, boolean][])
      : ([['Total IGST', formatPaise(t.igstPaise), false]] as [string, string, boolean][])),
    ['Total tax', formatPaise(t.taxPaise), false],
    [
      isInvoice ? 'Invoice total (GST included)' : 'Total credited (GST included)',
      formatPaise(t.netPaise),
      true,
    ],
  ];
  const needed = totalLines.length * 14 + 110;
  if (y + needed > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 8;
  const boxX = left + width - 280;
  for (const [label, value, strong] of totalLines) {
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 9)
      .fillColor(INK)
      .text(label, boxX, y, { width: 190 })
      .text(value, boxX + 190, y, { width: 90, align: 'right' });
    y += strong ? 16 : 13;
  }
  y += 4;
  doc
    .font('bold')
    .fontSize(9)
    .text('Amount in words: ', left, y, { continued: true })
    .font('regular')
    .text(amountInWords(t.netPaise), { width });
  y = doc.y + 4;
  if (view.reason) {
    doc
      .font('bold')
      .text('Reason: ', left, y, { continued: true })
      .font('regular')
      .text(view.reason, { width });
    y = doc.y + 4;
  }
  doc.font('regular').fontSize(9).text('Whether tax is payable on reverse charge: No', left, y, { width });
  y = doc.y + 2;
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      view.intraState
        ? `Supply within ${view.seller.state}: CGST and ${view.stateTaxName} at half the GST rate each.`
        : 'Inter-state supply: IGST at the full GST rate.',
      left,
      y,
      { width },
    );
  return y;
}

function drawSignature(sheet: Sheet, view: TaxDocumentView, top: number): void {
  const { doc, left, width } = sheet;
  const boxX = left + width - 280;
  let y = Math.max(doc.y + 24, top + 24);
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(`For ${view.seller.legalName}`, boxX, y, { width: 280, align: 'right' });
  y = doc.y + 28;
  doc
    .moveTo(boxX + 130, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(INK)
    .stroke();
  doc
    .font('regular')
    .fontSize(9)
    .text('Authorised signatory', boxX, y + 4, { width: 280, align: 'right' });
}

/** Page numbers, once every page exists. */
function numberPages(sheet: Sheet, view: TaxDocumentView, title: string): void {
  const { doc, left, width } = sheet;
  // Page numbers, once every page exists.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // Written inside the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(
        `${title} ${view.number} · page ${i + 1} of ${pages.count} · computer-generated document`,
        left,
        doc.page.height - 28,
        { width, align: 'center', lineBreak: false },
      );
  }
}

/** Renders the document; resolves to the PDF's bytes. */
export function renderTaxDocument(view: TaxDocumentView): Promise<Buffer> {
  const title = view.kind === 'invoice' ? 'Tax invoice' : 'Credit note';
  const { doc, done } = openDocument(view, title);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const sheet: Sheet = {
    doc,
    left,
    width,
    half: (width - 16) / 2,
    bottom: () => doc.page.height - doc.page.margins.bottom,
  };
  let y = drawHeading(sheet, view, title);
  y = drawParties(sheet, view, y);
  y = drawTable(sheet, view, y);
  y = drawTotals(sheet, view, y);
  drawSignature(sheet, view, y);
  numberPages(sheet, view, title);
  doc.end();
  return done;
}
