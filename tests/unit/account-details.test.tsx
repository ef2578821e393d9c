import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AccountDetails } from "@/components/bank/account-details";
import { WalletTab } from "@/components/bank/wallet-tab";
import type { TransferDto } from "@/lib/shared/schemas/transfers";
import { fakeServer, ME, on, renderFresh } from "./bank-support";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));
jest.mock("@/components/ton/ton-connect-button-lazy", () => ({
  TonConnectButtonLazy: () => <span data-testid="ton-slot" />,
}));

const WALLETS = [
  { id: 1, currency: "RUB", balance: 123_456, number: "2202000011112222" },
  { id: 2, currency: "USD", balance: 10_050, number: "2202000033334444" },
];
const IN: TransferDto = {
  id: 7,
  kind: "transfer",
  senderWalletId: 50,
  receiverWalletId: 2,
  amount: 500,
  currency: "USD",
  receivedAmount: 500,
  receivedCurrency: "USD",
  rate: "1",
  message: null,
  channel: "app",
  createdAt: "2025-03-05T10:00:00",
};

function server() {
  return fakeServer(
    on("GET", "/api/v1/users/me", { status: 200, body: ME }),
    on("GET", "/api/v1/wallet", { status: 200, body: WALLETS }),
    on("GET", "/api/v1/transfers/wallet/2", { status: 200, body: [IN] }),
    on("GET", /\/api\/v1\/rates\//, { status: 200, body: { value: 90.5 } }),
    on("GET", "/api/v1/transfers/username/50", { status: 200, body: { username: "vera", avatarUrl: "/v.svg" } }),
  );
}

describe("accounts", () => {
  it("open their details from the wallet tab; the ruble account shows no rate or ruble equivalent", async () => {
    server();
    renderFresh(<WalletTab />);
    const rub = await screen.findByTestId("account-RUB");
    expect(within(rub).getByRole("link")).toHaveAttribute("href", "/account/1");
    expect(within(rub).queryByText(/Курс/)).not.toBeInTheDocument();
    expect(rub.querySelector(".account-rubles")).toBeNull();
    const usd = screen.getByTestId("account-USD");
    expect(within(usd).getByText(/Курс/)).toBeInTheDocument();
  });

  it("show the balance, the full number with copy, the actions and the account's own history", async () => {
    const calls = server();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderFresh(<AccountDetails walletId={2} />);
    expect(await screen.findByTestId("account-number")).toHaveTextContent("2202 0000 3333 4444");
    expect(screen.getByTestId("account-balance").textContent).toBe("100,50\u00a0$");
    fireEvent.click(screen.getByRole("button", { name: "Скопировать" }));
    expect(await screen.findByText("Номер счёта скопирован")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith("2202000033334444");
    expect(screen.getByRole("link", { name: "Пополнить" })).toHaveAttribute("href", "/add-money/online?currency=USD");
    expect(screen.getByRole("link", { name: "Перевести" })).toHaveAttribute("href", "/transfer-money?from=2");
    await waitFor(() => expect(screen.getAllByTestId("history-row")).toHaveLength(1));
    expect(calls.map((c) => c.path)).not.toContain("/api/v1/transfers/wallet/1");
  });

  it("say when the account is not the user's", async () => {
    server();
    renderFresh(<AccountDetails walletId={99} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Счёт не найден");
  });
});
