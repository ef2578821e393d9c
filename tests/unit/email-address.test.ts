import { normalizeEmail } from "@/lib/shared/email";
import { emailSchema } from "@/lib/shared/schemas/auth";

describe("e-mail addresses", () => {
  it("accepts ordinary addresses in one canonical form: trimmed, lower-cased, IDN as punycode", () => {
    expect(normalizeEmail("  Vera.Petrova+bank@Example.COM ")).toBe("vera.petrova+bank@example.com");
    expect(normalizeEmail("o'neil_x-y@mail.example.co.uk")).toBe("o'neil_x-y@mail.example.co.uk");
    expect(normalizeEmail("ivan@почта.рф")).toBe("ivan@xn--80a1acny.xn--p1ai");
    expect(normalizeEmail("ivan@xn--80a1acny.xn--p1ai")).toBe("ivan@xn--80a1acny.xn--p1ai");
    expect(emailSchema.parse("IVAN@ПОЧТА.РФ")).toBe("ivan@xn--80a1acny.xn--p1ai");
  });

  it.each([
    ["an address list", "victim@ex.test,x"],
    ["a list with a space", "victim@ex.test, attacker@evil.test"],
    ["a display name", "x<victim@ex.test>"],
    ["angle brackets", "<attacker@evil.test>"],
    ["a semicolon", "a@ex.test;b@ex.test"],
    ["a quoted local part", '"a b"@ex.test'],
    ["a comment", "a(comment)@ex.test"],
    ["a colon", "a:b@ex.test"],
    ["a backslash", "a\\b@ex.test"],
    ["a bracketed domain", "a@[127.0.0.1]"],
    ["a NUL byte", "a\u0000@ex.test"],
    ["a trailing NUL byte", "a@ex.test\u0000"],
    ["a control character", "a\u0007b@ex.test"],
    ["a new line", "a@ex.test\nBcc: x@evil.test"],
    ["a leading dot", ".a@ex.test"],
    ["two dots", "a..b@ex.test"],
    ["a trailing dot", "a.@ex.test"],
    ["no domain dot", "a@localhost"],
    ["a numeric top-level label", "a@10.0.0.1"],
    ["a one-letter top-level label", "a@ex.t"],
    ["a label with a leading hyphen", "a@-ex.test"],
    ["an empty label", "a@ex..test"],
    ["two at signs", "a@b@ex.test"],
    ["a Cyrillic local part", "вера@ex.test"],
    ["a 65-character local part", `${"a".repeat(65)}@ex.test`],
    ["a 258-character address", `a@${"b".repeat(62)}.${"c".repeat(62)}.${"d".repeat(62)}.${"e".repeat(62)}.test`],
    ["nothing", ""],
  ])("refuses %s", (_what, raw) => {
    expect(normalizeEmail(raw)).toBeNull();
    expect(emailSchema.safeParse(raw).success).toBe(false);
  });
});
