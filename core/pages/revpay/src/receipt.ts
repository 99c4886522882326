import * as pdfkit from 'pdfkit';
import Helvetica from 'pdfkit/standard-fonts/Helvetica';
import HelveticaBold from 'pdfkit/standard-fonts/HelveticaBold';

const PDFDocument = pdfkit.default;
/**
 * The server bundle takes pdfkit's browser build (scripts/build/build.mjs), which knows the standard fonts only once
 * registered; the node build (tests) loads them itself and has no such export.
 */
const registerStdFonts = (pdfkit as unknown as { registerStdFonts?: (...fonts: unknown[]) => void }).registerStdFonts;
registerStdFonts?.(Helvetica, HelveticaBold);

/** What a revenue receipt states (CONTRACT §5: payer, reference, amount, date, agency and revenue names). */
export interface ReceiptFacts {
  agencyName: string;
  revenueName: string;
  payerName: string;
  reference: string;
  /** Formatted with its currency: "NGN 25,000.00". */
  amount: string;
  /** The payment's id at the collections API. */
  paymentId: string;
  /** When it was paid, already written out. */
  paidAt: string;
}

/** A4 in PDF points, and the margin around the text. */
const PAGE_SIZE = 'A4';
const MARGIN_PT = 56;

/** The receipt as a PDF document's bytes (pdfkit, its standard Helvetica: no font file to ship). */
export function receiptPdf(f: ReceiptFacts): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: PAGE_SIZE, margin: MARGIN_PT, info: { Title: `Receipt ${f.reference}`, Author: f.agencyName } });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text('Payment receipt');
  doc.moveDown(0.5).font('Helvetica').fontSize(12).text(f.agencyName);
  doc.moveDown(1.5);
  const rows: Array<[string, string]> = [
    ['Revenue', f.revenueName],
    ['Payer', f.payerName],
    ['Billing reference', f.reference],
    ['Amount paid', f.amount],
    ['Date and time', f.paidAt],
    ['Payment id', f.paymentId],
  ];
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.moveDown(0.4);
  }
  doc.moveDown(1).fontSize(10).fillColor('#555555').text('Issued by the Oja sandbox revenue service: a test receipt, not a tax document.');
  doc.end();
  return done;
}
