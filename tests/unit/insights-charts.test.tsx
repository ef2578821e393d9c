import { act, render } from "@testing-library/react";
import type uPlot from "uplot";
import { BalanceChart, FlowsChart } from "@/components/insights/charts";

/** Each chart drawn: its options and whether it was taken down. (jsdom has no canvas for uPlot.) */
const drawn: { options: uPlot.Options; destroyed: boolean }[] = [];
jest.mock("uplot", () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    private entry: { options: uPlot.Options; destroyed: boolean };
    constructor(options: uPlot.Options) {
      this.entry = { options, destroyed: false };
      drawn.push(this.entry);
    }
    setSize() {}
    destroy() {
      this.entry.destroyed = true;
    }
  }
  return { __esModule: true, default: FakePlot };
});

/** The palette as a browser resolves it: the theme's colours, by `<html data-theme>`. */
const INK = { light: "rgb(0, 0, 0)", dark: "rgb(255, 255, 255)" } as const;

beforeAll(() => {
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe() {}
      disconnect() {}
    },
  });
  const real = window.getComputedStyle;
  jest.spyOn(window, "getComputedStyle").mockImplementation((element, pseudo) => {
    const style = real(element, pseudo);
    const theme = document.documentElement.dataset.theme === "dark" ? "dark" : "light";
    return new Proxy(style, { get: (target, name) => (name === "color" ? INK[theme] : Reflect.get(target, name)) });
  });
});

beforeEach(() => {
  drawn.length = 0;
  document.documentElement.dataset.theme = "light";
  document.documentElement.removeAttribute("style");
});

const LABELS = ["окт.", "нояб."];
const live = () => drawn.filter((chart) => !chart.destroyed);
/** The colour of the month axis's labels in the chart on screen now. */
const axisInk = () => live().map((chart) => chart.options.axes?.[0].stroke);

describe("insights charts", () => {
  it("draw again in the new colours when the theme turns dark, and back", async () => {
    render(<FlowsChart labels={LABELS} moneyIn={[100, 200]} moneyOut={[50, 80]} language="ru" />);
    expect(axisInk()).toEqual([INK.light]);
    await act(async () => {
      document.documentElement.dataset.theme = "dark";
    });
    expect(drawn).toHaveLength(2);
    expect(axisInk()).toEqual([INK.dark]);
    await act(async () => {
      document.documentElement.dataset.theme = "light";
    });
    expect(axisInk()).toEqual([INK.light]);
  });

  it("draw again when Telegram's theme colours change, but not when only the viewport does", async () => {
    render(<BalanceChart labels={LABELS} closing={[100, 300]} language="ru" />);
    expect(drawn).toHaveLength(1);
    await act(async () => {
      document.documentElement.style.setProperty("--tg-viewport-height", "500px");
    });
    expect(drawn).toHaveLength(1);
    await act(async () => {
      document.documentElement.style.setProperty("--tg-theme-bg-color", "#212121");
    });
    expect(drawn).toHaveLength(2);
    expect(live()).toHaveLength(1);
  });
});
