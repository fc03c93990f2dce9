import process from "node:process";
import type { Readable, Writable } from "node:stream";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** The largest message read, in bytes: the SDK's own stdio limit, so a host that works with the SDK works here. */
export const MAX_MESSAGE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

const NEWLINE = 0x0a;

/** The id to answer an invalid message with: its own, when it is a request with a usable id; otherwise null. */
const idOf = (value: unknown): string | number | null => {
  if (typeof value !== "object" || value === null || !("method" in value) || !("id" in value)) return null;
  return typeof value.id === "string" || typeof value.id === "number" ? value.id : null;
};

/**
 * The stdio transport of MCP (one JSON-RPC message per line) for a server, in place of the SDK's
 * `StdioServerTransport`, which closes the connection, and so ends the process with status 0 and no word, on a line
 * longer than its limit, and answers a line that is not a JSON-RPC message with nothing. Here a bad line never ends
 * the connection; each is answered with a JSON-RPC error (id null where the message gives none), as JSON-RPC 2.0
 * prescribes, and the next line is read as usual:
 * - not JSON: -32700 (parse error);
 * - JSON but not a JSON-RPC message: -32600 (invalid request);
 * - longer than MAX_MESSAGE_BYTES: -32600, once its end arrives. Its bytes are dropped as they come, never held, so
 *   memory stays bounded by the limit whatever the line's length.
 * Blank lines are skipped.
 */
export class LineStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #maxBytes: number;
  /** The current line's bytes so far, unless it has passed the limit. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Whether the current line passed the limit: its remaining bytes are dropped until its newline. */
  #oversized = false;
  #started = false;

  constructor(stdin: Readable = process.stdin, stdout: Writable = process.stdout, maxBytes = MAX_MESSAGE_BYTES) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#maxBytes = maxBytes;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error("LineStdioServerTransport already started");
    this.#started = true;
    this.#stdin.on("data", this.#onData);
    this.#stdin.on("error", this.#onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.#stdin.off("data", this.#onData);
    this.#stdin.off("error", this.#onError);
    if (this.#stdin.listenerCount("data") === 0) this.#stdin.pause();
    this.#pending = [];
    this.#pendingBytes = 0;
    this.onclose?.();
  }

  readonly #onError = (error: Error): void => this.onerror?.(error);

  readonly #onData = (chunk: Buffer): void => {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      if (!this.#oversized && this.#pendingBytes + piece.length > this.#maxBytes) {
        this.#oversized = true;
        this.#pending = [];
        this.#pendingBytes = 0;
      }
      if (!this.#oversized) {
        this.#pending.push(piece);
        this.#pendingBytes += piece.length;
      }
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  };

  #endLine(): void {
    if (this.#oversized) {
      this.#oversized = false;
      this.#answerError(
        null,
        ErrorCode.InvalidRequest,
        `Invalid Request: the message is longer than ${this.#maxBytes} bytes, the most this server reads`,
      );
      return;
    }
    const line = Buffer.concat(this.#pending).toString("utf8").replace(/\r$/, "");
    this.#pending = [];
    this.#pendingBytes = 0;
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#answerError(null, ErrorCode.ParseError, "Parse error: the line is not JSON");
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.#answerError(
        idOf(value),
        ErrorCode.InvalidRequest,
        "Invalid Request: not a JSON-RPC 2.0 request, notification or response",
      );
      return;
    }
    this.onmessage?.(parsed.data);
  }

  /** Written directly: the SDK's message types have no error response with a null id. */
  #answerError(id: string | number | null, code: ErrorCode, message: string): void {
    void this.#write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
  }

  #write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(text)) resolve();
      else this.#stdout.once("drain", resolve);
    });
  }
}
