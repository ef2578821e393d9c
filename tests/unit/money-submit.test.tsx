import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import useSWR, { SWRConfig } from "swr";
import { useMoneySubmit, type MoneyRequest } from "@/components/money/use-money-submit";
import { useToast } from "@/components/ui/toast";
import { ApiError, NetworkError } from "@/lib/client/api";
import { hapticError, hapticSuccess } from "@/lib/client/telegram/haptics";
import { DICTIONARIES } from "@/lib/shared/i18n";

const { ru } = DICTIONARIES;

const push = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: jest.fn(), back: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));
jest.mock("@/lib/client/telegram/haptics", () => ({ hapticError: jest.fn(), hapticSuccess: jest.fn(), hapticSelection: jest.fn() }));

/** How often the own wallets were fetched: the first load, then once per revalidation. */
let walletLoads = 0;

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

/** A money form's submit beside a screen that shows the own wallets (so revalidation is seen). */
function renderSubmit() {
  return renderHook(
    () => {
      useSWR("/api/v1/wallet", () => ++walletLoads);
      const toast = useToast();
      return { toast, money: useMoneySubmit({ toast }) };
    },
    { wrapper },
  );
}

/** A request whose answers come in turn (an Error is thrown), recording the keys it was sent with. */
function answering(...answers: (Error | { id: number })[]) {
  const keys: string[] = [];
  const request: MoneyRequest<{ id: number }> = {
    send: async (key) => {
      keys.push(key);
      const answer = answers[Math.min(keys.length - 1, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    receipt: (transfer) => transfer.id,
  };
  return { keys, request };
}

const offline = () => new NetworkError(new TypeError("Failed to fetch"));
const refused = () => new ApiError("Недостаточно средств на счёте", 422, "INSUFFICIENT_FUNDS");
const failed = () => new ApiError("Внутренняя ошибка сервера", 500, "INTERNAL");

beforeEach(() => {
  push.mockReset();
  jest.mocked(hapticError).mockReset();
  jest.mocked(hapticSuccess).mockReset();
  walletLoads = 0;
});

describe("useMoneySubmit", () => {
  it("retries an unknown outcome (no answer, or a 5xx) under the same Idempotency-Key, so the money cannot move twice", async () => {
    const { result } = renderSubmit();
    const { keys, request } = answering(offline(), failed(), { id: 5 });
    await act(() => result.current.money.submit(request));
    expect(result.current.toast.state?.message).toBe(ru.transfer.outcomeUnknown);
    await act(() => result.current.money.submit(request));
    await act(() => result.current.money.submit(request));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(push).toHaveBeenCalledWith("/receipt/5?new=1");
  });

  it("starts a new key after a refusal (nothing was applied) and after success", async () => {
    const { result } = renderSubmit();
    const { keys, request } = answering(refused(), { id: 6 }, { id: 7 });
    await act(() => result.current.money.submit(request));
    expect(result.current.toast.state).toMatchObject({ kind: "error", message: "Ошибка: Недостаточно средств на счёте" });
    await act(() => result.current.money.submit(request));
    await act(() => result.current.money.submit(request));
    expect(new Set(keys).size).toBe(3);
  });

  it("success: the success haptic, the wallets revalidated, the receipt opened", async () => {
    const { result } = renderSubmit();
    await waitFor(() => expect(walletLoads).toBe(1));
    const onSuccess = jest.fn();
    await act(() => result.current.money.submit({ ...answering({ id: 9 }).request, onSuccess }));
    expect(onSuccess).toHaveBeenCalledWith({ id: 9 });
    expect(hapticSuccess).toHaveBeenCalledTimes(1);
    expect(hapticError).not.toHaveBeenCalled();
    expect(push).toHaveBeenCalledWith("/receipt/9?new=1");
    await waitFor(() => expect(walletLoads).toBe(2));
  });

  it("failure: the error haptic, the form's own clean-up, its own words; no receipt", async () => {
    const { result } = renderSubmit();
    const onFailure = jest.fn();
    const { request } = answering(offline());
    await act(() => result.current.money.submit({ ...request, onFailure, failure: { unknown: "неизвестно", failed: "не вышло" } }));
    expect(result.current.toast.state?.message).toBe("неизвестно");
    expect(onFailure).toHaveBeenCalledWith(expect.any(NetworkError));
    expect(hapticError).toHaveBeenCalledTimes(1);
    expect(push).not.toHaveBeenCalled();
    await act(() => result.current.money.submit({ ...answering(failed()).request, failure: { unknown: "неизвестно", failed: "не вышло" } }));
    expect(result.current.toast.state?.message).toBe("не вышло");
  });

  it("sends once however often it is pressed while a request runs", async () => {
    const { result } = renderSubmit();
    let answer: (value: { id: number }) => void = () => undefined;
    const send = jest.fn(() => new Promise<{ id: number }>((resolve) => (answer = resolve)));
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.money.submit({ send });
      void result.current.money.submit({ send });
    });
    expect(result.current.money.submitting).toBe(true);
    await act(async () => {
      answer({ id: 1 });
      await first;
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.money.submitting).toBe(false);
  });

  it("a hold (the app lock refused) sends nothing and says why", async () => {
    const { result } = renderSubmit();
    const send = jest.fn();
    await act(() => result.current.money.submit({ send, hold: async () => "Не удалось подтвердить личность" }));
    expect(send).not.toHaveBeenCalled();
    expect(hapticError).toHaveBeenCalledTimes(1);
    expect(result.current.toast.state?.message).toBe("Не удалось подтвердить личность");
    expect(result.current.money.submitting).toBe(false);
  });
});
