import { Worker } from "node:worker_threads";
import sniffHTMLEncoding from "html-encoding-sniffer";
import { Parser } from "htmlparser2";
import pLimit from "p-limit";
import type { PdfJob, PdfReading } from "./pdf-text-worker.ts";

/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set(["script", "style", "noscript", "template", "svg", "head"]);
/** Elements that start a new block: their text is kept apart from the text around them. */
const BLOCKS = new Set([
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "tr",
  "td",
  "th",
  "table",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "section",
  "article",
  "header",
  "footer",
  "nav",
  "main",
  "aside",
  "blockquote",
  "dt",
  "dd",
  "dl",
  "pre",
  "hr",
  "title",
]);

/**
 * How much of one page is read, so that no source, hostile or merely huge, can exhaust the check's memory or time (the
 * reasons for each value are in docs/operators/workflows.md):
 * - `maxChars`: characters of text kept from a page of any kind; the quote is looked for in what was kept;
 * - `maxPdfPages`: pages of a PDF read, from the first;
 * - `maxPdfMemoryBytes`: what the PDF reader may hold (its heap and its buffers, where PDF.js keeps each inflated
 *   stream whole): a compressed stream that inflates without bound is stopped here;
 * - `pdfTimeoutMs`: how long one PDF may take to read.
 */
