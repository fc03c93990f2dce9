import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/schemas/index.ts";
import { exchange, parseResponses, type RawResponse } from "./raw-request.ts";
import { writeSiteFixture } from "./site-fixture.ts";
import { startCli } from "./start-cli.ts";

const FACT = "/api/v1/facts/by-id/bc.ptt.brackets.json";
/** Node's default limit on a request head (`http.maxHeaderSize`), which these heads reach or pass. */
const KB16 = 16 * 1024;

const head = (headers: string, target = FACT) =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;

/**
 * Heads built to make a parser work hard: a request once held the event loop about half a second for a 16 KB header of
 * spaces, a quadratic regular expression in a hand-written parser. Each must get the answer Node's parser decides (the
 * file, or 431 when the head is too large, or 400 when it is malformed), with the usual CORS headers and error body.
 */
const HOSTILE: [name: string, raw: string, statuses: number[]][] = [
  ["a 16 KB header of spaces", head(`X-Pad: ${" ".repeat(KB16)}\r\n`), [200, 431]],
  ["a header of spaces just under 16 KB, then a letter", head(`X-Pad: ${" ".repeat(KB16 - 200)}x\r\n`), [200, 431]],
  ["a header of alternating spaces and tabs", head(`X-Pad: ${" \t".repeat(KB16 / 2 - 100)}x\r\n`), [200, 431]],
  ["a header of spaces ending in a control character", head(`X-Pad: ${" ".repeat(KB16 - 200)}\x01\r\n`), [400]],
  ["2,000 small headers", head("X-A: 1\r\n".repeat(2_000)), [200, 431]],
  ["4,000 empty headers", head("a:\r\n".repeat(4_000)), [200, 431]],
  ["a request line of almost 16 KB", head("", `${FACT}?${"q".repeat(KB16 - 200)}`), [200, 431]],
  ["a request line over 16 KB", head("", `${FACT}?${"q".repeat(KB16 + 4_096)}`), [431]],
];

/**
 * Hostile requests sent at once per case: were each to hold the server's event loop, the lot would outlast the test.
 */
const AT_ONCE = 10;

const expectCorrectAnswer = (response: RawResponse | undefined, statuses: number[]): void => {
  expect(statuses).toContain(response?.status);
  expect(response?.headers["access-control-allow-origin"]).toBe("*");
  if (response?.status === 200) expect(JSON.parse(response.body).fact.id).toBe("bc.ptt.brackets");
  else expect(ErrorBody.strict().safeParse(JSON.parse(response?.body ?? "")).error).toBeUndefined();
};

/**
 * The server runs as `npm run serve` does, in its own process: were a request to block its event loop, this process
 * would still run, and the test would fail on its time limit instead of hanging with the server.
 */
describe("the local server: hostile request heads", () => {
  let origin = "";
  let port = 0;
  let stop = async (): Promise<void> => undefined;

  beforeAll(async () => {
    const { root } = await writeSiteFixture();
    const server = startCli(["--dir", root, "--port", "0"]);
    const url = new URL(await server.url);
    origin = url.origin;
    port = Number(url.port);
    // SIGKILL: a server whose event loop is blocked would never run its SIGTERM handler.
    stop = async () => {
      server.child.kill("SIGKILL");
      await server.exited;
    };
  });
  afterAll(() => stop());

  it.each(HOSTILE)(
    "answers %s as Node's parser decides, and keeps answering other connections",
    async (_name, raw, statuses) => {
      const [hostile, normal] = await Promise.all([
        Promise.all(Array.from({ length: AT_ONCE }, () => exchange(port, [raw]))),
        Promise.all(
          Array.from({ length: AT_ONCE }, () =>
            fetch(`${origin}${FACT}`).then(async (response) => ({
              status: response.status,
              body: await response.text(),
            })),
          ),
        ),
      ]);
      for (const text of hostile) {
        const responses = parseResponses(text);
        expect(responses).toHaveLength(1);
        expectCorrectAnswer(responses[0], statuses);
      }
      for (const response of normal) {
        expect(response.status).toBe(200);
        expect(JSON.parse(response.body).fact.id).toBe("bc.ptt.brackets");
      }
      expect((await fetch(`${origin}${FACT}`)).status).toBe(200);
    },
  );

  it("answers a 16 KB header of spaces that arrives in 64 pieces while other connections are served", async () => {
    const raw = head(`X-Pad: ${" ".repeat(KB16)}\r\n`);
    const pieces = Array.from({ length: 64 }, (_, index) =>
      raw.slice(Math.floor((index * raw.length) / 64), Math.floor(((index + 1) * raw.length) / 64)),
    );
    const slow = exchange(port, pieces, { pauseMs: 5 });
    for (let request = 0; request < 5; request++) expect((await fetch(`${origin}${FACT}`)).status).toBe(200);
    const [response] = parseResponses(await slow);
    expectCorrectAnswer(response, [200, 431]);
  });
});
