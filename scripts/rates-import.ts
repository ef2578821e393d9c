/**
 * `npm run rates:import`: imports today's Central Bank of Russia quotes (USD, EUR, CNY) into the
 * database at DATABASE_URL. RATES_SOURCE_URL overrides the source (e.g. `…XML_daily.asp?date_req=DD/MM/YYYY`).
 */

async function main(): Promise<void> {
  const { closeDb } = await import("@/lib/server/db");
  const { importCbrRates, CBR_DAILY_URL } = await import("@/lib/server/rates/import-cbr");
  try {
    const url = process.env.RATES_SOURCE_URL || CBR_DAILY_URL;
    const result = await importCbrRates(url);
    console.log(`Rates for ${result.date}: ${result.imported.join(", ") || "none"} imported from ${url}`);
  } finally {
    await closeDb();
  }
}

main().catch((error: unknown) => {
  console.error("Rates import failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
