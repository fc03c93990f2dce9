import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../helpers/limits.ts";
import { runScript } from "../helpers/run-script.ts";
import { writeSiteFixture } from "./site-fixture.ts";
import { startCli } from "./start-cli.ts";

describe("npm run serve", () => {
  it("prints its URL, serves the folder given with --dir on PORT, and stops cleanly on SIGTERM", async () => {
    const { root } = await writeSiteFixture();
    const server = startCli(["--dir", root], { PORT: "0" });
    const url = await server.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.output().stdout).toContain(`Serving ${root} (`);
    const response = await fetch(new URL("api/v1/facts/by-id/bc.ptt.brackets.json", url));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800",
    );
    expect(((await response.json()) as { fact: { id: string } }).fact.id).toBe("bc.ptt.brackets");
    expect((await fetch(new URL("api/v1/facts/by-id/nope.json", url))).status).toBe(404);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("re-reads the tree on SIGHUP", async () => {
    const { root } = await writeSiteFixture();
    const server = startCli(["--dir", root, "--port", "0"]);
    const url = await server.url;
    await writeFile(path.join(root, "new.json"), "{}");
    expect((await fetch(new URL("new.json", url))).status).toBe(404);
    server.child.kill("SIGHUP");
    await expect.poll(() => server.output().stdout, { timeout: LIMITS.wait }).toContain("Reloaded");
    expect((await fetch(new URL("new.json", url))).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("fails with a hint when the folder has not been built", async () => {
    const result = await runScript("src/cli/serve.ts", ["--dir", "/nonexistent/_site"], { env: { PORT: "0" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no such folder (run npm run build first)");
  });

  it("refuses a PORT that is not a port number", async () => {
    const { root } = await writeSiteFixture();
    const result = await runScript("src/cli/serve.ts", ["--dir", root], { env: { PORT: "eighty" } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
  });
});
