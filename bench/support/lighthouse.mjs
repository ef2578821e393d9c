// Lighthouse (mobile preset, performance only) on pages of a running app, signed in through
// session storage. Plain Node on purpose: under tsx, functions Lighthouse serialises into the page
// carry esbuild's `__name` helper and fail there. Usage: node lighthouse.mjs <json options>
// Each run is cold: a new browser with a new, empty profile (no HTTP cache, no compiled code).
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const { base, paths, signedIn, session, chrome, args, runs = 1 } = JSON.parse(process.argv[2]);
const rows = [];
for (const path of paths) {
  for (let run = 1; run <= runs; run += 1) rows.push({ run, ...(await measure(path)) });
}
process.stdout.write(JSON.stringify(rows));

async function measure(path) {
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: [...args, `--remote-debugging-port=${port}`],
  });
  try {
    const page = await browser.newPage();
    // Nothing leaves the machine.
    await page.setRequestInterception(true);
    page.on("request", (req) => (req.url().startsWith(base) ? req.continue() : req.abort()));
    if (signedIn.includes(path)) {
      await page.evaluateOnNewDocument((s) => {
        sessionStorage.setItem("access_token", s.access_token);
        sessionStorage.setItem("refresh_token", s.refresh_token);
      }, session);
    }
    const result = await lighthouse(
      `${base}${path}`,
      { port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true },
      undefined,
      page,
    );
    const audits = result.lhr.audits;
    const ms = (id) => Math.round(audits[id].numericValue ?? 0);
    return {
      page: path,
      finalUrl: result.lhr.finalDisplayedUrl,
      performance: result.lhr.categories.performance.score ?? 0,
      fcpMs: ms("first-contentful-paint"),
      lcpMs: ms("largest-contentful-paint"),
      tbtMs: ms("total-blocking-time"),
      cls: Math.round((audits["cumulative-layout-shift"].numericValue ?? 0) * 1000) / 1000,
    };
  } finally {
    await browser.close();
  }
}
