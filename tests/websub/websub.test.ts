import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import Parser from "rss-parser";
import { afterAll, describe, expect, it } from "vitest";
import { buildModel } from "../../src/build/build-model.ts";
import { websubHubFromEnvironment } from "../../src/lib/config.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { DOMAINS } from "../../src/schemas/index.ts";
import { feedTopics, MAX_HUB_ANSWER_BYTES, publishToHub } from "../../src/websub/publish-to-hub.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { LIMITS } from "../helpers/limits.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const BASE = "https://facts.example.org";
const HUB = "https://hub.example.org/";
const today = frozenData().today;
const withHub = await buildModel(frozenData().root, { baseUrl: BASE, today, websubHub: HUB });
const withHubTree = renderSite(withHub);
const withoutHubTree = renderSite({ ...withHub, websubHub: undefined });
const text = (tree: Map<string, string | Uint8Array>, urlPath: string): string => {
  const content = tree.get(urlPath);
  if (content === undefined) throw new Error(`${urlPath} is not in the built tree`);
  return typeof content === "string" ? content : Buffer.from(content).toString("utf8");
};
const feedPaths = (tree: Map<string, string | Uint8Array>): string[] =>
  [...tree.keys()].filter((urlPath) => urlPath.endsWith(".atom") || urlPath === "/api/v1/facts/feed.xml").sort();

/** The `<link>` (Atom) or `<atom:link>` (RSS) elements directly in the feed or channel, as an XML parser reads them. */
const feedLinks = (xml: string): { rel: string | undefined; href: string | undefined }[] => {
  const document = parseDocument(xml, { xmlMode: true });
  const container = DomUtils.findOne(
    (element) => element.name === "feed" || element.name === "channel",
    document.children,
    true,
  );
  if (!container) throw new Error("neither <feed> nor <channel> found");
  return DomUtils.getChildren(container).flatMap((node) => {
    const element = node as { type: string; name?: string; attribs?: Record<string, string> };
    if (element.type !== "tag" || (element.name !== "link" && element.name !== "atom:link")) return [];
    return [{ rel: element.attribs?.rel, href: element.attribs?.href }];
  });
};

const hubs: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(hubs.map((close) => close())));

