import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// Browsers have these; jest's jsdom environment does not.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The screens speak the browser's language outside Telegram; jsdom's browser is en-US, the
// app's users (and these tests' texts) are Russian. A test may name other languages.
Object.defineProperty(navigator, "languages", { value: ["ru-RU", "ru"], configurable: true });
