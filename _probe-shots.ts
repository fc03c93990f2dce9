import { chromium } from "playwright-core";
import { startStaticServer } from "/work/wt/i27-page/tests/pages/serve-directory.ts";
const server = await startStaticServer();
server.serve("/tmp/i27p/site");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${server.url}/calculators.html`);
  await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached" });
  const ptt = page.locator("#ptt-form");
  await ptt.getByLabel("Purchase price", { exact: true }).fill("510000");
  await ptt.getByLabel("First-time home buyer", { exact: true }).check();
  await ptt.getByLabel("Newly built home", { exact: true }).check();
  await ptt.getByLabel("Registration date", { exact: true }).fill("2017-06-01");
  const buy = page.locator("#purchase-form");
  await buy.getByLabel("Purchase price", { exact: true }).fill("600000");
  await buy.getByLabel("Down payment", { exact: true }).fill("60000");
  await buy.getByLabel("Interest rate (%)", { exact: true }).fill("5");
  const grant = page.locator("#grant-form");
  await grant.getByLabel("Assessed value", { exact: true }).fill("2100000");
  await grant.getByLabel("Property tax before the grant", { exact: true }).fill("3000");
  for (const id of ["ptt", "purchase", "grant"]) await page.locator(`#${id}`).screenshot({ path: `/tmp/i27p/sec-${id}-${width}.png` });
  await page.screenshot({ path: `/tmp/i27p/top-${width}.png` });
  await page.close();
}
await browser.close(); await server.close();