/** A WebSub hub stand-in on loopback: it records every form post and answers as `answer` says. */
const startHub = async (
  answer: (request: IncomingMessage, response: ServerResponse, body: string) => void = (_, response) =>
    response.writeHead(204).end(),
) => {
  const posts: {
    method: string | undefined;
    path: string | undefined;
    contentType: string | undefined;
    form: URLSearchParams;
  }[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      posts.push({
        method: request.method,
        path: request.url,
        contentType: request.headers["content-type"],
        form: new URLSearchParams(body),
      });
      answer(request, response, body);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hub`;
  const close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, "close").catch(() => undefined);
  };
  hubs.push(close);
  return { url, posts, close };
};

describe("the feeds' WebSub links", () => {
  it("name the hub and themselves in RSS, read by a third-party feed parser and by an XML parser", async () => {
    const xml = text(withHubTree, "/api/v1/facts/feed.xml");
    const parser = new Parser<{ atomLinks: { $: { href: string; rel: string } }[] }>({
      customFields: { feed: [["atom:link", "atomLinks", { keepArray: true }]] as never },
    });
    const feed = await parser.parseString(xml);
    expect(feed.atomLinks.map((link) => [link.$.rel, link.$.href]).sort()).toEqual([
      ["hub", HUB],
      ["self", `${BASE}/api/v1/facts/feed.xml`],
    ]);
    // The atom:link elements are in the Atom namespace, as WebSub asks of an RSS feed.
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(feedLinks(xml).filter((link) => link.rel === "hub")).toEqual([{ rel: "hub", href: HUB }]);
  });

  it("name the hub and themselves in upcoming.atom, changes.atom, each domain's and every fact's Atom feed", async () => {
    const parser = new Parser();
    const atomPaths = feedPaths(withHubTree).filter((urlPath) => urlPath.endsWith(".atom"));
    expect(atomPaths).toHaveLength(withHub.facts.length + 2 + DOMAINS.length);
    expect(atomPaths).toEqual(
      expect.arrayContaining([
        "/api/v1/facts/upcoming.atom",
        "/api/v1/facts/changes.atom",
        ...DOMAINS.map((domain) => `/api/v1/facts/${domain}.atom`),
      ]),
    );
    for (const urlPath of atomPaths) {
      const xml = text(withHubTree, urlPath);
      // Still a feed to a feed reader with the extra link.
      expect((await parser.parseString(xml)).title, urlPath).toMatch(/^BC Real Estate Facts: /);
      const links = feedLinks(xml);
      expect(
        links.filter((link) => link.rel === "hub"),
        urlPath,
      ).toEqual([{ rel: "hub", href: HUB }]);
      expect(
        links.filter((link) => link.rel === "self"),
        urlPath,
      ).toEqual([{ rel: "self", href: `${BASE}${urlPath}` }]);
    }
  });

  it("name no hub when FACTS_WEBSUB_HUB is unset, and still themselves", () => {
    for (const urlPath of feedPaths(withoutHubTree)) {
      const links = feedLinks(text(withoutHubTree, urlPath));
      expect(
        links.filter((link) => link.rel === "hub"),
        urlPath,
      ).toEqual([]);
      expect(
        links.filter((link) => link.rel === "self"),
        urlPath,
      ).toEqual([{ rel: "self", href: `${BASE}${urlPath}` }]);
    }
  });

  it("notifies exactly the feeds the build writes, by their self links", () => {
    const selfLinks = feedPaths(withHubTree).map(
      (urlPath) => feedLinks(text(withHubTree, urlPath)).find((link) => link.rel === "self")!.href,
    );
    expect(
      feedTopics(
        withHub.urls,
        withHub.facts.map((fact) => fact.id),
      ).sort(),
    ).toEqual(selfLinks.sort());
  });

  it("reads FACTS_WEBSUB_HUB as an http(s) URL kept as written, and refuses anything else by name", () => {
    expect(websubHubFromEnvironment({})).toBeUndefined();
    expect(websubHubFromEnvironment({ FACTS_WEBSUB_HUB: "" })).toBeUndefined();
    expect(websubHubFromEnvironment({ FACTS_WEBSUB_HUB: "https://pubsubhubbub.appspot.com/" })).toBe(
      "https://pubsubhubbub.appspot.com/",
    );
    expect(() => websubHubFromEnvironment({ FACTS_WEBSUB_HUB: "hub.example.org" })).toThrow(
      /FACTS_WEBSUB_HUB must be an absolute http\(s\) URL/,
    );
    expect(() => websubHubFromEnvironment({ FACTS_WEBSUB_HUB: "ftp://hub.example.org/" })).toThrow(
      /FACTS_WEBSUB_HUB must use http or https/,
    );
    expect(() => websubHubFromEnvironment({ FACTS_WEBSUB_HUB: "https://user:secret@hub.example.org/" })).toThrow(
      /must not carry a user name/,
    );
  });
});

describe("npm run build with FACTS_WEBSUB_HUB", () => {
  it("writes the hub into the feeds it builds, and refuses a hub that is not an http(s) URL", async () => {
    const out = path.join(await tempDir(), "_site");
    const built = await runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", out], {
      env: { FACTS_BASE_URL: BASE, FACTS_TODAY: today, FACTS_WEBSUB_HUB: HUB },
    });
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    const feed = await readFile(path.join(out, "api/v1/facts/feed.xml"), "utf8");
    expect(feedLinks(feed).find((link) => link.rel === "hub")).toEqual({ rel: "hub", href: HUB });
    const upcoming = await readFile(path.join(out, "api/v1/facts/upcoming.atom"), "utf8");
    expect(feedLinks(upcoming).find((link) => link.rel === "hub")).toEqual({ rel: "hub", href: HUB });

    const refused = await runScript(
      "src/cli/build.ts",
      ["--root", frozenData().root, "--out", path.join(await tempDir(), "_site")],
      {
        env: { FACTS_BASE_URL: BASE, FACTS_TODAY: today, FACTS_WEBSUB_HUB: "mailto:hub@example.org" },
      },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'build failed: FACTS_WEBSUB_HUB must use http or https, got "mailto:hub@example.org"\n',
    );
  });
});

describe("npm run websub -- ping", () => {
  const env = (hub: string) => ({ FACTS_WEBSUB_HUB: hub, FACTS_BASE_URL: BASE, FACTS_TODAY: today });

  it("posts hub.mode=publish and hub.url for every feed to the hub", async () => {
    const hub = await startHub();
    const result = await runScript("src/cli/websub.ts", ["ping", "--root", frozenData().root], { env: env(hub.url) });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const topics = feedTopics(
      withHub.urls,
      withHub.facts.map((fact) => fact.id),
    );
    expect(result.stdout).toContain(`${hub.url}: notified of ${topics.length} of ${topics.length} feeds`);
    expect(hub.posts).toHaveLength(topics.length);
    for (const post of hub.posts) {
      expect(post.method).toBe("POST");
      expect(post.path).toBe("/hub");
      expect(post.contentType).toBe("application/x-www-form-urlencoded");
      expect([...post.form.keys()].sort()).toEqual(["hub.mode", "hub.url"]);
      expect(post.form.get("hub.mode")).toBe("publish");
    }
    expect(hub.posts.map((post) => post.form.get("hub.url")).sort()).toEqual([...topics].sort());
  });

  it("is skipped with a message when FACTS_WEBSUB_HUB is unset", async () => {
    const result = await runScript("src/cli/websub.ts", ["ping", "--root", frozenData().root], { env: env("") });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("FACTS_WEBSUB_HUB is not set: push is off");
  });

  it("exits 1 naming the hub and each feed the hub refused", async () => {
    const hub = await startHub((_, response, body) => {
      const topic = new URLSearchParams(body).get("hub.url") ?? "";
      if (topic.endsWith("/feed.xml"))
        response.writeHead(400, { "content-type": "text/plain" }).end("topic not allowed\u0007 here");
      else response.writeHead(202).end();
    });
    const result = await runScript("src/cli/websub.ts", ["ping", "--root", frozenData().root], { env: env(hub.url) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${hub.url}: the hub did not take the update of ${BASE}/api/v1/facts/feed.xml: HTTP 400: topic not allowed`,
    );
    // The hub's text is shown, never passed through: the bell character arrives escaped.
    expect(result.stderr).not.toContain("\u0007");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("a hostile or broken hub", () => {
  const TOPIC = `${BASE}/api/v1/facts/feed.xml`;

  it("sending an endless refusal is read only up to the bound and reported with its status", async () => {
    let written = 0;
    const hub = await startHub((_, response) => {
      response.writeHead(500, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, "x");
      const pump = () => {
        while (!response.destroyed && written < 512 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) return;
        }
        if (!response.destroyed) response.end();
      };
      response.on("drain", pump);
      pump();
    });
    const [notice] = await publishToHub(hub.url, [TOPIC], { timeoutMs: LIMITS.answer });
    expect(notice!.ok).toBe(false);
    expect(notice!.topic).toBe(TOPIC);
    expect(notice!.detail).toMatch(/^HTTP 500: x+…$/);
    expect(notice!.detail.length).toBeLessThan(300);
    // It stopped reading: the hub got no further than what the socket buffers hold, far from its half gigabyte.
    expect(written).toBeLessThan(64 * 1024 * 1024);
    expect(written).toBeGreaterThan(MAX_HUB_ANSWER_BYTES);
  });

  it("that never answers costs one timeout, reported as such", async () => {
    const hub = await startHub(() => undefined);
    // A short timeout of the command's own: the notice says the hub gave no answer (a hang ends the test at its limit).
    const [notice] = await publishToHub(hub.url, [TOPIC], { timeoutMs: 1_000 });
    expect(notice).toEqual({ topic: TOPIC, ok: false, detail: "no complete answer within 1 s" });
  });

  it("that redirects is not followed, and one that is not there is reported with the connection error", async () => {
    const hub = await startHub((_, response) =>
      response.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end(),
    );
    const [redirected] = await publishToHub(hub.url, [TOPIC]);
    expect(redirected).toEqual({ topic: TOPIC, ok: false, detail: "HTTP 302 (empty answer)" });
    expect(hub.posts).toHaveLength(1);

    const gone = await startHub();
    await gone.close();
    const [refused] = await publishToHub(gone.url, [TOPIC], { timeoutMs: LIMITS.answer });
    expect(refused!.ok).toBe(false);
    expect(refused!.detail).toMatch(/ECONNREFUSED/);
  });

  it("that resets the connection mid-answer fails that topic only", async () => {
    const hub = await startHub((request, response, body) => {
      if (new URLSearchParams(body).get("hub.url") === TOPIC) request.socket.destroy();
      else response.writeHead(204).end();
    });
    const other = `${BASE}/api/v1/facts/upcoming.atom`;
    const notices = await publishToHub(hub.url, [TOPIC, other], { timeoutMs: LIMITS.answer });
    expect(notices.map((notice) => [notice.topic, notice.ok])).toEqual([
      [TOPIC, false],
      [other, true],
    ]);
    expect(notices[1]!.detail).toBe("HTTP 204");
  });
});
