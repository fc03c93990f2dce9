import { chromium } from "playwright-core";
import { startStaticServer } from "/work/wt/i27-page/tests/pages/serve-directory.ts";
const server = await startStaticServer();
server.serve("/tmp/i27p/site");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
for (const file of [process.argv[2] ?? "calculators.html"]) {
  await page.goto(`${server.url}/${file}`);
  await page.waitForTimeout(1500);
  console.log(file, await page.evaluate("document.documentElement.scrollWidth"));
  console.log(await page.evaluate(`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 376).slice(0,12).map(e => e.tagName + "." + e.className + "#" + e.id + " " + Math.round(e.getBoundingClientRect().right) + " " + (e.textContent||"").slice(0,50)).join("\\n")`));
}
await browser.close(); await server.close();
