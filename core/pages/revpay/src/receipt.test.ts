// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfText } from '../../../../scripts/test/pdfText';
import { receiptChecksum, receiptPdf } from './receipt';
import type { ReceiptFacts } from './receipt';

const facts: ReceiptFacts = {
  receiptId: '0123456789abcdef0123456789abcdef',
  agencyName: 'Oja Sandbox Revenue Service',
  revenueName: 'Land Use Charge 2026',
  payerName: 'Ada Okafor',
  payerEmail: 'ada@example.com',
  payerPhone: '08012345678',
  billReference: 'RVP-0001',
  dueKobo: 2_500_000,
  amountKobo: 150_050,
  paymentId: '100042',
  transactionReference: 'RVP-0001:mfz1k2',
  paymentReference: 'OJA|CARD|4242001',
  paidAt: Date.UTC(2026, 10, 24, 9, 30),
};

describe('the receipt', () => {
  it('states the agency, the payer, the bill, the amount in figures and words, the references, the date and its checksum', async () => {
    const text = await pdfText(await receiptPdf(facts, 'en'));
    for (const fact of [
      'Oja Sandbox Revenue Service',
      'Payment receipt',
      'Receipt no. 0123456789abcdef0123456789abcdef',
      'Ada Okafor',
      'ada@example.com | 08012345678',
      'Description Land Use Charge 2026',
      'Amount due NGN 25,000.00',
      'Amount paid NGN 1,500.50',
      'Amount in words One thousand five hundred naira and fifty kobo',
      'Payment reference OJA|CARD|4242001',
      'Bill reference RVP-0001',
      'Transaction reference RVP-0001:mfz1k2',
      'Payment id 100042',
      'Date and time (Lagos) 24 November 2026 at 10:30',
      `SHA-256 of this receipt’s facts: ${receiptChecksum(facts)}.`,
    ])
      expect(text, fact).toContain(fact);
  });

  it('in French, with the amount in French words', async () => {
    const text = await pdfText(await receiptPdf(facts, 'fr'));
    for (const fact of [
      'Reçu de paiement',
      'Montant payé NGN 1 500,50',
      'Montant en lettres Mille cinq cents nairas et cinquante kobos',
      'Date et heure (Lagos) 24 novembre 2026 à 10:30',
    ])
      expect(text, fact).toContain(fact);
  });

  it('keeps a long agency name and the largest amount on one A4 page', async () => {
    const bytes = await receiptPdf(
      { ...facts, agencyName: 'Lagos State Internal Revenue Service of the Federal Republic', amountKobo: 99_999_999_999_999 },
      'en',
    );
    const doc = await getDocument({ data: bytes }).promise;
    expect(doc.numPages).toBe(1);
    const { view } = await doc.getPage(1);
    // A4 in points.
    expect(view.map(Math.round)).toEqual([0, 0, 595, 842]);
    await doc.destroy();
  });

  it('changes its checksum with any fact', () => {
    const sum = receiptChecksum(facts);
    expect(sum).toMatch(/^[0-9a-f]{64}$/);
    expect(receiptChecksum({ ...facts })).toBe(sum);
    for (const change of [{ amountKobo: 150_051 }, { payerName: 'Ada Okafo' }, { paidAt: facts.paidAt + 60_000 }, { paymentReference: undefined }])
      expect(receiptChecksum({ ...facts, ...change }), JSON.stringify(change)).not.toBe(sum);
  });
});
