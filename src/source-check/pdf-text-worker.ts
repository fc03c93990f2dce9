import { parentPort, workerData } from "node:worker_threads";
import { getDocumentProxy } from "unpdf";

/** What the reader is asked to do: the PDF's bytes, and how many pages and characters to read at most. */
export interface PdfJob {
  bytes: Uint8Array;
  maxPages: number;
  maxChars: number;
}

/** What it read: the text of the first `pagesRead` of `pageCount` pages, and whether it stopped at `maxChars`. */
export interface PdfReading {
  text: string;
  pagesRead: number;
  pageCount: number;
  charsCapped: boolean;
}

/**
 * Reads a PDF's text with PDF.js (through unpdf), a page at a time, in a worker thread of its own: the thread that
 * started it watches its memory and its time and terminates it past either limit (see pdfText in extract-text.ts).
 * The text is joined as unpdf's extractText joins it, so fingerprints taken before stay comparable.
 */
const read = async ({ bytes, maxPages, maxChars }: PdfJob): Promise<PdfReading> => {
  // Errors only: PDF.js's warnings about a damaged file would go to the command's output, among its verdict lines.
  const document = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const pages: string[] = [];
    let chars = 0;
    let charsCapped = false;
    while (pages.length < Math.min(document.numPages, maxPages) && !charsCapped) {
      const page = await document.getPage(pages.length + 1);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
      page.cleanup();
      chars += text.length;
      charsCapped = chars > maxChars;
      pages.push(charsCapped ? text.slice(0, text.length - (chars - maxChars)) : text);
    }
    const text = pages
      .join("\n")
      .replace(/[^\S\n]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n");
    return { text, pagesRead: pages.length, pageCount: document.numPages, charsCapped };
  } finally {
    await document.destroy();
  }
};

parentPort!.postMessage(await read(workerData as PdfJob));
