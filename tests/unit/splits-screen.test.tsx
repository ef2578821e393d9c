import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SplitScreen } from "@/components/splits/split-screen";
import { SplitsScreen } from "@/components/splits/splits-screen";
import SplitPage from "@/app/split/page";
import { readSplitPrefill, splitFormBack, splitFormPath } from "@/lib/client/split-prefill";
import { fakeApi, posts, renderWithSwr, type Sent } from "./transfer-helpers";

const push = jest.fn();
let query = new URLSearchParams();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => query,
}));

beforeEach(() => {
  push.mockReset();
  query = new URLSearchParams();
  // Each test opens its screens afresh: a new history entry, nothing kept from another test.
  sessionStorage.clear();
  window.history.pushState(null, "", "/");
});

const TOKEN = "SpLiTtOkEnAbCdEfGhIjKl";
const REQUEST = "ReQuEsTtOkEnAbCdEfGhIj";
const ME = { id: 3, username: "vera", email: null, telegramUsername: null, telegramFirstName: "Вера", avatarUrl: "/a/3.svg", notification: true, botMayWrite: null };
const person = (name: string) => ({ name, avatarUrl: `/a/${name}.svg` });
const SPLIT = {
  token: TOKEN,
  title: "Ужин",
  total: 90_000,
  currency: "RUB",
  mode: "equal",
  status: "open",
  organiser: person("Алиса"),
  own: false,
  createdAt: "2026-11-25T00:00:00.000Z",
  lastRemindedAt: null,
  progress: { count: 3, paid: 1, settled: 1, pending: 1, declined: 0, collected: 60_000 },
  shares: [
    { position: 0, participant: person("Алиса"), mine: false, amount: 30_000, status: "settled", requestToken: null, remindedAt: null },
    { position: 1, participant: person("Борис"), mine: false, amount: 30_000, status: "paid", requestToken: null, remindedAt: null },
    { position: 2, participant: person("Вера"), mine: true, amount: 30_000, status: "pending", requestToken: REQUEST, remindedAt: null },
  ],
  joinable: false,
};

/** What the split form asks for as it opens and sends: the caller, no recipients, no splits, then the split made. */
function splitFormAnswers(s: Sent) {
  if (s.path === "/api/v1/users/me") return { status: 200, body: ME };
  if (s.path === "/api/v1/transfers/recipients") return { status: 200, body: [] };
  if (s.path === "/api/v1/splits" && s.method === "GET") return { status: 200, body: [] };
  if (s.path === "/api/v1/splits" && s.method === "POST") return { status: 201, body: { ...SPLIT, own: true } };
  return undefined;
}

