// The text of a PDF's pages as a reader extracts it (pdfjs-dist, tests only): the revenue receipt's tests open the
// bytes the sandbox serves, or the file the browser downloaded, and check what it says.
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  // Text extraction needs no font files: errors only, not pdf.js's warnings about fonts it would draw with.
  const doc = await getDocument({ data: bytes, verbosity: VerbosityLevel.ERRORS }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return parts.join('\n').replace(/\s+/g, ' ');
}
