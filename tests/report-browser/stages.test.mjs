// Loads the report of server/report/tests/fixtures/stages ("where runs failed") in headless Debian
// chromium: the verdict bars and the stage table hold the fixture's counts, a run's drill-down shows
// its verdict and the two changes side by side, and the markup planted in a run label and in a
// run's patch is shown as text — no element made from it, no script run from it (window.__pwned
// stays unset after hovering and opening everything). $STAGES_HTML and $ARTIFACTS come from
// scripts/test.d/70-report-browser.sh.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { chromium } from "playwright-core";

const report = process.env.STAGES_HTML;
const artifacts = process.env.ARTIFACTS;
if (!report || !artifacts) throw new Error("set STAGES_HTML and ARTIFACTS (run scripts/test.d/70-report-browser.sh)");

const HOSTILE_LABEL = '<b onmouseover="window.__pwned=3">agent-c</b>';
const HOSTILE_PATCH = "# <img src=x onerror=window.__pwned=1> </pre><script>window.__pwned=2</script>";

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

test("one stacked bar per run label, segments with the fixture's counts", async () => {
  const bars = await page.$$eval("svg.verdict-bars g.verdict-bar", (gs) => gs.map((g) => ({
    group: g.dataset.group,
    runs: Number(g.dataset.runs),
    segs: Array.from(g.querySelectorAll("rect.seg")).map((r) => `${r.dataset.verdict}:${r.dataset.count}`),
  })));
  assert.deepEqual(bars, [
    { group: HOSTILE_LABEL, runs: 1, segs: ["unknown:1"] },
    { group: "agent-a", runs: 3, segs: ["change:1", "none:1", "unknown:1"] },
    { group: "agent-b", runs: 2, segs: ["no_change:1", "read:1"] },
  ]);
  // Drawn: agent-b's two halves are each about half of the bar area wide.
  const widths = await page.$$eval('svg.verdict-bars g.verdict-bar[data-group="agent-b"] rect.seg',
    (rs) => rs.map((r) => r.getBoundingClientRect().width));
  assert.equal(widths.length, 2);
  assert.ok(widths[0] > 100 && Math.abs(widths[0] - widths[1]) < 1, `widths ${widths}`);
  // The run label with markup is text in the chart and in the tables, never an element.
  const label = await page.locator("svg.verdict-bars g.verdict-bar").first().locator("text.label").textContent();
  assert.ok(HOSTILE_LABEL.startsWith(label.replace("…", "")), label);
  assert.equal(await page.locator('#verdicts th[scope="row"]').first().textContent(), HOSTILE_LABEL);
  assert.equal(await page.locator("main b[onmouseover]").count(), 0);
});

test("the stage table counts passed / judged per stage", async () => {
  const cells = await page.$$eval("#stage-table tbody tr", (rows) => rows.map((r) => [r.dataset.group,
    ...Array.from(r.querySelectorAll("td[data-stage]")).map((c) => `${c.dataset.stage} ${c.dataset.passed}/${c.dataset.judged}`)]));
  assert.deepEqual(cells, [
    [HOSTILE_LABEL, "search 1/1", "read 1/1", "edit 0/0", "change 0/0"],
    ["agent-a", "search 2/2", "read 2/2", "edit 2/2", "change 1/2"],
    ["agent-b", "search 1/2", "read 0/2", "edit 0/2", "change 0/0"],
    ["*", "search 4/5", "read 3/5", "edit 2/4", "change 1/2"],
  ]);
  await page.screenshot({ path: join(artifacts, "stages-light.png"), fullPage: true });
});

test("a run's drill-down shows the verdict, the reason and both changes, markup as text", async () => {
  // t2 / agent-a, from the runs table's "failed at" column.
  const row = page.locator("#runs tbody tr").filter({ has: page.locator("td:last-child", { hasText: /^change$/ }) });
  assert.equal(await row.count(), 1);
  await row.locator("a").focus();
  await page.keyboard.press("Enter");
  const detail = page.locator("details.run[open]");
  await page.waitForFunction(() => document.querySelectorAll("details.run[open]").length === 1);
  const block = detail.locator(".stages-run");
  assert.equal(await block.getAttribute("data-verdict"), "change");
  assert.match(await block.locator(".reason").textContent(), /^changed all 1 gold change units; `parse` \(lib\.py:1-3\) differs from the gold's \(token similarity 0\.92\)$/);
  // Side by side: the gold's line left, the run's right, on one row.
  const pair = await block.locator("table.sbs tr", { has: page.locator("td.del") }).first().evaluate(
    (tr) => [tr.querySelector("td.del").textContent, tr.querySelector("td.add").textContent]);
  assert.deepEqual(pair, ["    return [p.strip() for p in parts]", "    return [p for p in parts]  " + HOSTILE_PATCH]);
  // Both patches, the hostile line as text in the run's.
  const patches = await block.locator("pre.patch").allTextContents();
  assert.equal(patches.length, 2);
  assert.ok(patches[0].includes("+    return [p.strip() for p in parts]"));
  assert.ok(patches[1].includes("+    return [p for p in parts]  " + HOSTILE_PATCH));
  assert.equal(await block.locator("img, script").count(), 0);
  await detail.screenshot({ path: join(artifacts, "stages-drilldown.png") });
});

test("nothing planted ran: after hovering the label and opening every drill-down", async () => {
  await page.locator("#verdicts th[scope=row]").first().hover();
  await page.click("#expand-all");
  assert.equal(await page.locator("details.run[open]").count(), 7);
  assert.equal(await page.locator(".stages-run").count(), 6, "t4 has gold and no run: no stages");
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator("main img, main script").count(), 0);
  assert.deepEqual(problems, []);
  const outside = requests.filter((u) => !u.startsWith("file://") && !u.startsWith("data:"));
  assert.deepEqual(outside, []);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: join(artifacts, "stages-dark.png"), fullPage: true });
});
