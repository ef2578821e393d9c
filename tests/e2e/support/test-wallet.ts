import { toUserFriendlyAddress } from "@tonconnect/sdk";
import type { ConsoleMessage, Page } from "@playwright/test";

/**
 * An injected TON wallet for the e2e tests: `window.minibanktestwallet.tonconnect`, speaking the
 * TON Connect JS-bridge protocol the way a browser-extension wallet does (see InjectedProvider in
 * @tonconnect/sdk). The app lists it only in builds made with NEXT_PUBLIC_TON_TEST_WALLET=1.
 *
 * The wallet keeps its "connected" flag in localStorage, so a reload can restore the session.
 * How it answers sendTransaction is up to the test: `setSendMode(page, "approve" | "reject" |
 * "hold")`; with "hold" the request waits until `releaseHeldRequest(page, approve)`.
 */

export const TEST_WALLET_KEY = "minibanktestwallet";
/** Raw address (workchain 0) the wallet reports: `0:` + 64 hex digits. */
export const TEST_WALLET_ADDRESS = `0:${"83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8"}`;
export const TEST_WALLET_PUBLIC_KEY = "d04ab232742bb4ab3a1368bd4615e4e6d0224ab71a016baf8520a332c9778737";
export const TEST_WALLET_APP_NAME = "minibanktestwallet";
export const TEST_WALLET_APP_VERSION = "1.2.3";
/** A minimal bag-of-cells in base64 (one empty cell): stands for a signed message / state init. */
export const TEST_BOC = "te6cckEBAQEAAgAAAEysuc0=";

export type SendMode = "approve" | "reject" | "hold";

type WalletOptions = {
  address: string;
  publicKey: string;
  appName: string;
  appVersion: string;
  boc: string;
};

/** Runs in the page before any app script: installs the wallet object on window. */
function installWallet(options: WalletOptions): void {
  type Listener = (event: unknown) => void;
  const STORE = "minibanktestwallet:connected";
  const listeners = new Set<Listener>();
  const state: {
    mode: "approve" | "reject" | "hold";
    requests: { method: string; params: unknown[]; id: string }[];
    held: ((approve: boolean) => void) | null;
    connectCalls: number;
  } = { mode: "approve", requests: [], held: null, connectCalls: 0 };

  const device = {
    platform: "browser",
    appName: options.appName,
    appVersion: options.appVersion,
    maxProtocolVersion: 2,
    features: ["SendTransaction", { name: "SendTransaction", maxMessages: 4 }],
  };
  let eventId = 0;
  const connectEvent = () => ({
    event: "connect",
    id: ++eventId,
    payload: {
      items: [
        {
          name: "ton_addr",
          address: options.address,
          network: "-239",
          publicKey: options.publicKey,
          walletStateInit: options.boc,
        },
      ],
      device,
    },
  });

  const tonconnect = {
    deviceInfo: device,
    walletInfo: {
      name: "Test Wallet",
      app_name: options.appName,
      image: `${location.origin}/tonconnect-icon.png`,
      about_url: `${location.origin}/ton-connect`,
      platforms: ["chrome"],
    },
    protocolVersion: 2,
    isWalletBrowser: false,
    async connect(protocolVersion: number, message: { items: { name: string }[] }) {
      state.connectCalls += 1;
      if (protocolVersion > 2 || !message.items.some((item) => item.name === "ton_addr")) {
        return { event: "connect_error", id: ++eventId, payload: { code: 1, message: "Bad request" } };
      }
      localStorage.setItem(STORE, "1");
      return connectEvent();
    },
    async restoreConnection() {
      if (localStorage.getItem(STORE) === "1") return connectEvent();
      return { event: "connect_error", id: ++eventId, payload: { code: 0, message: "Not connected" } };
    },
    async send(request: { method: string; params: string[]; id: string }) {
      state.requests.push(request);
      if (request.method === "disconnect") {
        localStorage.removeItem(STORE);
        return { result: {}, id: request.id };
      }
      if (request.method !== "sendTransaction") {
        return { error: { code: 400, message: "Method not supported" }, id: request.id };
      }
      const approved =
        state.mode === "hold"
          ? await new Promise<boolean>((resolve) => (state.held = resolve))
          : state.mode === "approve";
      return approved
        ? { result: options.boc, id: request.id }
        : { error: { code: 300, message: "User declined" }, id: request.id };
    },
    disconnect() {
      localStorage.removeItem(STORE);
    },
    listen(callback: Listener) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };

  Object.assign(window, {
    [options.appName]: { tonconnect },
    __testWallet: state,
  });
}

/** Injects the test wallet into every page the test opens from now on. */
export async function installTestWallet(page: Page): Promise<void> {
  await page.addInitScript(installWallet, {
    address: TEST_WALLET_ADDRESS,
    publicKey: TEST_WALLET_PUBLIC_KEY,
    appName: TEST_WALLET_APP_NAME,
    appVersion: TEST_WALLET_APP_VERSION,
    boc: TEST_BOC,
  });
}

type TestWalletState = {
  mode: SendMode;
  requests: { method: string; params: string[]; id: string }[];
  held: ((approve: boolean) => void) | null;
};

/** How the wallet answers the next sendTransaction requests. */
export async function setSendMode(page: Page, mode: SendMode): Promise<void> {
  await page.evaluate((m) => {
    (window as unknown as { __testWallet: TestWalletState }).__testWallet.mode = m;
  }, mode);
}

/** Answers a request held in "hold" mode; false when none is waiting yet. */
export async function releaseHeldRequest(page: Page, approve: boolean): Promise<boolean> {
  return page.evaluate((ok) => {
    const state = (window as unknown as { __testWallet: TestWalletState }).__testWallet;
    if (!state.held) return false;
    state.held(ok);
    state.held = null;
    return true;
  }, approve);
}

/** The JSON-RPC requests the app sent to the wallet (method, params, id). */
export async function walletRequests(page: Page): Promise<TestWalletState["requests"]> {
  return page.evaluate(() => (window as unknown as { __testWallet: TestWalletState }).__testWallet.requests);
}

/** The test wallet's address as the widget shows it: user-friendly, bounceable=false (UQ…). */
export const FRIENDLY_ADDRESS = toUserFriendlyAddress(TEST_WALLET_ADDRESS);
/** Spec §9: the shortened address keeps 4 leading and 4 trailing characters. */
export const SHORT_ADDRESS = `${FRIENDLY_ADDRESS.slice(0, 4)}…${FRIENDLY_ADDRESS.slice(-4)}`;

/**
 * Console errors that matter. Requests leaving the machine are blocked by the tests on purpose
 * (wallet icons live on the internet), and the browser reports each blocked load itself; those
 * are not the app's logging and are left out. Everything else counts.
 */
export function collectAppErrors(page: Page): string[] {
  const errors: string[] = [];
  const isBlockedExternalLoad = (message: ConsoleMessage) =>
    message.text().startsWith("Failed to load resource: net::ERR_FAILED") &&
    !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(message.location().url);
  page.on("console", (message) => {
    if (message.type() === "error" && !isBlockedExternalLoad(message)) {
      errors.push(`${message.text()} @ ${message.location().url}`);
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The widget's connect button (the library renders it inside #ton-connect-button). */
export function connectButton(page: Page) {
  return page.locator("#ton-connect-button button").first();
}

/** The widget's modal and notification layer. */
export function widgetRoot(page: Page) {
  return page.locator("#tc-widget-root");
}
