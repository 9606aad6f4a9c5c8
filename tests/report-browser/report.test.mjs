// Loads the readcov HTML report of the small fixture in headless Debian chromium and checks what a
// person would see: no console errors, no network, the expected bars and points, sortable tables
// driven by keyboard, drill-down from a scatter point, light and dark schemes. Screenshots go to
// $ARTIFACTS (scripts/test.d/70-report-browser.sh sets it and builds the report first).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { chromium } from "playwright-core";

const report = process.env.REPORT_HTML;
const artifacts = process.env.ARTIFACTS;
if (!report || !artifacts) throw new Error("set REPORT_HTML and ARTIFACTS (run scripts/test.d/70-report-browser.sh)");

let browser;
let page;
const problems = [];
const requests = [];

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--no-first-run"],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(report).href, { waitUntil: "load" });
});

after(async () => { await browser?.close(); });

test("loads with no console errors and no request beyond the file itself", async () => {
  assert.deepEqual(problems, []);
  const outside = requests.filter((u) => !u.startsWith("file://") && !u.startsWith("data:"));
  assert.deepEqual(outside, []);
  assert.equal(await page.title(), "readcov fixture report");
});

test("charts hold one bar per bin and one point per scored run", async () => {
  const bars = await page.$$eval("svg.histogram rect.bar", (els) => els.map((e) => Number(e.dataset.count)));
  assert.deepEqual(bars, [0, 0, 1, 0, 0, 1, 1, 0, 0, 1]);
  // t3 has gold and no run: not a scored run, so no point and no resolve bucket (issue 36's means rule).
  assert.equal(await page.locator("svg.scatter circle.point").count(), 4);
  assert.equal(await page.locator("svg.scatter circle.point.resolved").count(), 3);
  const rates = await page.$$eval("svg.rates rect.rate-bar", (els) => els.map((e) => `${e.dataset.resolved}/${e.dataset.labelled}`));
  assert.deepEqual(rates, ["0/0", "0/1", "2/2", "1/1"]);
  // Bars are drawn: a non-empty bin has a visible height.
  const box = await page.locator("svg.histogram rect.bar").nth(9).boundingBox();
  assert.ok(box && box.height > 10, `last bar height ${box?.height}`);
  await page.screenshot({ path: join(artifacts, "report-light.png"), fullPage: true });
});

test("runs table sorts by keyboard, with aria-sort in step", async () => {
  const header = page.locator("#runs thead th", { hasText: "line coverage" });
  const button = header.locator("button");
  await button.focus();
  await page.keyboard.press("Enter");
  assert.equal(await header.getAttribute("aria-sort"), "ascending");
  const col = await header.evaluate((th) => th.cellIndex);
  const values = async () => page.$$eval("#runs tbody tr", (rows, c) => rows.map((r) => r.cells[c].textContent.trim()), col);
  // The rows without a figure (–: t4 has no gold, t3 has gold and no run, so it is not scored as 0 since
  // issue 36) sort first, then ascending coverage.
  assert.deepEqual(await values(), ["–", "–", "0.25", "0.50", "0.65", "1.00"]);
  await page.keyboard.press("Space");
  assert.equal(await header.getAttribute("aria-sort"), "descending");
  assert.deepEqual(await values(), ["1.00", "0.65", "0.50", "0.25", "–", "–"]);
});

test("a scatter point opens its run's drill-down", async () => {
  const point = page.locator("svg.scatter a").first();
  const href = await point.getAttribute("href");
  await point.focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((id) => document.getElementById(id)?.open === true, href.slice(1));
  const detail = page.locator(href);
  assert.ok((await detail.locator("svg.linebar rect").count()) >= 1);
});

test("expand all shows every drill-down, with timelines where reads have turns", async () => {
  await page.click("#expand-all");
  assert.equal(await page.locator("details.run[open]").count(), 6);
  assert.equal(await page.locator("svg.timeline").count(), 2);
  assert.equal(await page.locator("table.units").count(), 5);
});

test("dark scheme changes the palette and stays error-free", async () => {
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: "dark" });
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(light, dark);
  assert.equal(dark, "rgb(13, 17, 23)");
  await page.screenshot({ path: join(artifacts, "report-dark.png"), fullPage: true });
  assert.deepEqual(problems, []);
});
