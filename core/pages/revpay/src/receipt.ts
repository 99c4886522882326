import { createHash } from 'node:crypto';
import * as pdfkit from 'pdfkit';
import Helvetica from 'pdfkit/standard-fonts/Helvetica';
import HelveticaBold from 'pdfkit/standard-fonts/HelveticaBold';
import { formatAmount } from '@oja/core';
import type { Locale } from '@oja/core';
import { amountInWords } from './amountInWords';
import { NAIRA } from './rules';

const PDFDocument = pdfkit.default;
/**
 * The server bundle takes pdfkit's browser build (scripts/build/build.mjs), which knows the standard fonts only once
 * registered; the node build (tests) loads them itself and has no such export.
 */
const registerStdFonts = (pdfkit as unknown as { registerStdFonts?: (...fonts: unknown[]) => void }).registerStdFonts;
registerStdFonts?.(Helvetica, HelveticaBold);

/** What a revenue receipt states (CONTRACT §5: payer, reference, amount, date, agency and revenue names). */
export interface ReceiptFacts {
  /** The receipt's number at the revenue service (the id in its link). */
  receiptId: string;
  agencyName: string;
  revenueName: string;
  payerName: string;
  /** The payer's e-mail and phone as the form took them; '' when not known. */
  payerEmail: string;
  payerPhone: string;
  /** The bill's reference (the GUID the payer paid). */
  billReference: string;
  /** The bill's amount due, kobo. */
  dueKobo: number;
  /** The amount paid, kobo. */
  amountKobo: number;
  /** The payment's id and merchant reference at the collections API, and its approval reference when it named one. */
  paymentId: string;
  transactionReference: string;
  paymentReference?: string;
  /** When it was paid, ms. */
  paidAt: number;
}

/** The receipt's own words, per language (the revenue service writes its receipt in the payer's language). */
const WORDS = {
  en: {
    title: 'Payment receipt',
    subtitle: 'Revenue payment',
    receiptNo: 'Receipt no.',
    payer: 'Payer',
    bill: 'Bill',
    description: 'Description',
    billReference: 'Bill reference',
    due: 'Amount due',
    paid: 'Amount paid',
    inWords: 'Amount in words',
    references: 'References',
    paymentReference: 'Payment reference',
    transactionReference: 'Transaction reference',
    paymentId: 'Payment id',
    date: 'Date and time (Lagos)',
    verification: 'Verification',
    checksum: 'SHA-256 of this receipt\u2019s facts: {{hash}}. Any change to the payer, bill, amounts, references or date changes it.',
    sandbox: 'Issued by the Oja sandbox revenue service: a test receipt, not a tax document.',
  },
  fr: {
    title: 'Reçu de paiement',
    subtitle: 'Paiement de recettes',
    receiptNo: 'Reçu n°',
    payer: 'Payeur',
    bill: 'Facture',
    description: 'Désignation',
    billReference: 'Référence de facturation',
    due: 'Montant dû',
    paid: 'Montant payé',
    inWords: 'Montant en lettres',
    references: 'Références',
    paymentReference: 'Référence du paiement',
    transactionReference: 'Référence de la transaction',
    paymentId: 'Identifiant du paiement',
    date: 'Date et heure (Lagos)',
    verification: 'Vérification',
    checksum:
      'SHA-256 des données de ce reçu : {{hash}}. Toute modification du payeur, de la facture, des montants, des références ou de la date le change.',
    sandbox: 'Émis par le service de recettes du bac à sable Oja : un reçu de test, pas un document fiscal.',
  },
} satisfies Record<Locale, Record<string, string>>;

/**
 * The receipt's checksum: SHA-256 over its facts in a fixed order, hex. Whoever holds the facts (the revenue
 * service keeps them under the receipt's number) recomputes it; the PDF states it, so an edited copy shows.
 */
