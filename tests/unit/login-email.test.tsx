import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { EmailLogin, PIN_CLEAR_DELAY_MS } from "@/components/login/email-login";
import { fakeServer, ME, on, renderFresh } from "./bank-support";

const replace = jest.fn();
const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push, back: jest.fn() }),
}));

const TOKENS = { access_token: "acc", refresh_token: "ref" };

beforeEach(() => {
  sessionStorage.clear();
  replace.mockReset();
  Object.assign(navigator, { vibrate: jest.fn() });
});

async function goToCodeStep(email = "Anna@Example.com") {
  fireEvent.change(screen.getByLabelText("Электронная почта"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Получить код" }));
  return screen.findByLabelText("Код из письма");
}

describe("e-mail sign-in, step 1", () => {
  it("rejects an invalid address with the popup and a shake, without calling the server", () => {
    const calls = fakeServer();
    renderFresh(<EmailLogin />);
    const input = screen.getByLabelText("Электронная почта");
    fireEvent.change(input, { target: { value: "anna @example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Получить код" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Введите корректный email");
    expect(input).toHaveClass("shake");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(calls).toHaveLength(0);
  });

  it("drops the invalid-address popup once a good address is accepted", async () => {
    fakeServer(on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }));
    renderFresh(<EmailLogin />);
    const input = screen.getByLabelText("Электронная почта");
    fireEvent.change(input, { target: { value: "anna@" } });
    fireEvent.click(screen.getByRole("button", { name: "Получить код" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Введите корректный email");
    await goToCodeStep("anna@example.com");
    expect(screen.queryByText("Введите корректный email")).not.toBeInTheDocument();
  });

  it("reports a failed code request", async () => {
    fakeServer(on("POST", "/api/v1/auth/email/request-code", { status: 500, body: { message: "x", code: "INTERNAL" } }));
    renderFresh(<EmailLogin />);
    fireEvent.change(screen.getByLabelText("Электронная почта"), { target: { value: "anna@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Получить код" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось отправить код на почту");
    expect(screen.queryByLabelText("Код из письма")).not.toBeInTheDocument();
  });

  it("shows the server's own message when it refuses for too many requests (429)", async () => {
    const message = "Слишком много запросов. Попробуйте позже";
    fakeServer(on("POST", "/api/v1/auth/email/request-code", { status: 429, body: { message, code: "RATE_LIMITED" } }));
    renderFresh(<EmailLogin />);
    fireEvent.change(screen.getByLabelText("Электронная почта"), { target: { value: "anna@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Получить код" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByText("Не удалось отправить код на почту")).not.toBeInTheDocument();
  });

  it("does not shake the code cells when they appear after an invalid address", async () => {
    fakeServer(on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }));
    renderFresh(<EmailLogin />);
    fireEvent.change(screen.getByLabelText("Электронная почта"), { target: { value: "anna@" } });
    fireEvent.click(screen.getByRole("button", { name: "Получить код" }));
    await goToCodeStep("anna@example.com");
    expect(document.querySelector(".shake")).toBeNull();
  });

  it("sends the normalised address anonymously and moves to the code step", async () => {
    const calls = fakeServer(on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }));
    renderFresh(<EmailLogin />);
    const pin = await goToCodeStep();
    expect(pin).toHaveFocus();
    expect(calls[0]).toMatchObject({ body: { email: "anna@example.com" }, auth: undefined });
    expect(screen.getByText("anna@example.com")).toBeInTheDocument();
  });
});

describe("e-mail sign-in, step 2", () => {
  it("submits at six digits; a wrong code shakes, vibrates 200 ms and clears after ~0.6 s", async () => {
    const calls = fakeServer(
      on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }),
      on("POST", "/api/v1/auth/email/verify-code", {
        status: 400,
        body: { message: "Неверный или просроченный код", code: "WRONG_CODE" },
      }),
    );
    renderFresh(<EmailLogin />);
    const pin = await goToCodeStep();
    jest.useFakeTimers();
    try {
      fireEvent.change(pin, { target: { value: "12345" } });
      expect(calls.filter((c) => c.path.endsWith("verify-code"))).toHaveLength(0);
      fireEvent.change(pin, { target: { value: "123456" } });
      await act(async () => undefined);
      const verify = calls.filter((c) => c.path.endsWith("verify-code"));
      expect(verify).toHaveLength(1);
      expect(verify[0].body).toEqual({ email: "anna@example.com", code: "123456" });
      expect(await screen.findByRole("alert")).toHaveTextContent("Неверный или просроченный код");
      expect(navigator.vibrate).toHaveBeenCalledWith(200);
      expect(document.querySelector(".pin-cells")).toHaveClass("shake");
      expect(screen.getByLabelText("Код из письма")).toHaveValue("123456");
      act(() => jest.advanceTimersByTime(PIN_CLEAR_DELAY_MS - 50));
      expect(screen.getByLabelText("Код из письма")).toHaveValue("123456");
      act(() => jest.advanceTimersByTime(100));
      expect(screen.getByLabelText("Код из письма")).toHaveValue("");
    } finally {
      jest.useRealTimers();
    }
    expect(PIN_CLEAR_DELAY_MS).toBeGreaterThanOrEqual(500);
    expect(PIN_CLEAR_DELAY_MS).toBeLessThanOrEqual(700);
    expect(replace).not.toHaveBeenCalled();
  });

  it("with the right code keeps the tokens, creates wallets on a first sign-in and opens /bank", async () => {
    const calls = fakeServer(
      on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }),
      on("POST", "/api/v1/auth/email/verify-code", { status: 200, body: TOKENS }),
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("GET", "/api/v1/wallet", { status: 200, body: [] }),
      on("POST", "/api/v1/wallet/init", { status: 201, body: [] }),
    );
    renderFresh(<EmailLogin />);
    const pin = await goToCodeStep();
    fireEvent.change(pin, { target: { value: "654321" } });
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/bank"));
    expect(sessionStorage.getItem("access_token")).toBe("acc");
    expect(sessionStorage.getItem("refresh_token")).toBe("ref");
    // The profile is read from the server when shown, never kept in the browser's storage.
    expect(sessionStorage.getItem("user")).toBeNull();
    const me = calls.find((c) => c.path === "/api/v1/users/me");
    expect(me?.auth).toBe("Bearer acc");
    expect(calls.filter((c) => c.method === "POST" && c.path === "/api/v1/wallet/init")).toHaveLength(1);
  });

  it("does not create wallets for a user who already has them", async () => {
    const calls = fakeServer(
      on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }),
      on("POST", "/api/v1/auth/email/verify-code", { status: 200, body: TOKENS }),
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("GET", "/api/v1/wallet", {
        status: 200,
        body: [{ id: 1, currency: "RUB", balance: 0, number: "2202000000000001" }],
      }),
    );
    renderFresh(<EmailLogin />);
    fireEvent.change(await goToCodeStep(), { target: { value: "654321" } });
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/bank"));
    expect(calls.some((c) => c.path === "/api/v1/wallet/init")).toBe(false);
  });

  it("offers a new code only after the countdown, then sends one to the same address", async () => {
    jest.useFakeTimers({ now: new Date("2026-11-23T10:00:00Z"), doNotFake: ["queueMicrotask", "nextTick"] });
    try {
      const calls = fakeServer(on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }));
      renderFresh(<EmailLogin />);
      await goToCodeStep();
      const resend = screen.getByRole("button", { name: "Отправить код ещё раз через 1:00" });
      expect(resend).toBeDisabled();
      await act(async () => {
        jest.advanceTimersByTime(18_000);
      });
      expect(screen.getByRole("button", { name: "Отправить код ещё раз через 0:42" })).toBeDisabled();
      await act(async () => {
        jest.advanceTimersByTime(42_000);
      });
      const ready = screen.getByRole("button", { name: "Отправить код ещё раз" });
      expect(ready).toBeEnabled();
      fireEvent.click(ready);
      expect(await screen.findByText("Новое письмо с кодом отправлено")).toBeInTheDocument();
      expect(calls.filter((c) => c.path === "/api/v1/auth/email/request-code").map((c) => c.body)).toEqual([
        { email: "anna@example.com" },
        { email: "anna@example.com" },
      ]);
      // …and the countdown starts again.
      expect(screen.getByRole("button", { name: /через 1:00/ })).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it("goes back to the address step", async () => {
    fakeServer(on("POST", "/api/v1/auth/email/request-code", { status: 200, body: { ok: true } }));
    renderFresh(<EmailLogin />);
    await goToCodeStep();
    fireEvent.click(screen.getByRole("button", { name: "Назад" }));
    expect(screen.getByLabelText("Электронная почта")).toHaveValue("Anna@Example.com");
  });
});
