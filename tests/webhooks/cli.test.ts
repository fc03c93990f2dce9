import { spawn } from "node:child_process";
import { readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DISPATCHED_HEAD_FILE } from "../../src/webhooks/dispatch.ts";
import { JOURNAL_FILE, LOCK_NAME, SNAPSHOT_FILE } from "../../src/webhooks/state.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { projectCommand } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { runWebhooks, SECRET, webhookEnvironment } from "./helpers/fixtures.ts";
import { type Reply, startReceiver, status } from "./helpers/receiver.ts";

const OTHER_SECRET = "whsec_c2Vjb25kLXN1YnNjcmliZXItc2VjcmV0LWJ5dGVz";

/** A repository whose second commit revises `count` facts: new value and version, later expiry. */
const repositoryWithRevisions = async (count: number): Promise<{ repo: GitRepo; base: string; head: string }> => {
  const repo = await createGitRepo();
  const ids = Array.from({ length: count }, (_, index) => `bc.fact.n${String(index).padStart(2, "0")}`);
  for (const id of ids) await repo.writeFact({ id, value: 1 });
  await repo.writeFact({ id: "bc.untouched" });
  const base = await repo.commit("first versions");
  for (const id of ids) await repo.writeFact({ id, value: 2, version: 2, retrieved_iso: "2026-11-20" });
  await repo.writeFact({ id: "bc.brand_new" });
  const head = await repo.commit("revise every fact\n\nImpact: all values doubled.");
  return { repo, base, head };
};

