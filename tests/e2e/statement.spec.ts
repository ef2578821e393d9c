import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { pdfText } from "@/tests/support/pdf-text";
import { expect, openInTheme, signInByEmail, test } from "./support/fixtures";

/**
 * A statement downloaded as a browser download: the CSV parsed (BOM, `;`, Cyrillic intact) and
 * the PDF's text extracted, both with the balances the screen shows.
 */
test("statement: CSV and PDF downloaded, opened, and agreeing with the screen", async ({ page }) => {
  await signInByEmail(page, "vera@example.com");
  await openInTheme(page, "/bank", "light");
  await page.getByTestId("account-RUB").getByRole("link").click();
  await page.getByRole("link", { name: "Выписка по счёту" }).click();
  await page.getByRole("radio", { name: "Прошлый месяц" }).click();
  const closingCell = page.getByTestId("statement-Исходящий остаток");
  await expect(closingCell).toHaveText(/\d,\d{2}\u00a0₽$/);
  const plain = (text: string) => text.replace(/[\u00a0\s]+/g, " ").trim();
  const opening = plain(await page.getByTestId("statement-Входящий остаток").innerText());
  const closing = plain(await closingCell.innerText());

  const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Скачать CSV" }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^vypiska-\d{16}-\d{4}-\d\d-01-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync(await csvDownload.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(csv.toString("utf8").slice(1), { delimiter: ";", relax_column_count: true });
  const amount = (text: string) => `${text.replace(".", ",")}`;
  const money = (shown: string) => shown.replace(/ ₽$/, "").replace(/ /g, "");
  expect(rows).toContainEqual(["Входящий остаток", amount(money(opening))]);
  expect(rows).toContainEqual(["Исходящий остаток", amount(money(closing))]);
  expect(rows).toContainEqual(["Дата", "Номер операции", "Операция", "Контрагент", "Сумма", "Остаток"]);
  expect(rows.some((r) => r[2] === "Поступление" || r[2] === "Перевод" || r[2] === "Пополнение")).toBe(true);

  const [pdfDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Скачать PDF" }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
  const text = plain(pdfText(fs.readFileSync(await pdfDownload.path())));
  expect(text).toContain("Выписка по счёту");
  expect(text).toContain(`Входящий остаток: ${opening}`);
  expect(text).toContain(`Исходящий остаток: ${closing}`);
});
