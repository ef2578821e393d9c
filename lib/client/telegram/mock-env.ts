import { demoInitData } from "@/lib/client/telegram/demo-init-data";
import type { ThemeName } from "@/lib/client/detect";

type SdkModule = typeof import("@telegram-apps/sdk-react");

/** Telegram's own light and dark palettes, used to imitate the client in a plain browser. */
export const MOCK_THEMES: Record<ThemeName, Record<string, `#${string}`>> = {
  light: {
    accent_text_color: "#2481cc",
    bg_color: "#ffffff",
    button_color: "#2481cc",
    button_text_color: "#ffffff",
    destructive_text_color: "#e53935",
    header_bg_color: "#efeff3",
    hint_color: "#999999",
    link_color: "#2481cc",
    secondary_bg_color: "#efeff3",
    section_bg_color: "#ffffff",
    section_header_text_color: "#6d6d72",
    subtitle_text_color: "#999999",
    text_color: "#000000",
  },
  dark: {
    accent_text_color: "#6ab2f2",
    bg_color: "#17212b",
    button_color: "#5288c1",
    button_text_color: "#ffffff",
    destructive_text_color: "#ec3942",
    header_bg_color: "#17212b",
    hint_color: "#708499",
    link_color: "#6ab3f3",
    secondary_bg_color: "#232e3c",
    section_bg_color: "#17212b",
    section_header_text_color: "#6ab3f3",
    subtitle_text_color: "#708499",
    text_color: "#f5f5f5",
  },
};

/**
 * How the imitation answers a write-access request: "allowed", unless the tab's session storage
 * says otherwise under this key (the tests refuse it that way).
 */
export const MOCK_WRITE_ACCESS_KEY = "mb-mock-write-access";

/**
 * Imitates a Telegram client in a plain browser (the demo and the tests), answering the
 * requests the SDK makes while mounting (theme, viewport, safe areas) and the write-access request.
 * Returns the imitation's raw launch parameters.
 */
export async function mockTelegram(sdk: SdkModule, theme: ThemeName): Promise<string> {
  const palette = MOCK_THEMES[theme];
  const initData = await demoInitData();
  const startParam = new URLSearchParams(window.location.search).get("startapp");
  const noInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  const params = new URLSearchParams([
    ["tgWebAppThemeParams", JSON.stringify(palette)],
    ["tgWebAppVersion", "8.0"],
    ["tgWebAppPlatform", "web"],
  ]);
  if (initData) params.set("tgWebAppData", initData);
  if (startParam) params.set("tgWebAppStartParam", startParam);
  sdk.mockTelegramEnv({
    resetPostMessage: true,
    launchParams: params,
    onEvent(event) {
      const name = event[0];
      if (name === "web_app_request_theme") {
        sdk.emitEvent("theme_changed", { theme_params: palette });
      } else if (name === "web_app_request_viewport") {
        sdk.emitEvent("viewport_changed", {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      } else if (name === "web_app_request_safe_area") {
        sdk.emitEvent("safe_area_changed", noInsets);
      } else if (name === "web_app_request_content_safe_area") {
        sdk.emitEvent("content_safe_area_changed", noInsets);
      } else if (name === "web_app_request_write_access") {
        const status = window.sessionStorage.getItem(MOCK_WRITE_ACCESS_KEY) ?? "allowed";
        setTimeout(() => sdk.emitEvent("write_access_requested", { status }), 0);
      }
    },
  });
  return params.toString();
}
