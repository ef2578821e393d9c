import "server-only";
import unhomoglyph from "unhomoglyph";

/**
 * What Unicode's confusables data (UTS #39, the skeleton `unhomoglyph` computes) leaves apart
 * though a reader takes it for a Latin letter: the Latin small capitals ("ʙᴀɴᴋ"), which are the
 * data's own prototypes (Cyrillic в, н, т, к, м fold to ʙ, ʜ, ᴛ, ĸ, ʍ); digits and signs written
 * for letters ("M1n1bank", "6анк", "$upport"), which the data keeps only for 0 and 1; and l, which
 * the data gives 1, I and | but not i ("Mlnlbank").
 */
const AFTER_SKELETON: Record<string, string> = {
  ᴀ: "a", ʙ: "b", ᴄ: "c", ᴅ: "d", ᴇ: "e", ꜰ: "f", ɢ: "g", ʜ: "h", ɪ: "i", ᴊ: "j", ᴋ: "k", ĸ: "k", ʟ: "i",
  ᴍ: "m", ʍ: "m", ɴ: "n", ᴏ: "o", ᴘ: "p", ꞯ: "q", ʀ: "r", ꜱ: "s", ᴛ: "t", ᴜ: "u", ᴠ: "v", ᴡ: "w", ʏ: "y",
  ᴢ: "z", l: "i", "3": "e", "4": "a", "5": "s", "6": "b", "7": "t", "@": "a", $: "s",
};

/** Lower case, accents dropped, everything but letters removed: "Служба  Поддержки!" → "службаподдержки". */
function lettersOf(text: string): string {
  return text.normalize("NFD").replace(/[^\p{L}]+/gu, "");
}

/**
 * The skeleton of `text` for matching words in it: NFKC, Unicode's confusables mapping before and
 * after lower-casing (Greek capital Μ folds to M only in upper case), the letters above, and
 * nothing but letters: "MINIBΑNK", "Μ1n1bαnk" → "rninibank"; "Банκ", "6анк" → the skeleton of "банк".
 * Not meant to be read, only compared with the skeleton of a word.
 */
export function skeleton(text: string): string {
  const once = unhomoglyph(text.normalize("NFKC").normalize("NFD"));
  const twice = unhomoglyph(once.toLowerCase()).toLowerCase();
  return lettersOf(Array.from(twice, (char) => AFTER_SKELETON[char] ?? char).join(""));
}

/**
 * Words that let a person pass for the bank or its staff, found in the letters of a name or a
 * message with spaces and punctuation removed ("M i n i b a n k"), in plain lower case (the
 * Cyrillic words as typed) or by skeleton (lookalike letters from any script).
 */
const IMPERSONATING = [
  "minibank", "bank", "support", "admin", "official", "telegram", "telegpam", "security", "service",
  "банк", "поддержк", "служб", "админ", "официальн", "телеграм", "безопасност", "модератор",
];

/**
 * Words a message may not start a word with when the bank quotes it: asking for a code or a
 * password, or saying an account is blocked, is what the bank's own messages would do.
 */
const PHISHING_STEMS = [
  "код", "code", "парол", "passw", "пин", "pin", "cvv", "cvc", "смс", "sms", "блокир", "заблокир", "block", "верифик", "verif",
];

const folded = IMPERSONATING.map(skeleton);
const stems = PHISHING_STEMS.map((stem) => ({ plain: stem, folded: skeleton(stem) }));

/** Whether `text` holds a word that lets its author pass for the bank or its staff (IMPERSONATING). */
export function passesForBank(text: string): boolean {
  const plain = lettersOf(text.normalize("NFKC").toLowerCase());
  const folds = skeleton(text);
  return IMPERSONATING.some((word, i) => plain.includes(word) || folds.includes(folded[i]));
}

/** Whether a message asks for what only the bank asks for (PHISHING_STEMS), or passes for the bank. */
export function soundsLikeTheBank(text: string): boolean {
  if (passesForBank(text)) return true;
  const words = text.normalize("NFKC").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.some((word) => {
    const plain = lettersOf(word);
    const folds = skeleton(word);
    return stems.some((stem) => plain.startsWith(stem.plain) || folds.startsWith(stem.folded));
  });
}
