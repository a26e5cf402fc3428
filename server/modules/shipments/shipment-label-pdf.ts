import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { formatPaise } from '../../../shared/money.js';
import type { Address } from './courier-provider.js';

/**
 * Shipping labels, 4 x 6 inch (288 x 432 pt), one page per parcel, as couriers in India print them:
 * the AWB as a Code 128 barcode (drawn by bwip-js, embedded as a PNG) and as text, the courier, the
 * pickup and delivery addresses, the order number, the weight, and the cash to collect or PREPAID.
 */
export type LabelView = {
  awb: string;
  courier: string;
  from: Address;
  to: Address;
  orderNumber: string;
  weightGrams: number;
  codAmountPaise: number;
  /** "2 of 3" when the order goes in several parcels. */
  parcel: string | null;
};

/** The fonts to draw with: TrueType files with the rupee sign (PDF's own fonts have none). */
export type LabelFonts = { regular: string; bold: string };

const WIDTH = 288;
const HEIGHT = 432;
const MARGIN = 14;
const INNER = WIDTH - MARGIN * 2;

const kilograms = (grams: number) =>
  `${(grams / 1000).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`;

function drawAddress(doc: PDFKit.PDFDocument, title: string, address: Address, y: number, fonts: LabelFonts) {
  doc.font(fonts.bold).fontSize(7).fillColor('#374151').text(title, MARGIN, y);
  doc
    .font(fonts.bold)
    .fontSize(10)
    .fillColor('#000')
    .text(address.name, MARGIN, doc.y + 1, { width: INNER });
  doc.font(fonts.regular).fontSize(8.5);
  for (const line of address.lines.filter(Boolean)) doc.text(line, { width: INNER });
  doc.text(`${address.city}, ${address.state} ${address.pincode}`, { width: INNER });
  if (address.phone) doc.text(`Phone: ${address.phone}`, { width: INNER });
  return doc.y;
}

async function drawLabel(doc: PDFKit.PDFDocument, label: LabelView, fonts: LabelFonts) {
  doc
    .rect(MARGIN / 2, MARGIN / 2, WIDTH - MARGIN, HEIGHT - MARGIN)
    .lineWidth(1)
    .stroke('#000');
  doc.font(fonts.bold).fontSize(13).fillColor('#000').text(label.courier, MARGIN, MARGIN, { width: INNER });
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: label.awb,
    scale: 3,
    height: 14,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
  doc.image(barcode, MARGIN, MARGIN + 22, { width: INNER, height: 62 });
  doc
    .font(fonts.bold)
    .fontSize(12)
    .text(`AWB ${label.awb}`, MARGIN, MARGIN + 88, { width: INNER, align: 'center' });
  let y = doc.y + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(WIDTH - MARGIN, y)
    .stroke('#000');
  y = drawAddress(doc, 'DELIVER TO', label.to, y + 6, fonts) + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(WIDTH - MARGIN, y)
    .stroke('#000');
  const payment =
    label.codAmountPaise > 0
      ? `COD: Collect ${formatPaise(label.codAmountPaise)}`
      : 'PREPAID: do not collect cash';
  doc
    .font(fonts.bold)
    .fontSize(label.codAmountPaise > 0 ? 14 : 12)
    .text(payment, MARGIN, y + 6, { width: INNER });
  y = doc.y + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(WIDTH - MARGIN, y)
    .stroke('#000');
  doc.font(fonts.regular).fontSize(9);
  doc.text(`Order ${label.orderNumber}${label.parcel ? ` (parcel ${label.parcel})` : ''}`, MARGIN, y + 6, {
    width: INNER,
  });
  doc.text(`Weight: ${kilograms(label.weightGrams)}`, { width: INNER });
  y = doc.y + 6;
  doc
    .moveTo(MARGIN, y)
    .lineTo(WIDTH - MARGIN, y)
    .stroke('#000');
  drawAddress(doc, 'FROM (RETURN ADDRESS)', label.from, y + 6, fonts);
}

/** One PDF with a page per label, in the order given. */
export async function renderLabels(labels: LabelView[], fonts: LabelFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: { Title: labels.length === 1 ? `Label ${labels[0]!.awb}` : `${labels.length} shipping labels` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const label of labels) {
    doc.addPage({ size: [WIDTH, HEIGHT], margin: 0 });
    await drawLabel(doc, label, fonts);
  }
  doc.end();
  return done;
}
