import type { Page } from "@playwright/test";

/**
 * "A screen is finished when its audit passes" (STYLE.md §20): the faults axe does not look for,
 * checked in the page at each stop of the screen tours (screens.spec.ts in Russian, english.spec.ts
 * in English, both themes). Each fault is one line naming its rule, the element and what was seen:
 *
 * - `invisible-control`: an input, select or text area whose border and background both stay under
 *   3:1 against what surrounds it (WCAG 2.2 1.4.11, non-text contrast); disabled ones are exempt.
 * - `covered`: a control (link, button, field, radio, switch, tab) or a label or heading whose
 *   centre, or a point just inside its top or bottom edge, is drawn over by another element
 *   (`document.elementFromPoint`), sticky and fixed bars included. What lies wholly in the view at
 *   first (the viewport less the bars stuck to its edges) is checked where it is; everything else
 *   after scrolling it into view as the browser does for focus (`block: "nearest"`, honouring
 *   scroll-padding), so a bar that hides what it should leave room for is caught. A popup (the
 *   toast layer) is a passing notice over the screen by design (spec: "Error popup") and covers
 *   nothing for this rule.
 * - `clipped-text`: text cut off by its own box or a clipping ancestor's (overflow hidden or clip,
 *   or a line clamp). An ellipsis is intentional only when the element (or an ancestor) carries a
 *   `title` with the whole text, or `data-ellipsis` to say the full text is elsewhere.
 * - `emoji-icon`: an emoji in the app's own words or CSS content: it is an empty box where no
 *   emoji font is installed. Words people wrote (`[data-user-text]`) are theirs, and the demo
 *   mailbox's letters (`[data-letter]`) are content, each in its recipient's language.
 * - `number-format`: money in the page's language: in Russian `1 234,56 ₽` (no-break spaces
 *   between thousands and before the symbol, a decimal comma), in English `₽1,234.56`; a minus is
 *   U+2212 in both; an amount field's placeholder uses the language's decimal mark.
 *
 * The page's scroll positions are restored afterwards. TON Connect's own widget is not ours and is
 * left out.
 */
export async function finishAudit(page: Page, screen: string): Promise<string[]> {
  const faults = await page.evaluate(auditInPage);
  return faults.map((fault) => `[${screen}] ${fault}`);
}

/**
 * Runs inside the page, so it is self-contained (Playwright sends its source): the shared helpers,
 * then one inner function per rule, each returning its faults.
 */
