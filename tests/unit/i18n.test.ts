import { DICTIONARIES, LANGUAGES, pickLanguage } from "@/lib/shared/i18n";

type Tree = { [key: string]: Tree | string | readonly string[] };

/** Every text of a dictionary by its path: "statement.columns.date" → "Дата". */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else if (Array.isArray(value)) value.forEach((text: string, i: number) => out.set(`${path}.${i}`, text));
    else for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("dictionaries", () => {
  const ru = leaves(DICTIONARIES.ru as unknown as Tree);

  it.each(LANGUAGES.filter((l) => l !== "ru"))("%s has exactly the Russian keys, each with the same placeholders", (language) => {
    const other = leaves(DICTIONARIES[language] as unknown as Tree);
    expect([...other.keys()].sort()).toEqual([...ru.keys()].sort());
    for (const [path, text] of ru) {
      expect({ path, placeholders: placeholders(other.get(path) ?? "") }).toEqual({ path, placeholders: placeholders(text) });
    }
  });

  it("English has no Cyrillic and no untranslated text", () => {
    for (const [path, text] of leaves(DICTIONARIES.en as unknown as Tree)) {
      // The language switch offers each language by its own name: "Русский" stays Russian.
      if (path === "settings.languages.ru") continue;
      expect({ path, cyrillic: /[а-яё]/i.test(text) }).toEqual({ path, cyrillic: false });
    }
  });
});

describe("pickLanguage", () => {
  it("takes the user's own choice first", () => {
    expect(pickLanguage({ chosen: "en", detected: ["ru"] })).toBe("en");
    expect(pickLanguage({ chosen: "ru", detected: ["en-US"] })).toBe("ru");
  });

  it("speaks Russian to Russian clients and English to any other", () => {
    expect(pickLanguage({ detected: ["ru"] })).toBe("ru");
    expect(pickLanguage({ detected: ["ru-RU", "en"] })).toBe("ru");
    expect(pickLanguage({ detected: ["en"] })).toBe("en");
    expect(pickLanguage({ detected: ["de-DE", "ru"] })).toBe("en");
    expect(pickLanguage({ detected: ["uk"] })).toBe("en");
  });

  it("falls back to Russian when nothing is known, and ignores an unknown choice", () => {
    expect(pickLanguage({})).toBe("ru");
    expect(pickLanguage({ detected: [null, "", undefined] })).toBe("ru");
    expect(pickLanguage({ chosen: "fr" })).toBe("ru");
  });
});