describe("a split's screen", () => {
  it("shows the participant their share, who else owes what, and pays through the request's screen", async () => {
    fakeApi((s: Sent) => (s.path === `/api/v1/splits/${TOKEN}` ? { status: 200, body: SPLIT } : undefined));
    const user = userEvent.setup();
    renderWithSwr(<SplitScreen token={TOKEN} />);
    const mine = await screen.findByRole("region", { name: "Ваша доля" });
    expect(within(mine).getByText("300,00 ₽")).toBeInTheDocument();
    expect(screen.getByText("Оплачено 2 из 3 · 600,00 ₽ из 900,00 ₽")).toBeInTheDocument();
    const rows = screen.getAllByTestId("split-share");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Алиса"),
      expect.stringContaining("Борис"),
      expect.stringContaining("Вы"),
    ]);
    expect(within(rows[1]).getByText("оплачено")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Напомнить" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Оплатить свою долю" }));
    expect(push).toHaveBeenCalledWith(`/pay?r=${REQUEST}`);
  });

  it("lets the participant decline their share, and then offers neither paying nor declining", async () => {
    const declined = {
      ...SPLIT,
      progress: { ...SPLIT.progress, pending: 0, declined: 1 },
      shares: SPLIT.shares.map((share) => (share.mine ? { ...share, status: "declined" } : share)),
    };
    const sent = fakeApi((s: Sent) => {
      if (s.path === `/api/v1/splits/${TOKEN}/decline` && s.method === "POST") return { status: 200, body: declined };
      return s.path === `/api/v1/splits/${TOKEN}` ? { status: 200, body: SPLIT } : undefined;
    });
    const user = userEvent.setup();
    renderWithSwr(<SplitScreen token={TOKEN} />);
    await user.click(await screen.findByRole("button", { name: "Отказаться от доли" }));
    expect(await screen.findByText("Вы отказались от доли: запрос отменён, напоминаний не будет")).toBeInTheDocument();
    expect(posts(sent, `/api/v1/splits/${TOKEN}/decline`)).toHaveLength(1);
    const mine = screen.getByRole("region", { name: "Ваша доля" });
    await waitFor(() => expect(within(mine).getByText("отклонено")).toBeInTheDocument());
    expect(within(mine).queryAllByRole("button")).toEqual([]);
  });

  it("gives the organiser one link to share, each unpaid share one way to settle, and the link's share an icon", async () => {
    const own = {
      ...SPLIT,
      own: true,
      progress: { count: 3, paid: 0, settled: 1, pending: 2, declined: 0, collected: 30_000 },
      shares: [
        { position: 0, participant: person("Вера"), mine: true, amount: 30_000, status: "settled", requestToken: null, remindedAt: null },
        { position: 1, participant: person("Борис"), mine: false, amount: 30_000, status: "pending", requestToken: REQUEST, remindedAt: null },
        { position: 2, participant: null, mine: false, amount: 30_000, status: "pending", requestToken: `${REQUEST}x`, remindedAt: null },
      ],
    };
    fakeApi((s: Sent) => (s.path === `/api/v1/splits/${TOKEN}` ? { status: 200, body: own } : undefined));
    renderWithSwr(<SplitScreen token={TOKEN} />);
    await screen.findByRole("button", { name: "Напомнить" });
    // "Поделиться ссылкой" once for the screen (the split's link), not once more per unpaid share.
    expect(screen.getAllByRole("button", { name: "Поделиться ссылкой" })).toHaveLength(1);
    const rows = screen.getAllByTestId("split-share");
    expect(rows.map((row) => within(row).queryAllByRole("button").map((b) => b.textContent))).toEqual([
      [],
      ["Рассчитались вне приложения"],
      ["Рассчитались вне приложения"],
    ]);
    // The share left to the link shows the app's own icon, not an emoji that needs an emoji font.
    expect(rows[2].querySelector(".avatar-icon svg")).not.toBeNull();
    expect(rows[2].textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it("says so when the split is not there for this person", async () => {
    fakeApi();
    renderWithSwr(<SplitScreen token={TOKEN} />);
    expect(await screen.findByText("Счёт не найден или вы в нём не участвуете")).toBeInTheDocument();
  });
});

describe("the split form", () => {
  it("splits equally among the organiser and shares left to the link, then opens the split", async () => {
    const sent = fakeApi((s: Sent) => {
      const form = splitFormAnswers(s);
      if (form) return form;
      return undefined;
    });
    const user = userEvent.setup();
    renderWithSwr(<SplitsScreen />);
    expect(await screen.findByText("Разделённых счетов пока нет")).toBeInTheDocument();
    await user.type(screen.getByLabelText("За что"), "Ужин");
    await user.type(screen.getByLabelText("Сумма счёта"), "100");
    await user.click(screen.getByRole("button", { name: "+ Доля по ссылке" }));
    await user.click(screen.getByRole("button", { name: "+ Доля по ссылке" }));
    const entries = await screen.findAllByTestId("split-entry");
    expect(entries.map((entry) => within(entry).getByText(/₽$/).textContent)).toEqual(["33,34\u00a0₽", "33,33\u00a0₽", "33,33\u00a0₽"]);
    await user.click(screen.getByRole("button", { name: "Разделить" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/split?s=${TOKEN}`));
    const [created] = posts(sent, "/api/v1/splits");
    expect(created.body).toEqual({ title: "Ужин", currency: "RUB", total: 10_000, mode: "equal", shares: [{ userId: 3 }, { userId: null }, { userId: null }] });
    expect(created.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(push).toHaveBeenCalledWith(`/split?s=${TOKEN}`);
  });

  it("starts from a receipt's amount, currency and message, and sends them once people are added", async () => {
    const sent = fakeApi((s: Sent) => {
      const form = splitFormAnswers(s);
      if (form) return form;
      return undefined;
    });
    query = new URLSearchParams(splitFormPath({ id: 42, amount: 123_450, currency: "USD", message: "Ужин" }).split("?")[1]);
    const user = userEvent.setup();
    renderWithSwr(<SplitsScreen />);
    expect(await screen.findByLabelText("За что")).toHaveValue("Ужин");
    expect(screen.getByLabelText("Сумма счёта")).toHaveValue("1234,50");
    expect(screen.getByRole("radio", { name: "USD $" })).toBeChecked();
    await user.click(await screen.findByRole("button", { name: "+ Доля по ссылке" }));
    await user.click(screen.getByRole("button", { name: "Разделить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/splits")).toHaveLength(1));
    expect(posts(sent, "/api/v1/splits")[0].body).toMatchObject({ title: "Ужин", currency: "USD", total: 123_450 });
    // Back returns to the receipt it came from.
    await user.click(screen.getByRole("button", { name: "Назад" }));
    expect(push).toHaveBeenLastCalledWith("/receipt/42");
  });

  it("made from a receipt, opens the split whose Back returns to that receipt", async () => {
    fakeApi((s: Sent) => {
      const form = splitFormAnswers(s);
      if (form) return form;
      if (s.path === `/api/v1/splits/${TOKEN}`) return { status: 200, body: { ...SPLIT, own: true } };
      return undefined;
    });
    query = new URLSearchParams(splitFormPath({ id: 42, amount: 123_450, currency: "USD", message: "Ужин" }).split("?")[1]);
    const user = userEvent.setup();
    const form = renderWithSwr(<SplitsScreen />);
    await user.click(await screen.findByRole("button", { name: "+ Доля по ссылке" }));
    await user.click(screen.getByRole("button", { name: "Разделить" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/split?s=${TOKEN}&receipt=42`));
    form.unmount();

    // The split's page, at the path the form opened: its "Назад" is the receipt, not an empty form.
    sessionStorage.setItem("access_token", "access");
    query = new URLSearchParams(`s=${TOKEN}&receipt=42`);
    push.mockReset();
    renderWithSwr(<SplitPage />);
    await user.click(await screen.findByRole("button", { name: "Назад" }));
    expect(push).toHaveBeenLastCalledWith("/receipt/42");
  });

  it("a split's page opened otherwise goes back to the splits", async () => {
    fakeApi((s: Sent) => (s.path === `/api/v1/splits/${TOKEN}` ? { status: 200, body: SPLIT } : undefined));
    sessionStorage.setItem("access_token", "access");
    for (const search of [`s=${TOKEN}`, `s=${TOKEN}&receipt=%2F%2Fevil.example`]) {
      query = new URLSearchParams(search);
      const page = renderWithSwr(<SplitPage />);
      await userEvent.setup().click(await screen.findByRole("button", { name: "Назад" }));
      expect(push).toHaveBeenLastCalledWith("/splits");
      page.unmount();
    }
  });

  it("Back to a form already sent shows it as it was sent, and sending it again replays the same split", async () => {
    const sent = fakeApi((s: Sent) => {
      const form = splitFormAnswers(s);
      if (form) return form;
      return undefined;
    });
    query = new URLSearchParams(splitFormPath({ id: 42, amount: 90_000, currency: "RUB", message: "Ужин" }).split("?")[1]);
    const user = userEvent.setup();
    const first = renderWithSwr(<SplitsScreen />);
    await user.click(await screen.findByRole("button", { name: "+ Доля по ссылке" }));
    await user.click(screen.getByRole("button", { name: "Разделить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/splits")).toHaveLength(1));
    first.unmount();

    // The browser's Back: the same history entry, the form mounted again.
    renderWithSwr(<SplitsScreen />);
    await waitFor(() => expect(screen.getAllByTestId("split-entry")).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Разделить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/splits")).toHaveLength(2));
    const [once, again] = posts(sent, "/api/v1/splits");
    expect(again.headers["idempotency-key"]).toBe(once.headers["idempotency-key"]);
    expect(again.body).toEqual(once.body);

    // An edit makes it another split: another key.
    await user.click(screen.getByRole("button", { name: "+ Доля по ссылке" }));
    await user.click(screen.getByRole("button", { name: "Разделить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/splits")).toHaveLength(3));
    expect(posts(sent, "/api/v1/splits")[2].headers["idempotency-key"]).not.toBe(once.headers["idempotency-key"]);
  });

  it("the same form opened afresh (a new history entry) starts empty, with a key of its own", async () => {
    const sent = fakeApi((s: Sent) => {
      const form = splitFormAnswers(s);
      if (form) return form;
      return undefined;
    });
    const user = userEvent.setup();
    const first = renderWithSwr(<SplitsScreen />);
    await user.type(await screen.findByLabelText("За что"), "Ужин");
    await user.type(screen.getByLabelText("Сумма счёта"), "100");
    await user.click(screen.getByRole("button", { name: "+ Доля по ссылке" }));
    await user.click(screen.getByRole("button", { name: "Разделить" }));
    await waitFor(() => expect(posts(sent, "/api/v1/splits")).toHaveLength(1));
    first.unmount();

    window.history.pushState(null, "", "/splits");
    renderWithSwr(<SplitsScreen />);
    expect(await screen.findByLabelText("За что")).toHaveValue("");
    expect(screen.queryAllByTestId("split-entry").filter((e) => e.textContent?.includes("Доля по ссылке"))).toHaveLength(0);
  });

  it("goes back to the payments screen when not opened from a receipt, or from anything but one", () => {
    expect(splitFormBack(new URLSearchParams(""))).toBe("/requests");
    expect(splitFormBack(new URLSearchParams("receipt=7"))).toBe("/receipt/7");
    for (const bad of ["receipt=0", "receipt=-1", "receipt=%2F%2Fevil.example", "receipt=1%2F..%2Fbank", "receipt=12abc"]) {
      expect(splitFormBack(new URLSearchParams(bad))).toBe("/requests");
    }
  });

  it.each([
    ["an amount that is not one", "title=Ужин&amount=-5&currency=USD", { title: "Ужин", amount: "", currency: "USD" }],
    ["an amount in an unknown currency", "amount=10&currency=XXX", { title: "", amount: "", currency: "RUB" }],
    ["an amount without its currency", "amount=10", { title: "", amount: "", currency: "RUB" }],
    ["too many decimals", "amount=1.239&currency=EUR", { title: "", amount: "", currency: "EUR" }],
    ["from a title a line break and an invisible character", "title=%D0%A3%D0%B6%D0%B8%D0%BD%0A%E2%80%8B%D1%83+%D0%BC%D0%BE%D1%80%D1%8F", { title: "Ужин у моря", amount: "", currency: "RUB" }],
  ])("leaves out %s", (_, search, prefill) => {
    expect(readSplitPrefill(new URLSearchParams(search))).toEqual(prefill);
  });

  it("takes an amount written either way, and a title cut to the field's length", () => {
    expect(readSplitPrefill(new URLSearchParams("amount=4,5&currency=CNY"))).toEqual({ title: "", amount: "4,5", currency: "CNY" });
    expect(readSplitPrefill(new URLSearchParams(`title=${"я".repeat(200)}&amount=4.50&currency=RUB`))).toEqual({ title: "я".repeat(140), amount: "4,50", currency: "RUB" });
  });
});
