import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PocketsScreen, progressOf } from "@/components/pockets/pockets-screen";
import { fakeApi, posts, renderWithSwr } from "./transfer-helpers";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const TRIP = {
  id: 21, walletId: 1, currency: "RUB", name: "Отпуск", balance: 30_000, target: 120_000, targetDate: "2037-06-01",
  locked: true, roundUp: 10, status: "open", createdAt: "2036-11-30T10:00:00.000Z", closedAt: null,
};
const RAINY = { ...TRIP, id: 22, name: "На чёрный день", balance: 5_000, target: null, targetDate: null, locked: false, roundUp: 0 };

function renderPockets() {
  const sent = fakeApi((s) => {
    if (s.method === "GET" && s.path === "/api/v1/pockets") return { status: 200, body: [TRIP, RAINY] };
    if (s.method === "POST" && s.path === "/api/v1/pockets/22/deposit") {
      return { status: 201, body: { id: 7, kind: "pocket", senderWalletId: 1, receiverWalletId: 22, amount: 1_050, currency: "RUB", receivedAmount: 1_050, receivedCurrency: "RUB", rate: "1", message: null, channel: "app", createdAt: "2036-12-01T10:00:00.000Z" } };
    }
    if (s.method === "POST" && s.path === "/api/v1/pockets/21/withdraw") return { status: 409, body: { code: "POCKET_LOCKED", message: "Копилка заблокирована до даты цели: снять деньги пока нельзя" } };
    if (s.method === "POST" && s.path === "/api/v1/pockets") return { status: 201, body: { ...RAINY, id: 23, name: "Машина" } };
    return undefined;
  });
  renderWithSwr(<PocketsScreen />);
  return sent;
}

const card = async (name: string) => (await screen.findAllByTestId("pocket")).find((c) => c.textContent?.includes(name))!;

describe("the pockets screen", () => {
  it("shows each pocket with its progress toward the target, its lock and its round-up", async () => {
    renderPockets();
    const trip = await card("Отпуск");
    expect(within(trip).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    expect(trip).toHaveTextContent(/300,00\s₽ из 1\s200,00\s₽/);
    expect(trip).toHaveTextContent(/Заблокирована до 1\sиюня\s2037\sг\./);
    expect(trip).toHaveTextContent("Округление до 10");
    const rainy = await card("На чёрный день");
    expect(within(rainy).queryByRole("progressbar")).toBeNull();
  });

  it("moves money in with an Idempotency-Key, and says why a locked pocket keeps its money", async () => {
    const sent = renderPockets();
    const user = userEvent.setup();
    const rainy = await card("На чёрный день");
    await user.type(within(rainy).getByLabelText("Сумма"), "10,5");
    await user.click(within(rainy).getByRole("button", { name: "Пополнить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/pockets/22/deposit")).toHaveLength(1));
    const [deposit] = posts(sent, "/api/v1/pockets/22/deposit");
    expect(deposit.body).toEqual({ amount: 1_050 });
    expect(deposit.headers["Idempotency-Key"] ?? deposit.headers["idempotency-key"]).toMatch(/.{8,}/);

    const trip = await card("Отпуск");
    await user.type(within(trip).getByLabelText("Сумма"), "100");
    await user.click(within(trip).getByRole("button", { name: "Снять" }));
    expect(await screen.findByText(/заблокирована до даты цели/)).toBeInTheDocument();
  });

  it("asks before closing, and opens a pocket with a name, currency and round-up", async () => {
    const sent = renderPockets();
    const user = userEvent.setup();
    const rainy = await card("На чёрный день");
    await user.click(within(rainy).getByRole("button", { name: "Закрыть копилку" }));
    expect(rainy).toHaveTextContent("Все деньги вернутся на счёт");
    await user.click(within(rainy).getByRole("button", { name: "Не закрывать" }));
    expect(posts(sent, "/api/v1/pockets/22/close")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Новая копилка" }));
    await user.type(screen.getByLabelText("Название"), "Машина");
    await user.click(screen.getByRole("radio", { name: "До 100" }));
    await user.click(screen.getByRole("button", { name: "Открыть копилку" }));
    await waitFor(() => expect(posts(sent, "/api/v1/pockets")).toHaveLength(1));
    expect(posts(sent, "/api/v1/pockets")[0].body).toMatchObject({ currency: "RUB", name: "Машина", roundUp: 100, target: null, locked: false });
  });

  it("counts progress in whole percent, never past 100", () => {
    expect(progressOf({ balance: 999, target: 1_000 })).toBe(99);
    expect(progressOf({ balance: 5_000, target: 1_000 })).toBe(100);
    expect(progressOf({ balance: 5_000, target: null })).toBe(0);
  });
});
