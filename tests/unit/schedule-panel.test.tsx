import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SchedulePanel } from "@/components/schedules/schedule-panel";
import { chooseLanguage } from "@/lib/client/language";
import { renderWithSwr } from "./transfer-helpers";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
}));

const toast = { success: jest.fn(), error: jest.fn() } as unknown as Parameters<typeof SchedulePanel>[0]["toast"];

function renderPanel() {
  renderWithSwr(<SchedulePanel senderWalletId={1} receiverWalletId={12} minor={10_000n} message={null} toast={toast} onAmountError={jest.fn()} />);
}

/** The words under a field (its hint, which also describes it). */
const described = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

afterEach(() => act(() => chooseLanguage("ru")));

describe("the schedule's date fields", () => {
  it("keep the native picker and say the chosen day in the customer's language", async () => {
    const user = userEvent.setup();
    renderPanel();
    const start = screen.getByLabelText("Начиная с");
    expect(start).toHaveAttribute("type", "date");
    fireEvent.change(start, { target: { value: "2026-12-01" } });
    expect(described(start)).toBe("1 декабря 2026 г.");

    await user.click(screen.getByRole("radio", { name: "До даты" }));
    const end = screen.getByLabelText("До даты");
    expect(described(end)).toBeUndefined();
    fireEvent.change(end, { target: { value: "2027-03-14" } });
    expect(described(end)).toBe("14 марта 2027 г.");

    act(() => chooseLanguage("en"));
    expect(described(await screen.findByLabelText("Starting"))).toBe("1 December 2026");
    expect(described(screen.getByLabelText("On a date"))).toBe("14 March 2027");
  });

  it("say nothing while the field holds no real day", () => {
    renderPanel();
    const start = screen.getByLabelText("Начиная с");
    fireEvent.change(start, { target: { value: "" } });
    expect(start).not.toHaveAttribute("aria-describedby");
  });
});