export interface ExtractionLimits {
  maxChars: number;
  maxPdfPages: number;
  maxPdfMemoryBytes: number;
  pdfTimeoutMs: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = {
  maxChars: 2_000_000,
  maxPdfPages: 500,
  maxPdfMemoryBytes: 128 * 1024 * 1024,
  pdfTimeoutMs: 30_000,
};

/**
 * A page's text, and when only part of it was read, which limit cut it ("only its first 500 of 1000 pages were read").
 */
export interface ExtractedText {
  text: string;
  cut?: string;
}

/** A reading stopped at a memory or time limit: the source gets no verdict, and the reason says which limit. */
export class ExtractionLimitError extends Error {
  override name = "ExtractionLimitError";
}

const charsCut = (limits: ExtractionLimits) =>
  `only its first ${limits.maxChars.toLocaleString("en-CA")} characters of text were read`;

/**
 * The visible text of an HTML page, read with a real HTML parser: scripts, styles and the head are dropped, entities
 * decoded. Text past `maxChars` (counted with runs of spaces collapsed) is not kept.
 */
export const htmlText = (html: string, limits: ExtractionLimits = EXTRACTION_LIMITS): ExtractedText => {
  const parts: string[] = [];
  let hiddenDepth = 0;
  let chars = 0;
  let capped = false;
  const keep = (text: string): void => {
    if (capped) return;
    const collapsed = text.replace(/[ \t\r\f\v\u00a0]+/g, " ");
    chars += collapsed.length;
    capped = chars > limits.maxChars;
    parts.push(capped ? collapsed.slice(0, collapsed.length - (chars - limits.maxChars)) : collapsed);
  };
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (HIDDEN.has(name)) hiddenDepth++;
        else if (BLOCKS.has(name)) keep("\n");
      },
      onclosetag: (name) => {
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        else if (BLOCKS.has(name)) keep("\n");
      },
      ontext: (text) => {
        if (hiddenDepth === 0) keep(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  const text = parts
    .join("")
    .replace(/[ \t\r\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
  return capped ? { text, cut: charsCut(limits) } : { text };
};

/** Plain text, cut at `maxChars`. */
export const plainText = (text: string, limits: ExtractionLimits = EXTRACTION_LIMITS): ExtractedText =>
  text.length > limits.maxChars ? { text: text.slice(0, limits.maxChars), cut: charsCut(limits) } : { text };

/** The `charset` parameter of a Content-Type header, unquoted. */
const charsetOf = (contentType: string | undefined): string | undefined => {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? "");
  const label = match?.[1] ?? match?.[2];
  return label ? label : undefined;
};

/**
 * A page's bytes as text, in the encoding the HTML standard's sniffing algorithm picks: a byte order mark (UTF-8,
 * UTF-16 LE or BE), else the Content-Type's charset, else (for HTML) a `<meta>` charset near the top, else UTF-8, which
 * nearly every page without a declaration is today. ISO-8859-1 is read as windows-1252, as the Encoding standard says.
 */
export const decodePage = (bytes: Uint8Array, contentType: string | undefined, kind: "html" | "text"): string => {
  const encoding = sniffHTMLEncoding(bytes, {
    transportLayerEncodingLabel: charsetOf(contentType),
    defaultEncoding: "UTF-8",
    maxPrescanBytes: kind === "html" ? 1024 : 0,
  });
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    // TextDecoder throws only for an encoding it does not know (decoding itself replaces malformed bytes).
    throw new Error(`its character encoding ${encoding} cannot be decoded here`);
  }
};

/**
 * PDFs are read one at a time, so the memory limit holds for the whole check, not for each of its concurrent requests.
 */
const onePdfAtATime = pLimit(1);

const READER = new URL("./pdf-text-worker.ts", import.meta.url);
const MIB = 1024 * 1024;
/** How often the reader's memory is looked at: often enough that it cannot grow far past the limit in between. */
const WATCH_INTERVAL_MS = 20;

/**
 * What the reader's failure was, as an Error. PDF.js throws exceptions that are not native errors, so they reach this
 * thread as plain objects: their message is kept, rather than shown as "[object Object]" in the verdict's reason.
 */
const readerError = (error: unknown, memoryLimit: ExtractionLimitError): Error => {
  const { code, message } = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (code === "ERR_WORKER_OUT_OF_MEMORY") return memoryLimit;
  if (error instanceof Error) return error;
  return new Error(typeof message === "string" ? message : String(error));
};

const readPdf = (bytes: Uint8Array, limits: ExtractionLimits): Promise<ExtractedText> =>
  new Promise((resolve, reject) => {
    const copy = new Uint8Array(bytes);
    const job: PdfJob = { bytes: copy, maxPages: limits.maxPdfPages, maxChars: limits.maxChars };
    // The heap limit ends the reader cleanly if its objects alone pass the limit between two looks; typed arrays'
    // memory is outside the heap and not counted by it, hence the watch on the reader's external memory below.
    const worker = new Worker(READER, {
      workerData: job,
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: Math.max(16, Math.floor(limits.maxPdfMemoryBytes / MIB)) },
    });
    const memoryLimit = new ExtractionLimitError(
      `reading it needed more than ${Math.round(limits.maxPdfMemoryBytes / MIB)} MB of memory (a compressed stream that inflates past the limit, such as a compression bomb, or a PDF too large to read)`,
    );
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() => reject(new ExtractionLimitError(`reading it took longer than ${limits.pdfTimeoutMs / 1000} s`))),
      limits.pdfTimeoutMs,
    );
    const watch = setInterval(() => {
      worker.getHeapStatistics().then(
        (heap) => {
          if (heap.used_heap_size + heap.external_memory > limits.maxPdfMemoryBytes) settle(() => reject(memoryLimit));
        },
        () => undefined,
      );
    }, WATCH_INTERVAL_MS);
    worker.once("message", (reading: PdfReading) =>
      settle(() => {
        const cut =
          reading.pagesRead < reading.pageCount && !reading.charsCapped
            ? `only its first ${reading.pagesRead} of ${reading.pageCount} pages were read`
            : reading.charsCapped
              ? charsCut(limits)
              : undefined;
        resolve(cut ? { text: reading.text, cut } : { text: reading.text });
      }),
    );
    worker.once("error", (error: unknown) => settle(() => reject(readerError(error, memoryLimit))));
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`the PDF reader stopped with exit code ${code} before it answered`))),
    );
  });

/**
 * The text of a PDF's pages, read with PDF.js (through unpdf) in a worker thread that is terminated when it holds more
 * than `maxPdfMemoryBytes` or runs longer than `pdfTimeoutMs` (an ExtractionLimitError says which); at most
 * `maxPdfPages` pages and `maxChars` characters are read, and `cut` says when that left pages unread.
 */
export const pdfText = (bytes: Uint8Array, limits: ExtractionLimits = EXTRACTION_LIMITS): Promise<ExtractedText> =>
  onePdfAtATime(() => readPdf(bytes, limits));

export type TextKind = "html" | "pdf" | "text";

/** Which extractor a response needs, from its Content-Type, else from its first bytes. */
export const textKindOf = (contentType: string | undefined, bytes: Uint8Array): TextKind | undefined => {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/pdf" || Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return "pdf";
  if (type === "text/html" || type === "application/xhtml+xml") return "html";
  if (type === "text/plain") return "text";
  if (type === "" || type === "application/octet-stream") {
    const head = Buffer.from(bytes.subarray(0, 512)).toString("utf8").trimStart().toLowerCase();
    if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "html";
  }
  return undefined;
};
