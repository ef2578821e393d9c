import { fireEvent, screen, waitFor } from "@testing-library/react";
import { SettingsTab } from "@/components/bank/settings-tab";
import { fakeServer, ME, on, renderFresh, signIn } from "./bank-support";

const replace = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: jest.fn() }),
}));

beforeEach(() => {
  sessionStorage.clear();
  replace.mockReset();
  signIn();
});

describe("settings tab", () => {
  it("shows the username, version 1.0.0 and a developer link", async () => {
    fakeServer(on("GET", "/api/v1/users/me", { status: 200, body: ME }));
    renderFresh(<SettingsTab />);
    expect(await screen.findByTestId("settings-username")).toHaveTextContent("anna");
    expect(screen.getByText("1.0.0")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Разработчик/ })).toHaveAttribute("href", "/api/v1/openapi.json");
  });

  it("switches notifications at once and keeps the change when the server agrees", async () => {
    let release: () => void = () => undefined;
    const calls = fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      (call) =>
        call.method === "PUT"
          ? new Promise((resolve) => (release = () => resolve({ status: 200, body: { ...ME, notification: false } })))
          : undefined,
    );
    renderFresh(<SettingsTab />);
    const toggle = await screen.findByRole("switch", { name: "Уведомления" });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute("aria-checked", "true");
    fireEvent.click(toggle);
    // Optimistic: flipped before the server answered.
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
    const put = calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({ path: "/api/v1/users/1/notifications", body: { enable: false } });
    release();
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem("user") ?? "{}").notification).toBe(false));
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("reverts the switch and says so when the server refuses", async () => {
    fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("PUT", "/api/v1/users/1/notifications", { status: 500, body: { message: "x", code: "INTERNAL" } }),
    );
    renderFresh(<SettingsTab />);
    const toggle = await screen.findByRole("switch", { name: "Уведомления" });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось обновить уведомления");
    expect(toggle).toHaveAttribute("aria-checked", "true");
  });

  it("logs out: both tokens gone, revoked on the server, back to /", async () => {
    const calls = fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("POST", "/api/v1/auth/logout", { status: 200, body: { ok: true } }),
    );
    renderFresh(<SettingsTab />);
    fireEvent.click(screen.getByRole("button", { name: "Выйти" }));
    expect(sessionStorage.getItem("access_token")).toBeNull();
    expect(sessionStorage.getItem("refresh_token")).toBeNull();
    expect(replace).toHaveBeenCalledWith("/");
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/api/v1/auth/logout")?.body).toEqual({ refresh_token: "refresh" }),
    );
  });
});
