import { lookupPath } from "@/lib/client/hooks";
import { recipientMethodOf } from "@/lib/client/transfer/recipient-method";

describe("how a recipient typed into one field was given", () => {
  it.each([
    ["4000000000000012", "card"],
    // As the transfer form takes a number: spaces, dashes, the no-break spaces of a copied screen.
    ["4000 0000 0000 0012", "card"],
    ["4000-0000-0000-0012", "card"],
    ["4000\u00a00000\u00a00000\u00a00012", "card"],
    ["  123456 ", "card"],
    ["vera@example.com", "email"],
    ["Vera@Почта.рф", "email"],
    ["vera", "username"],
    ["e.k7qm2xwa", "username"],
    ["vera_2000", "username"],
    ["12345", "username"],
    // Not an address sign-in would take: looked up as a name, and not found.
    ["vera@example", "username"],
    ["a@b.c", "username"],
    ["", "username"],
  ] as const)("%j is looked up by %s", (text, method) => {
    expect(recipientMethodOf(text)).toBe(method);
  });

  it("sends an account number written any way to the same lookup as the transfer form's", () => {
    const typed = "4000-0000 0000\u00a00012";
    expect(lookupPath(recipientMethodOf(typed), typed)).toBe(lookupPath("card", "4000000000000012"));
    expect(lookupPath(recipientMethodOf(" vera@example.com "), " vera@example.com ")).toBe(lookupPath("email", "vera@example.com"));
  });
});
