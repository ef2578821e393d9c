import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// Browsers have these; jest's jsdom environment does not.
Object.assign(globalThis, { TextEncoder, TextDecoder });
