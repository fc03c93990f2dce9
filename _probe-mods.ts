import { build } from "rolldown";
const r = await build({ input: "site/calculators/calculators-page.ts", write: false, platform: "browser", logLevel: "warn", output: { format: "iife", minify: true } });
const chunk = r.output[0] as any;
const groups = new Map<string, number>();
for (const [id, m] of Object.entries(chunk.modules as Record<string, { renderedLength: number }>)) {
  const key = id.includes("node_modules") ? id.replace(/.*node_modules\/([^/]+(\/[^/]+)?).*/, "$1") : id.replace(/.*i27-page\//, "");
  groups.set(key, (groups.get(key) ?? 0) + m.renderedLength);
}
console.log([...groups].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${v}\t${k}`).join("\n"));
