import { render, screen } from "@testing-library/react";
import { MailboxView } from "@/app/dev/mailbox/mailbox-view";

describe("the demo mailbox", () => {
  it("shows the letters and leads back to the app", () => {
    render(<MailboxView mails={[{ id: 1, to: "boris@example.com", subject: "Код входа", text: "Ваш код: 123456", createdAt: "2026-11-28T12:00:00.000Z" }]} />);
    expect(screen.getByTestId("mail-to")).toHaveTextContent("boris@example.com");
    // /login goes on to the bank when the tab is already signed in.
    expect(screen.getByRole("link", { name: "Вернуться в Minibank" })).toHaveAttribute("href", "/login");
  });
});
