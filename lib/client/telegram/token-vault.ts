import type { TelegramEnv } from "@/lib/client/telegram/env";

/**
 * Where a refresh token outlives the Mini App's webview (which drops session storage when the app
 * closes): Telegram's SecureStorage (the device's keychain or keystore, Bot API 9.0) when the
 * client has it, else its DeviceStorage (the app's own per-device storage for this bot, 9.0).
 * The SDK (v3) has no wrapper for either, so this calls the documented methods
 * (`web_app_secure_storage_*`, `web_app_device_storage_*`) through its `request`.
 */
export type TokenVault = {
  kind: "secure" | "device";
  read(): Promise<string | null>;
  /** `null` removes the token. */
  write(value: string | null): Promise<void>;
};

type Sdk = TelegramEnv["sdk"];
/** What the vault needs to know of the client: the SDK, whether it is real, its Bot API version. */
export type VaultEnv = Pick<TelegramEnv, "sdk" | "native"> & { launchParams: Pick<TelegramEnv["launchParams"], "tgWebAppVersion"> };

/** The one key Minibank keeps; the value is the opaque refresh token. */
export const VAULT_KEY = "minibank_refresh_token";
/** A client that never answers must not hold up the app. */
const ANSWER_MS = 3_000;

class VaultError extends Error {}

/** `req_id` ties an answer to its request (several may be under way). */
function ofRequest(reqId: string) {
  return ({ payload }: { payload: { req_id: string } }) => payload.req_id === reqId;
}

function secureStorage(sdk: Sdk): TokenVault {
  return {
    kind: "secure",
    async read() {
      const req_id = sdk.createRequestId();
      const answer = await sdk.request("web_app_secure_storage_get_key", ["secure_storage_key_received", "secure_storage_failed"], {
        params: { req_id, key: VAULT_KEY },
        capture: ofRequest(req_id),
        timeout: ANSWER_MS,
      });
      if (!("value" in answer)) throw new VaultError(answer.error ?? "secure storage failed");
      return answer.value ?? null;
    },
    async write(value) {
      const req_id = sdk.createRequestId();
      const answer = await sdk.request("web_app_secure_storage_save_key", ["secure_storage_key_saved", "secure_storage_failed"], {
        params: { req_id, key: VAULT_KEY, value },
        capture: ofRequest(req_id),
        timeout: ANSWER_MS,
      });
      if (answer && "error" in answer) throw new VaultError(answer.error ?? "secure storage failed");
    },
  };
}

function deviceStorage(sdk: Sdk): TokenVault {
  return {
    kind: "device",
    async read() {
      const req_id = sdk.createRequestId();
      const answer = await sdk.request("web_app_device_storage_get_key", ["device_storage_key_received", "device_storage_failed"], {
        params: { req_id, key: VAULT_KEY },
        capture: ofRequest(req_id),
        timeout: ANSWER_MS,
      });
      if (!("value" in answer)) throw new VaultError(answer.error ?? "device storage failed");
      return answer.value ?? null;
    },
    async write(value) {
      const req_id = sdk.createRequestId();
      const answer = await sdk.request("web_app_device_storage_save_key", ["device_storage_key_saved", "device_storage_failed"], {
        params: { req_id, key: VAULT_KEY, value },
        capture: ofRequest(req_id),
        timeout: ANSWER_MS,
      });
      if (answer && "error" in answer) throw new VaultError(answer.error ?? "device storage failed");
    },
  };
}

/**
 * The vault this client offers, or null: outside a real Telegram client (a plain browser keeps
 * today's session-only tokens) and on clients older than Bot API 9.0. SecureStorage is tried
 * first; where the client has the method but not the store (Telegram Desktop and Web answer
 * "UNSUPPORTED"), DeviceStorage takes over for reads and writes alike.
 */
export function tokenVault(env: VaultEnv): TokenVault | null {
  if (!env.native) return null;
  const version = env.launchParams.tgWebAppVersion;
  const { sdk } = env;
  const hasSecure = sdk.supports("web_app_secure_storage_get_key", version);
  const hasDevice = sdk.supports("web_app_device_storage_get_key", version);
  if (!hasSecure) return hasDevice ? deviceStorage(sdk) : null;
  const secure = secureStorage(sdk);
  if (!hasDevice) return secure;
  const device = deviceStorage(sdk);
  let current: TokenVault = secure;
  const fallBack = async <T,>(work: (vault: TokenVault) => Promise<T>): Promise<T> => {
    try {
      return await work(current);
    } catch (error) {
      if (current === device) throw error;
      current = device;
      return work(device);
    }
  };
  return {
    get kind() {
      return current.kind;
    },
    read: () => fallBack((vault) => vault.read()),
    write: (value) => fallBack((vault) => vault.write(value)),
  };
}