/** Every file of the state folder, whatever its layout. */
const stateFiles = async (state: string): Promise<{ name: string; text: string }[]> => {
  const names = (await readdir(state, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  return Promise.all(
    names.map(async (entry) => ({
      name: path.join(entry.parentPath, entry.name),
      text: await readFile(path.join(entry.parentPath, entry.name), "utf8"),
    })),
  );
};

type StoredRecord = {
  id: string;
  subscriber: string;
  status: string;
  attempts: unknown[];
  event: { factId: string; version: number };
};

/** The deliveries of the snapshot a finished run leaves, which must then be the only delivery state there is. */
const snapshotRecords = async (state: string): Promise<StoredRecord[]> => {
  expect((await readdir(state)).sort()).toEqual([SNAPSHOT_FILE, "disabled", DISPATCHED_HEAD_FILE, "gone"].sort());
  const snapshot = JSON.parse(await readFile(path.join(state, SNAPSHOT_FILE), "utf8"));
  return snapshot.deliveries.map(
    (row: { id: string; subscriber: string; status: string; attempts: unknown[]; eventKey: string }) => ({
      id: row.id,
      subscriber: row.subscriber,
      status: row.status,
      attempts: row.attempts,
      event: snapshot.events[row.eventKey].event,
    }),
  );
};

describe("npm run webhooks", () => {
  it("dispatches one signed delivery per changed fact and subscriber, prints what it did, and sends nothing twice on a re-run", async () => {
    const { repo, base, head } = await repositoryWithRevisions(2);
    const receiver = await startReceiver(status(200));
    const { env, state } = await webhookEnvironment([
      { id: "acme", url: receiver.url, secret: SECRET, email: "hooks@acme.example" },
      {
        id: "zenith",
        url: receiver.url.replace("/hooks/", "/other/"),
        secret: OTHER_SECRET,
        email: "ops@zenith.example",
      },
    ]);
    const args = ["dispatch", "--base", base, "--head", head, "--root", repo.root, "--wait", "0"];
    const first = await runWebhooks(args, { env });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("2 fact.updated event(s)");
    expect(first.stdout).toContain("bc.fact.n00 v1 -> v2: value, expires_iso changed");
    expect(first.stdout).toMatch(
      /dispatch [0-9a-f]{12}\.\.[0-9a-f]{12}: 2 event\(s\), 4 delivery\(ies\) \(0 already known\); 4 attempt\(s\); deliveries now 4 delivered; no retry scheduled/,
    );
    expect(receiver.requests).toHaveLength(4);
    expect(
      receiver.requests.map((request) => `${request.url.split("/")[1]} ${request.headers["x-facts-fact-id"]}`).sort(),
    ).toEqual(["hooks bc.fact.n00", "hooks bc.fact.n01", "other bc.fact.n00", "other bc.fact.n01"]);

    // The same push again: its head is recorded as dispatched, so nothing is compared or sent.
    const repeated = await runWebhooks(args, { env });
    expect(repeated.code).toBe(0);
    expect(repeated.stdout).toContain(`dispatch: nothing to send, ${head} was already dispatched (up to ${head})`);
    // Without that record (a state restored from before it), the same range finds every delivery already known.
    await rm(path.join(state, DISPATCHED_HEAD_FILE));
    const again = await runWebhooks(args, { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("4 delivery(ies) (4 already known); 0 attempt(s)");
    const retry = await runWebhooks(["retry"], { env });
    expect(retry.stdout).toContain("retry: 0 attempt(s); no retry scheduled");
    expect(receiver.requests).toHaveLength(4);

    expect((await snapshotRecords(state)).map((record) => record.status)).toEqual([
      "delivered",
      "delivered",
      "delivered",
      "delivered",
    ]);
    const everything = [
      first.stdout,
      first.stderr,
      repeated.stdout,
      again.stdout,
      retry.stdout,
      ...(await stateFiles(state)).map((file) => file.text),
    ].join("\n");
    for (const secret of [SECRET, OTHER_SECRET, "t0ps3cr3tpath"]) expect(everything).not.toContain(secret);
  });

  it("names the subscriber index and field of a malformed list, without echoing secrets", async () => {
    const { env } = await webhookEnvironment([
      { id: "ok", url: "https://hooks.example.org/x", secret: SECRET, email: "a@example.org" },
      { id: "bad", url: "not a url", secret: "short-secret", email: "nobody" },
      { url: "https://hooks.example.org/y", secret: SECRET, email: "b@example.org", colour: "blue" },
      // A rotation with a wrong domain beside it: all three problems are named at once.
      {
        id: "rot",
        url: "https://hooks.example.org/z",
        secret: SECRET,
        previous_secret: SECRET,
        email: "c@example.org",
        domains: ["taxes"],
      },
      null,
    ]);
    const result = await runWebhooks(["retry"], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("FACTS_WEBHOOK_SUBSCRIBERS has 9 problem(s):");
    expect(result.stderr).toContain('subscriber 3 ("rot"): domains.0: Invalid option');
    expect(result.stderr).toContain(
      'subscriber 3 ("rot"): previous_secret_until: previous_secret and previous_secret_until go together',
    );
    expect(result.stderr).toContain('subscriber 3 ("rot"): previous_secret: must differ from secret');
    expect(result.stderr).toContain("subscriber 4: (the entry): Invalid input: expected object, received null");
    expect(result.stderr).toContain('subscriber 1 ("bad"): url: must be an absolute http(s) URL');
    expect(result.stderr).toContain('subscriber 1 ("bad"): secret: must be at least 16 characters');
    expect(result.stderr).toContain('subscriber 1 ("bad"): email: must be an email address');
    expect(result.stderr).toContain(`subscriber 2 ("b@example.org"): id: `);
    expect(result.stderr).toContain(`subscriber 2 ("b@example.org"): (the entry): unknown field(s) colour`);
    expect(result.stderr).not.toContain("short-secret");

    const broken = await runWebhooks(["retry"], {
      env: { ...env, FACTS_WEBHOOK_SUBSCRIBERS: `[{"id": "x", "secret": "${SECRET}",}]` },
    });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/FACTS_WEBHOOK_SUBSCRIBERS: invalid JSON: .* at line 1, column \d+/);
    expect(broken.stderr).not.toContain(SECRET);
  });

  it("refuses a subscriber endpoint with a user name or password, naming the subscriber and the field", async () => {
    const { env } = await webhookEnvironment([
      { id: "disguised", url: "https://hooks.example.org@evil.example/x", secret: SECRET, email: "a@example.org" },
      { id: "password", url: "https://user:pass@hooks.example.org/y", secret: SECRET, email: "b@example.org" },
    ]);
    const result = await runWebhooks(["retry"], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("FACTS_WEBHOOK_SUBSCRIBERS has 2 problem(s):");
    for (const id of ["disguised", "password"])
      expect(result.stderr).toContain(
        `subscriber ${id === "disguised" ? 0 : 1} ("${id}"): url: must not carry a user name or password before the host`,
      );
    expect(result.stderr).not.toContain("pass@");
  });

  it("reads subscribers from FACTS_WEBHOOK_SUBSCRIBERS_FILE and refuses a run without FACTS_WEBHOOK_STATE", async () => {
    const folder = await tempDir();
    const file = path.join(folder, "subscribers.json");
    await writeFile(
      file,
      JSON.stringify([{ id: "acme", url: "https://hooks.example.org/x", secret: SECRET, email: "a@example.org" }]),
    );
    const { env } = await webhookEnvironment([]);
    const fromFile = await runWebhooks(["retry"], {
      env: { ...env, FACTS_WEBHOOK_SUBSCRIBERS: "", FACTS_WEBHOOK_SUBSCRIBERS_FILE: file },
    });
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toContain("1 subscriber(s) configured");
    const noState = await runWebhooks(["retry"], { env: { ...env, FACTS_WEBHOOK_STATE: "" } });
    expect(noState.code).toBe(2);
    expect(noState.stderr).toContain("FACTS_WEBHOOK_STATE is not set");
  });

  it("loses no delivery when the dispatcher is killed with SIGKILL mid-run: after a restart every event arrives, at most twice, under one id", async () => {
    const { repo, base, head } = await repositoryWithRevisions(20);
    const slow: Reply = (_request, response) => {
      setTimeout(() => response.writeHead(200).end(), 15);
    };
    const receiver = await startReceiver(slow);
    const { env, state } = await webhookEnvironment([
      { id: "acme", url: receiver.url, secret: SECRET, email: "hooks@acme.example" },
      { id: "zenith", url: receiver.url, secret: OTHER_SECRET, email: "ops@zenith.example" },
    ]);
    const args = ["dispatch", "--base", base, "--head", head, "--root", repo.root, "--wait", "0", "--concurrency", "4"];

    const command = projectCommand("src/cli/webhooks.ts", args);
    const child = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: { ...process.env, ...env },
      stdio: "ignore",
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    await expect.poll(() => receiver.requests.length, { timeout: LIMITS.wait, interval: 2 }).toBeGreaterThanOrEqual(12);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const beforeRestart = receiver.requests.length;
    expect(beforeRestart).toBeLessThan(40);
    // The killed run never compacted: its state is the journal, every attempt it made recorded there before the
    // request.
    const journal = (await readFile(path.join(state, JOURNAL_FILE), "utf8"))
      .split("\n")
      .filter((line) => line.endsWith("}"));
    const started = new Set(
      journal
        .map((line) => JSON.parse(line) as { delivery?: { id: string; status: string } })
        .filter((line) => line.delivery?.status === "attempted")
        .map((line) => line.delivery!.id),
    );
    for (const request of receiver.requests)
      expect(started.has(request.headers["x-facts-delivery"] as string)).toBe(true);

    // The killed process's lock is stale once it has not been refreshed for 20 s, and the restart takes it over. The
    // lock's age is what makes it stale, so it is aged here rather than waited for.
    const aged = new Date(Date.now() - 21_000);
    await utimes(path.join(state, LOCK_NAME), aged, aged);
    const restart = await runWebhooks(args, { env });
    expect(restart.code).toBe(0);
    expect(restart.stdout).toContain("40 delivery(ies) (40 already known)");

    const records = await snapshotRecords(state);
    expect(records).toHaveLength(40);
    expect(records.every((record) => record.status === "delivered")).toBe(true);
    const counts = new Map<string, number>();
    for (const request of receiver.requests) {
      const id = request.headers["x-facts-delivery"] as string;
      counts.set(id, (counts.get(id) ?? 0) + 1);
      const record = records.find((candidate) => candidate.id === id)!;
      expect(record).toBeDefined();
      expect(request.headers["x-facts-fact-id"]).toBe(record.event.factId);
      expect(request.headers["x-facts-version"]).toBe(String(record.event.version));
      expect(request.body).toContain(`"identifier":"${record.event.factId}"`);
    }
    expect(counts.size).toBe(40);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    expect(receiver.requests.length).toBeGreaterThan(beforeRestart);
  });
});