function auditInPage(): string[] {
  const language = document.documentElement.lang.startsWith("en") ? "en" : "ru";
  const THIRD_PARTY = "#tc-widget-root, #ton-connect-button, tc-root";
  const ours = (el: Element) => !el.closest(THIRD_PARTY);
  const describe = (el: Element) => {
    const id = el.getAttribute("data-testid");
    const cls = typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? (el as HTMLInputElement).placeholder;
    const text = (el.getAttribute("aria-label") ?? (label || (el as HTMLElement).innerText) ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ""}${cls}${text ? ` "${text}"` : ""}`;
  };
  const shown = (el: Element) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }) &&
    el.getBoundingClientRect().width > 1 &&
    el.getBoundingClientRect().height > 1;

  // A modal dialog open: only it is in front of the reader.
  const dialogs = Array.from(document.querySelectorAll('[role="dialog"][aria-modal="true"], dialog[open]')).filter((d) => ours(d) && shown(d));
  const scope: Element = dialogs[dialogs.length - 1] ?? document.body;
  const inScope = (selector: string) => Array.from(scope.querySelectorAll(selector)).filter((el) => ours(el) && shown(el));

  // Colours: any CSS colour (the themes use oklch) to sRGB through a 1×1 canvas.
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  type Rgba = [number, number, number, number];
  const rgba = (css: string): Rgba => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "rgba(0,0,0,0)";
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1) as Rgba;
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  /** The colour behind an element: its ancestors' backgrounds composited down to the page's. */
  const behind = (el: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let node: Element | null = el.parentElement; node; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
  };

  /** Fields whose border and background both stay under 3:1 against what surrounds them. */
  function invisibleControls(): string[] {
    const faults: string[] = [];
    const TEXT_INPUTS = /^(text|email|number|search|tel|url|password|date|time|month|week|datetime-local)$/;
    for (const el of inScope("input, select, textarea")) {
      if ((el as HTMLInputElement).disabled) continue;
      if (el instanceof HTMLInputElement && !TEXT_INPUTS.test(el.type)) continue;
      const style = getComputedStyle(el);
      const around = behind(el);
      const fill = over(rgba(style.backgroundColor), around);
      const widths = [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth].map(parseFloat);
      const edge = Math.min(...widths) >= 1 ? over(rgba(style.borderTopColor), around) : around;
      const [ofFill, ofEdge] = [contrast(fill, around), contrast(edge, around)];
      if (ofFill < 3 && ofEdge < 3) {
        faults.push(`invisible-control: ${describe(el)}: border ${ofEdge.toFixed(2)}:1 and background ${ofFill.toFixed(2)}:1 against its surroundings (WCAG 1.4.11 asks 3:1)`);
      }
    }
    return faults;
  }

  // Covering: the viewport less the bars stuck to its edges, and what is drawn at a point.
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  // Bars: wide fixed or sticky elements (a tab bar, a sticky action), dialogs and notices apart.
  const bars = Array.from(document.body.querySelectorAll("*")).filter((el) => {
    const position = getComputedStyle(el).position;
    if (position !== "fixed" && position !== "sticky") return false;
    if (!ours(el) || !shown(el) || el.closest('[role="dialog"], [role="status"], [role="alert"]')) return false;
    return el.getBoundingClientRect().width >= vw / 2;
  });
  const inBar = (el: Element) => bars.some((bar) => bar.contains(el));
  /** The part of the viewport not under a bar stuck to its top or bottom edge. */
  const band = () => {
    let top = 0;
    let bottom = vh;
    for (const bar of bars) {
      const r = bar.getBoundingClientRect();
      if (r.bottom >= vh - 1 && r.top > vh / 2) bottom = Math.min(bottom, r.top);
      if (r.top <= 1 && r.bottom < vh / 2) top = Math.max(top, r.bottom);
    }
    return { top, bottom };
  };
  /** The element's box cut to every ancestor that clips it (inner scrollers, rounded cards). */
  const clippedBox = (el: Element) => {
    const r = el.getBoundingClientRect();
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const c = node.getBoundingClientRect();
      if (s.overflowX !== "visible") [left, right] = [Math.max(left, c.left), Math.min(right, c.right)];
      if (s.overflowY !== "visible") [top, bottom] = [Math.max(top, c.top), Math.min(bottom, c.bottom)];
    }
    return { left, top, right, bottom };
  };
  const related = (el: Element, hit: Element) => {
    if (el === hit || el.contains(hit) || hit.contains(el) || hit.closest(".toast-layer")) return true;
    const labels = (el as HTMLInputElement).labels;
    if (labels && Array.from(labels).some((label) => label.contains(hit))) return true;
    const control = el instanceof HTMLLabelElement ? el.control : null;
    return Boolean(control && (control === hit || control.contains(hit)));
  };
  /** Points that must show the element: its centre and just inside its top and bottom edges. */
  const coveredBy = (el: Element, view: { top: number; bottom: number }): Element | null => {
    const box = clippedBox(el);
    const x = (box.left + box.right) / 2;
    const inset = Math.min(4, (box.bottom - box.top) / 4);
    for (const y of [(box.top + box.bottom) / 2, box.top + inset, box.bottom - inset]) {
      if (y < view.top || y > view.bottom || x < 0 || x > vw) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && !related(el, hit)) return hit;
    }
    return null;
  };

  /** Controls, labels and headings drawn over, where they are and once scrolled into view. */
  function coveredControls(): string[] {
    const faults: string[] = [];
    const CONTROLS =
      'a[href], button, input, select, textarea, summary, label, legend, h1, h2, h3, [role="button"], [role="link"], [role="radio"], [role="switch"], [role="tab"], [role="checkbox"]';
    const controls = inScope(CONTROLS).filter((el) => !(el instanceof HTMLInputElement && el.type === "hidden"));
    const scrolled = new Map<Element, [number, number]>();
    const remember = (el: Element) => {
      for (let node: Element | null = el.parentElement; node; node = node.parentElement) {
        if (!scrolled.has(node)) scrolled.set(node, [node.scrollLeft, node.scrollTop]);
      }
    };
    const root = document.scrollingElement ?? document.documentElement;
    remember(document.body);
    scrolled.set(root, [root.scrollLeft, root.scrollTop]);
    const first = band();
    const later: Element[] = [];
    for (const el of controls) {
      const box = clippedBox(el);
      if (inBar(el)) {
        // A bar's own controls are where the bar is.
        const hit = coveredBy(el, { top: 0, bottom: vh });
        if (hit) faults.push(`covered: ${describe(el)} is under ${describe(hit)}`);
        continue;
      }
      const whole = box.top >= first.top - 0.5 && box.bottom <= first.bottom + 0.5 && box.left >= -0.5 && box.right <= vw + 0.5;
      if (!whole) {
        later.push(el);
        continue;
      }
      const hit = coveredBy(el, first);
      if (hit) faults.push(`covered: ${describe(el)} is under ${describe(hit)} at first view`);
    }
    for (const el of later) {
      if (!el.isConnected) continue;
      remember(el);
      el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      const view = band();
      const box = clippedBox(el);
      if (box.bottom - box.top < 1 || box.right - box.left < 1) continue;
      const hit = coveredBy(el, { top: -Infinity, bottom: Infinity });
      if (hit) faults.push(`covered: ${describe(el)} is under ${describe(hit)} when scrolled into view`);
      else if (box.top < view.top - 0.5 || box.bottom > view.bottom + 0.5) {
        // Only possible when it is taller than the space left between the bars.
        if (box.bottom - box.top <= view.bottom - view.top) faults.push(`covered: ${describe(el)} stays under a bar when scrolled into view`);
      }
    }
    for (const [node, [left, top]] of Array.from(scrolled).reverse()) {
      if (node.scrollLeft !== left || node.scrollTop !== top) node.scrollTo({ left, top, behavior: "instant" });
    }
    return faults;
  }

  /** Text cut off by its box: an ellipsis only with a title (or `data-ellipsis`). */
  function clippedText(): string[] {
    const faults: string[] = [];
    const hasText = (el: Element) => (el.textContent ?? "").trim().length > 0;
    const explained = (el: Element) => Boolean(el.closest("[title], [data-ellipsis]"));
    for (const el of inScope("*")) {
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) continue;
      if (el.closest("svg, canvas, .visually-hidden")) continue;
      const s = getComputedStyle(el);
      const clamped = s.webkitLineClamp !== "none" && s.webkitLineClamp !== "";
      const clipsX = s.overflowX === "hidden" || s.overflowX === "clip";
      const clipsY = s.overflowY === "hidden" || s.overflowY === "clip";
      if (!clipsX && !clipsY && !clamped) continue;
      const wide = clipsX && el.scrollWidth > el.clientWidth + 1;
      const tall = (clipsY || clamped) && el.scrollHeight > el.clientHeight + 1;
      if ((!wide && !tall) || !hasText(el)) continue;
      // Overflowing text that is not clipped: only children drawn out of the box (a bar's fill) count.
      if (!Array.from(el.querySelectorAll("*")).concat(el).some((node) => Array.from(node.childNodes).some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim()))) continue;
      const ellipsis = s.textOverflow === "ellipsis" || clamped;
      if (ellipsis && explained(el)) continue;
      faults.push(
        `clipped-text: ${describe(el)} ${wide ? `is ${el.scrollWidth}px wide in ${el.clientWidth}px` : `is ${el.scrollHeight}px tall in ${el.clientHeight}px`}${ellipsis ? " (an ellipsis without a title)" : ""}`,
      );
    }
    return faults;
  }

  /** Emoji in the app's own words or CSS content (people's words and letters apart). */
  function emojiIcons(): string[] {
    const faults: string[] = [];
    const EMOJI = /(?![©®™])\p{Extended_Pictographic}/u;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !EMOJI.test(node.textContent ?? "")) continue;
      if (!ours(parent) || parent.closest("script, style, [data-user-text], [data-letter]") || !shown(parent)) continue;
      faults.push(`emoji-icon: ${describe(parent)} shows ${JSON.stringify(EMOJI.exec(node.textContent!)![0])}`);
    }
    for (const el of inScope("*")) {
      for (const pseudo of ["::before", "::after"]) {
        const content = getComputedStyle(el, pseudo).content;
        if (content && content !== "none" && content !== "normal" && EMOJI.test(content)) faults.push(`emoji-icon: ${describe(el)}${pseudo} shows ${content}`);
      }
    }
    return faults;
  }

  /** Money not in the page's language's notation, and amount placeholders in the other's. */
  function moneyNotation(): string[] {
    const faults: string[] = [];
    const MONEY = /([+\-\u2212]?)([\d][\d \u00a0\u202f.,]*\d|\d)([ \u00a0\u202f]?)([₽$€¥])|([+\-\u2212]?)([₽$€¥])([ \u00a0\u202f]?)(\d[\d,.]*\d|\d)/g;
    const RUSSIAN = /^\d{1,3}(\u00a0\d{3})*(,\d{1,4})?$/;
    const ENGLISH = /^\d{1,3}(,\d{3})*(\.\d{1,4})?$/;
    const seen = new Set<string>();
    const moneyFault = (text: string, where: Element) => {
      for (const m of text.matchAll(MONEY)) {
        const [whole, signA, numberA, space, , signB, , spaceB, numberB] = m;
        const sign = signA || signB || "";
        const problems: string[] = [];
        if (sign === "-") problems.push("a hyphen-minus for its minus (U+2212 wanted)");
        if (language === "ru") {
          if (numberA === undefined) problems.push("its symbol before the number");
          else {
            const dot = numberA.includes(".");
            const apart = /[ \u202f]/.test(numberA) || (numberA.match(/,/g) ?? []).length > 1;
            if (dot) problems.push("a dot in it (a decimal comma wanted)");
            if (apart) problems.push("thousands not apart by no-break spaces");
            if (!dot && !apart && !RUSSIAN.test(numberA)) problems.push("not written as 1 234,56");
            if (space !== "\u00a0") problems.push("no no-break space before its symbol");
          }
        } else {
          if (numberB === undefined) problems.push("its symbol after the number (₽1,234.56 wanted)");
          else if (!ENGLISH.test(numberB) || spaceB) problems.push("not written as ₽1,234.56");
        }
        const key = `${whole}|${problems.join()}`;
        if (problems.length && !seen.has(key)) {
          seen.add(key);
          faults.push(`number-format: ${JSON.stringify(whole.trim())} in ${describe(where)}: ${problems.join("; ")}`);
        }
      }
    };
    for (const el of inScope("*")) {
      if (el.closest("[data-user-text], [data-letter], script, style")) continue;
      // The element's own words, and those of its children that hold only text (a sign apart).
      // Adjacent text nodes join as drawn ("-" and "12,00 ₽"); a child element's text stands apart.
      const flat = Array.from(el.children).every((child) => child.childElementCount === 0);
      const text = Array.from(el.childNodes)
        .map((c) => (c.nodeType === Node.TEXT_NODE ? c.textContent : flat && c.nodeType === Node.ELEMENT_NODE ? `\n${c.textContent}\n` : "\n"))
        .join("");
      if (/[₽$€¥]/.test(text) && text.length < 200) moneyFault(text, el);
    }
    for (const el of inScope('input[inputmode="decimal"]')) {
      const placeholder = (el as HTMLInputElement).placeholder;
      const wrong = language === "ru" ? /\d\.\d/ : /\d,\d/;
      if (wrong.test(placeholder)) faults.push(`number-format: ${describe(el)}: placeholder ${JSON.stringify(placeholder)} uses the other language's decimal mark`);
    }
    return faults;
  }

  const faults = [...invisibleControls(), ...coveredControls(), ...clippedText(), ...emojiIcons(), ...moneyNotation()];
  // At most a few lines of each rule per screen: one cause often repeats down a long list.
  const counts: Record<string, number> = {};
  const kept = faults.filter((fault) => {
    const rule = fault.slice(0, fault.indexOf(":"));
    counts[rule] = (counts[rule] ?? 0) + 1;
    return counts[rule] <= 8;
  });
  for (const [rule, count] of Object.entries(counts)) if (count > 8) kept.push(`${rule}: … and ${count - 8} more`);
  return kept;
}
