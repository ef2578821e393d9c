import { parse } from "csv-parse/sync";
import { GET as csvRoute } from "@/app/api/v1/statements/csv/route";
import { POST as statementLinkRoute } from "@/app/api/v1/statements/link/route";
import { POST as transferRoute } from "@/app/api/v1/transfers/route";
import { GET as receiptRoute } from "@/app/api/v1/transfers/[id]/route";
import { GET as recipientsRoute } from "@/app/api/v1/transfers/recipients/route";
import { GET as byId } from "@/app/api/v1/users/id/[id]/route";
import { getDb } from "@/lib/server/db";
import { publicName } from "@/lib/server/users/public-name";
import { call } from "@/tests/support/api";
import { checkInvariants, createFundedUser } from "@/tests/support/ledger";

afterEach(() => checkInvariants());

const PHISHING = "Minibank: перевод ошибочный, верните на t.me/evil_support";

describe("a name typed by a person, as others see it", () => {
  it("is cleaned and capped, and not shown at all when it holds a link or passes for the bank", () => {
    expect(publicName("Гоша")).toBe("Гоша");
    expect(publicName("  Анна\nМария\u0000\u202e ")).toBe("Анна Мария");
    expect(publicName("A".repeat(64))).toBe(`${"A".repeat(31)}…`);
    expect(publicName("J. Smith")).toBe("J. Smith");
    for (const bad of [
      PHISHING,
      "верните на evil.example",
      "https://evil.test",
      "www.evil",
      "напишите @evil_support",
      "сайт пример.рф",
      "Служба поддержки",
      "Мinibаnk", // Cyrillic М and а
      "M i n i b a n k",
      "Bank of Russia",
      "Telegram Support",
      "Администрация",
      "\n\t",
      "",
    ]) {
      expect({ bad, shown: publicName(bad) }).toEqual({ bad, shown: null });
    }
    expect(publicName(null)).toBeNull();
  });

  it("folds lookalike letters from any script, small capitals and digits before looking for the bank's words", () => {
    for (const bad of [
      "MINIBΑNK", // Greek Α
      "Μinibαnk", // Greek Μ and α
      "Minibαnk Suppοrt",
      "ʙᴀɴᴋ ꜱᴜᴘᴘᴏʀᴛ", // small capitals
      "Банκ", // Greek κ
      "Τelegram", // Greek Τ
      "Μ1n1bαnk",
      "6анк",
      "Mlnlbank",
      "$upport",
      "пoддeржка", // Latin o and e
      "Bankov", // a surname with the word in it: shown by handle too
      "Банков",
    ]) {
      expect({ bad, shown: publicName(bad) }).toEqual({ bad, shown: null });
    }
    for (const good of ["Иван", "Anna", "Zoë", "李雷", "Мария", "Sebastian", "Robin", "Ruslan", "Дмитрий", "Алексей", "José"]) {
      expect(publicName(good)).toBe(good);
    }
  });

  it("hides names that are invisible or that a spreadsheet would run as a formula", () => {
    for (const bad of ["=cmd|' /C calc'!A0", "+1+cmd|'/c calc'!A0", '=HYPERLINK("https://evil.example","Выписка")', "-2+3+cmd|' /C calc'!A0", "＝1+1", "\u3164", "\u2800\u2800", "\u115f\u1160"]) {
      expect({ bad, shown: publicName(bad) }).toEqual({ bad, shown: null });
    }
    expect(publicName("Анна\u00ad\u{e0041}")).toBe("Анна");
    expect(publicName("Анна = Маша")).toBe("Анна = Маша");
  });

  it("a name a spreadsheet would run reaches the receiver's CSV statement as the sender's handle", async () => {
    const victim = await createFundedUser();
    const names = ["=cmd|' /C calc'!A0", "+1+cmd|'/c calc'!A0", '=HYPERLINK("https://evil.example/pay","Minibank")'];
    const handles: string[] = [];
    for (const [i, name] of names.entries()) {
      const attacker = await createFundedUser({ RUB: 100 });
      handles.push(`formula_${i}_${attacker.user.id}`);
      await getDb().user.update({ where: { id: attacker.user.id }, data: { telegramFirstName: name, username: handles[i] } });
      const sent = await call(transferRoute, {
        token: attacker.token,
        body: { senderWalletId: attacker.wallets.RUB, receiverWalletId: victim.wallets.RUB, amount: 1 },
      });
      expect(sent.status).toBe(201);
    }
    const today = new Date().toISOString().slice(0, 10);
    const made = await call(statementLinkRoute, { token: victim.token, body: { walletId: victim.wallets.RUB, from: today, to: today, tz: 0, format: "csv" } });
    expect(made.status).toBe(201);
    const file = await csvRoute(new Request(`http://localhost${made.body.url}`), { params: Promise.resolve({}) });
    const rows: string[][] = parse((await file.text()).replace(/^\uFEFF/, ""), { delimiter: ";", relax_column_count: true });
    const movements = rows.filter((r) => /^\d\d\.\d\d\.\d{4} /.test(r[0] ?? ""));
    expect(movements.map((r) => [r[3], r[4]])).toEqual(handles.map((handle) => [handle, "0,01"]));
    expect(rows.flat().filter((cell) => /^[=+@]/.test(cell))).toEqual([]);
  });

  let impostors = 0;
  async function victimAndImpostor() {
    const handle = `evil_handle${(impostors += 1)}`;
    const victim = await createFundedUser();
    await getDb().user.update({ where: { id: victim.user.id }, data: { notification: true } });
    const impostor = await createFundedUser({ RUB: 1_000 });
    await getDb().user.update({ where: { id: impostor.user.id }, data: { telegramFirstName: PHISHING, username: handle } });
    const sent = await call(transferRoute, {
      token: impostor.token,
      body: { senderWalletId: impostor.wallets.RUB, receiverWalletId: victim.wallets.RUB, amount: 1 },
    });
    expect(sent.status).toBe(201);
    return { victim, impostor, handle, transferId: sent.body.id as number };
  }

  it("the notice names the sender by handle — never by the name they typed — and says whether Telegram vouches for it", async () => {
    const { victim, handle, transferId } = await victimAndImpostor();
    const notice = await getDb().notification.findUniqueOrThrow({ where: { transferId } });
    expect(notice.userId).toBe(victim.user.id);
    expect(notice.text).toBe(`Вам перевели 0,01\u00a0₽ от ${handle} (Minibank)`);

    const sender = await createFundedUser({ RUB: 1_000 });
    await getDb().user.update({
      where: { id: sender.user.id },
      data: { username: "gosha_real", telegramUsername: "Gosha_Real", telegramFirstName: "Official Minibank" },
    });
    const sent = await call(transferRoute, {
      token: sender.token,
      body: { senderWalletId: sender.wallets.RUB, receiverWalletId: victim.wallets.RUB, amount: 2 },
    });
    expect((await getDb().notification.findUniqueOrThrow({ where: { transferId: sent.body.id } })).text).toBe(
      "Вам перевели 0,02\u00a0₽ от @gosha_real (Telegram)",
    );
  });

  it("a message with the money is quoted as the sender's, and one holding a link stays in the receipt", async () => {
    const { victim, impostor } = await victimAndImpostor();
    const texts: string[] = [];
    for (const message of ["За обед", "Minibank: верните на t.me/evil_support"]) {
      const sent = await call(transferRoute, {
        token: impostor.token,
        body: { senderWalletId: impostor.wallets.RUB, receiverWalletId: victim.wallets.RUB, amount: 1, message },
      });
      expect(sent.status).toBe(201);
      texts.push((await getDb().notification.findUniqueOrThrow({ where: { transferId: sent.body.id } })).text.split("\n")[1]);
      const receipt = await call(receiptRoute, { token: victim.token, params: { id: String(sent.body.id) } });
      expect(receipt.body.message).toBe(message);
    }
    expect(texts).toEqual(["Сообщение отправителя: «За обед»", "Сообщение отправителя — в квитанции в приложении"]);
  });

  it("receipts, recent recipients and lookups show the handle instead of such a name", async () => {
    const { victim, impostor, handle, transferId } = await victimAndImpostor();
    const receipt = await call(receiptRoute, { token: victim.token, params: { id: String(transferId) } });
    expect(receipt.status).toBe(200);
    expect(receipt.body.sender.name).toBe(handle);
    const profile = await call(byId, { token: victim.token, params: { id: String(impostor.user.id) } });
    expect(profile.body.telegramFirstName).toBeNull();
    expect(JSON.stringify([receipt.body, profile.body])).not.toContain("t.me");

    // The other way round: the victim sends back, and the impostor appears in their recent recipients by handle.
    await getDb().user.update({ where: { id: victim.user.id }, data: { telegramFirstName: "Служба безопасности банка" } });
    const back = await call(transferRoute, {
      token: impostor.token,
      body: { senderWalletId: impostor.wallets.RUB, receiverWalletId: victim.wallets.RUB, amount: 1 },
    });
    expect(back.status).toBe(201);
    const recent = await call(recipientsRoute, { token: impostor.token });
    expect(recent.status).toBe(200);
    const names = (recent.body as { name: string }[]).map((r) => r.name);
    expect(names).toContain(victim.user.username);
    expect(names.join(" ")).not.toMatch(/безопасност/);
  });
});
