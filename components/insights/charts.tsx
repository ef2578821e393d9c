"use client";

import { useEffect, useEffectEvent, useRef } from "react";
import uPlot from "uplot";
import { useThemeSnapshot } from "@/lib/client/theme";
import { formatCompactAmount } from "@/lib/shared/money";
import type { Language } from "@/lib/shared/languages";
import "uplot/dist/uPlot.min.css";
import "./insights.css";

/**
 * The analytics charts, drawn by uPlot on a canvas. This module is loaded only where a chart is
 * shown (next/dynamic in insights-view.tsx). The canvas is a picture for sighted users: every
 * chart sits beside a text equivalent rendered by the view, so it is hidden from assistive
 * technology here.
 */

type Palette = { text: string; hint: string; grid: string; accent: string; good: string; bad: string };

/**
 * Canvas needs concrete colours: the Telegram theme's, through the app's readable tokens
 * (app/globals.css), resolved by the browser on a probe element — the tokens are relative
 * colours that a canvas would not parse as written.
 */
function paletteOf(element: HTMLElement): Palette {
  const probe = document.createElement("span");
  element.appendChild(probe);
  const read = (name: string, fallback: string) => {
    probe.style.color = `var(${name}, ${fallback})`;
    return getComputedStyle(probe).color || fallback;
  };
  try {
    return {
      text: read("--tg-theme-text-color", "#000"),
      hint: read("--mb-hint", "#707579"),
      grid: read("--mb-separator", "rgba(0,0,0,0.08)"),
      accent: read("--mb-link", "#2481cc"),
      good: read("--mb-success", "#2e9e4f"),
      bad: read("--tg-theme-destructive-text-color", "#e53935"),
    };
  } finally {
    probe.remove();
  }
}

const HEIGHT = 180;

/**
 * A uPlot chart that fills its container's width and follows it when the screen turns, and is
 * drawn anew in the new colours when the theme changes (light ↔ dark in Telegram).
 */
function Chart(props: {
  build: (palette: Palette, width: number) => uPlot.Options;
  data: uPlot.AlignedData;
  /** What else the options depend on (labels, language): the chart is drawn anew when it changes. */
  depends: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeSnapshot();
  // The parent hands new arrays on every render; the chart is rebuilt only when their values change.
  const key = JSON.stringify(props.data) + props.depends + theme;
  const draw = useEffectEvent((element: HTMLElement, width: number) =>
    new uPlot(props.build(paletteOf(element), width), props.data, element),
  );
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(200, Math.floor(element.clientWidth));
    const plot = draw(element, width());
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [key]);
  return <div ref={box} className="insights-canvas" aria-hidden="true" />;
}

function axis(palette: Palette, values: uPlot.Axis["values"], extra: Partial<uPlot.Axis> = {}): uPlot.Axis {
  return {
    stroke: palette.hint,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { show: false },
    font: "11px system-ui, sans-serif",
    values,
    ...extra,
  };
}

/** Labels every other month from the last one back, so twelve fit at 390 px. */
function monthAxis(palette: Palette, labels: readonly string[]): uPlot.Axis {
  const every = labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % 2 === 0);
  return axis(palette, (_u, splits) => splits.map((i) => labels[i] ?? ""), {
    splits: () => every,
    grid: { show: false },
    size: 28,
  });
}

function moneyAxis(palette: Palette, language: Language): uPlot.Axis {
  return axis(palette, (_u, splits) => splits.map((v) => formatCompactAmount(Math.round(v), language)), { size: 56 });
}

const base = (width: number): Pick<uPlot.Options, "width" | "height" | "legend" | "cursor" | "padding"> => ({
  width,
  height: HEIGHT,
  legend: { show: false },
  cursor: { show: false },
  padding: [8, 8, 0, 0],
});

/** Money in (up) and out (down) per month, as bars around zero. Amounts in minor units. */
export function FlowsChart(props: { labels: readonly string[]; moneyIn: number[]; moneyOut: number[]; language: Language }) {
  const { labels, moneyIn, moneyOut, language } = props;
  const data: uPlot.AlignedData = [labels.map((_, i) => i), moneyIn, moneyOut.map((v) => -v)];
  const bars = uPlot.paths.bars!({ size: [0.6, 24] });
  return (
    <Chart
      data={data}
      depends={labels.join() + language}
      build={(palette, width) => ({
        ...base(width),
        scales: { x: { time: false, range: [-0.5, labels.length - 0.5] } },
        axes: [monthAxis(palette, labels), moneyAxis(palette, language)],
        series: [
          {},
          { paths: bars, fill: palette.good, stroke: palette.good, points: { show: false } },
          { paths: bars, fill: palette.bad, stroke: palette.bad, points: { show: false } },
        ],
      })}
    />
  );
}

/** The balance at each month's end, as a line. */
export function BalanceChart(props: { labels: readonly string[]; closing: number[]; language: Language }) {
  const { labels, closing, language } = props;
  return (
    <Chart
      data={[labels.map((_, i) => i), closing]}
      depends={labels.join() + language}
      build={(palette, width) => ({
        ...base(width),
        scales: { x: { time: false, range: [-0.3, labels.length - 0.7] } },
        axes: [monthAxis(palette, labels), moneyAxis(palette, language)],
        series: [{}, { stroke: palette.accent, width: 2, points: { size: 5, fill: palette.accent } }],
      })}
    />
  );
}

/** A currency's daily ruble price: `labels` are the days ("26.11"), `values` the prices. */
export function RateChart(props: { labels: readonly string[]; values: number[]; language: Language }) {
  const { labels, values, language } = props;
  const every = labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % 30 === 0);
  return (
    <Chart
      data={[labels.map((_, i) => i), values]}
      depends={labels.join() + language}
      build={(palette, width) => ({
        ...base(width),
        // Room on the right for the last day's label, which sits at the very end.
        padding: [8, 18, 0, 0],
        scales: { x: { time: false } },
        axes: [
          axis(palette, (_u, splits) => splits.map((i) => labels[i] ?? ""), { splits: () => every, grid: { show: false }, size: 28 }),
          axis(palette, (_u, splits) => splits.map((v) => v.toFixed(2).replace(".", language === "en" ? "." : ",")), { size: 52 }),
        ],
        series: [{}, { stroke: palette.accent, width: 2, points: { show: false } }],
      })}
    />
  );
}