export function receiptChecksum(f: ReceiptFacts): string {
  const fields = [
    f.receiptId,
    f.agencyName,
    f.revenueName,
    f.payerName,
    f.payerEmail,
    f.payerPhone,
    f.billReference,
    f.dueKobo,
    f.amountKobo,
    f.paymentId,
    f.transactionReference,
    f.paymentReference ?? '',
    f.paidAt,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** The standard fonts write WinAnsi: French spacing's narrow spaces become plain ones. */
const winAnsi = (s: string) => s.replace(/[\u202f\u2009]/g, ' ');
const paidAtText = (at: number, locale: Locale) =>
  winAnsi(
    new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(at),
  );

/** A4 in PDF points, its margin, and the colours of the document (dark text, muted labels, the agency's band). */
const PAGE_SIZE = 'A4';
const MARGIN_PT = 56;
const INK = '#1c2434';
const MUTED = '#5b6577';
const BAND = '#0b5cad';
const RULE = '#d5dbe4';

/** The receipt as an A4 PDF document's bytes (pdfkit, its standard Helvetica: no font file to ship). */
export function receiptPdf(f: ReceiptFacts, locale: Locale = 'en'): Promise<Uint8Array<ArrayBuffer>> {
  const w = WORDS[locale];
  const money = (kobo: number) => winAnsi(formatAmount(kobo, NAIRA, locale));
  const doc = new PDFDocument({
    size: PAGE_SIZE,
    margin: MARGIN_PT,
    info: { Title: `${w.title} ${f.receiptId}`, Author: f.agencyName, Subject: `${f.revenueName} ${f.billReference}` },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const left = MARGIN_PT;
  const width = doc.page.width - 2 * MARGIN_PT;
  const right = left + width;

  // The agency's band: who issues the receipt, what it is, its number; as tall as a long agency name needs. Two
  // columns that never meet: the agency on the left, the document's title and number on the right.
  const agencyWidth = width * 0.56;
  const side = { width: width - agencyWidth - 16, align: 'right' as const };
  const nameHeight = doc.font('Helvetica-Bold').fontSize(20).heightOfString(f.agencyName, { width: agencyWidth });
  const bandHeight = Math.max(112, 36 + nameHeight + 4 + 14 + 24);
  doc.rect(0, 0, doc.page.width, bandHeight).fill(BAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text(f.agencyName, left, 36, { width: agencyWidth });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(w.subtitle, left, doc.y + 4, { width: agencyWidth });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(w.title, right - side.width, 36, side);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${w.receiptNo} ${f.receiptId}`, right - side.width, 58, side);

  const section = (title: string, y: number) => {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text(title.toUpperCase(), left, y, { characterSpacing: 0.8 });
    doc
      .moveTo(left, doc.y + 3)
      .lineTo(right, doc.y + 3)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    return doc.y + 10;
  };
  /** A label and its value on one line, the value right-aligned; answers the next line's top. */
  const row = (label: string, value: string, y: number, bold = false) => {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(11)
      .text(label, left, y, { width: width * 0.45 });
    doc
      .fillColor(INK)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .text(value, left + width * 0.45, y, { width: width * 0.55, align: 'right' });
    return Math.max(doc.y, y + 14) + 6;
  };

  let y = section(w.payer, bandHeight + 28);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(f.payerName, left, y);
  const contact = [f.payerEmail, f.payerPhone].filter(Boolean).join('  |  ');
  if (contact)
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(MUTED)
      .text(contact, left, doc.y + 2);

  y = section(w.bill, doc.y + 22);
  y = row(w.description, f.revenueName, y);
  y = row(w.billReference, f.billReference, y);
  y = row(w.due, money(f.dueKobo), y);

  // The amount paid, in figures and in words, in a box of its own.
  const boxTop = y + 12;
  const words = amountInWords(f.amountKobo, locale);
  const boxHeight =
    72 +
    doc
      .font('Helvetica')
      .fontSize(11)
      .heightOfString(words, { width: width - 32 });
  doc.rect(left, boxTop, width, boxHeight).fillAndStroke('#f3f6fa', RULE);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(w.paid, left + 16, boxTop + 14);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(money(f.amountKobo), left + 16, boxTop + 12, { width: width - 32, align: 'right' });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(w.inWords, left + 16, boxTop + 46);
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(words, left + 16, boxTop + 60, { width: width - 32 });

  y = section(w.references, boxTop + boxHeight + 24);
  if (f.paymentReference) y = row(w.paymentReference, f.paymentReference, y, true);
  y = row(w.billReference, f.billReference, y);
  y = row(w.transactionReference, f.transactionReference, y);
  y = row(w.paymentId, f.paymentId, y);
  y = row(w.date, paidAtText(f.paidAt, locale), y, true);

  y = section(w.verification, y + 18);
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(9)
    .text(w.checksum.replace('{{hash}}', receiptChecksum(f)), left, y, { width });

  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(w.sandbox, left, doc.page.height - MARGIN_PT - 24, { width, align: 'center' });
  doc.end();
  return done;
}
