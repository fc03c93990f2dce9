import { Parser } from "htmlparser2";
import { extractText as extractPdfText, getDocumentProxy } from "unpdf";

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

/** The visible text of an HTML page, read with a real HTML parser: scripts, styles and the head are dropped, entities decoded. */
export const htmlText = (html: string): string => {
  const parts: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (HIDDEN.has(name)) hiddenDepth++;
        else if (BLOCKS.has(name)) parts.push("\n");
      },
      onclosetag: (name) => {
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        else if (BLOCKS.has(name)) parts.push("\n");
      },
      ontext: (text) => {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts
    .join("")
    .replace(/[ \t\r\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
};

/** The text of every page of a PDF, read with PDF.js (through unpdf). */
export const pdfText = async (bytes: Uint8Array): Promise<string> => {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractPdfText(document, { mergePages: true });
    return text;
  } finally {
    await document.destroy();
  }
};

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
