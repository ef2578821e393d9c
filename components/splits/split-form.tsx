"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { AmountField, useAmountInput } from "@/components/money/amount-field";
import { RecipientStatus } from "@/components/transfer/recipient-status";
import { LinkBadge } from "@/components/splits/link-badge";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import type { ToastController } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { readFormDraft, saveFormDraft } from "@/lib/client/form-draft";
import { useMe, useRecentRecipients, useRecipient } from "@/lib/client/hooks";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import type { SplitPrefill } from "@/lib/client/split-prefill";
import { createSplit, MY_SPLITS, splitScreenPath } from "@/lib/client/splits";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { recipientMethodOf } from "@/lib/client/transfer/recipient-method";
import { recipientName } from "@/lib/client/transfer/recipient-name";
import { useDebounced } from "@/lib/client/transfer/use-debounced";
import { amountPlaceholder, formatMoney, isCurrency, parseAmount, sanitizeAmountInput, toSafeNumber, withDecimalMark, type Currency } from "@/lib/shared/money";
import { equalShares, MAX_SPLIT_SHARES, sumShares } from "@/lib/shared/split-shares";
import { fill } from "@/lib/shared/strings";
import { cleanMessageInput } from "@/lib/shared/transfer-message";
import "@/components/ui/text-field.css";
import "./splits.css";

/**
 * One line of the form: a person or a share left open to the split's link. Someone found by the
 * search is sent by username (a lookup, as the server requires for people one has not dealt with);
 * oneself and recent recipients by user id.
 */
type Entry = { key: string; userId: number | null; username?: string; name: string; avatarUrl: string | null; amount: string };

/** The shares the form would send: equal parts of the total, or each entry's own amount. */
function previewAmounts(total: bigint | null, count: number, byAmounts: boolean, entries: Entry[]): (bigint | null)[] {
  if (byAmounts) return entries.map((entry) => parseAmount(entry.amount));
  if (total === null || count === 0 || total < BigInt(count)) return entries.map(() => null);
  return equalShares(total, count);
}

/** What the form keeps with its place in history (lib/client/form-draft.ts), its key included. */
type Saved = { title: string; currency: Currency; total: string; byAmounts: boolean; includeMe: boolean; entries: Entry[]; myAmount: string; key: string | null };

const isEntry = (value: unknown): value is Entry => {
  const e = value as Partial<Entry> | null;
  return typeof e === "object" && e !== null && typeof e.key === "string" && (e.userId === null || typeof e.userId === "number") &&
    typeof e.name === "string" && (e.avatarUrl === null || typeof e.avatarUrl === "string") && typeof e.amount === "string";
};

const isSaved = (value: unknown): value is Saved => {
  const v = value as Partial<Saved> | null;
  return typeof v === "object" && v !== null && typeof v.title === "string" && isCurrency(v.currency) && typeof v.total === "string" &&
    typeof v.byAmounts === "boolean" && typeof v.includeMe === "boolean" && Array.isArray(v.entries) && v.entries.every(isEntry) &&
    typeof v.myAmount === "string" && (v.key === null || typeof v.key === "string");
};

/**
 * The form's state (started from a receipt's title, amount and currency when given): what for,
 * the total, how it is split, and who is in it (oneself first). It is kept with the form's place in
 * history, its Idempotency-Key too: Back to a form already sent shows it as sent, and sending it
 * again answers the split it made rather than a second one.
 */
function useSplitDraft(initial: SplitPrefill | undefined) {
  const t = useAllStrings();
  const me = useMe();
  const [saved] = useState(() => readFormDraft("split", isSaved));
  const key = useIdempotencyKey(saved?.key ?? null);
  const [title, setTitle] = useState(saved?.title ?? initial?.title ?? "");
  const [currency, setCurrency] = useState<Currency>(saved?.currency ?? initial?.currency ?? "RUB");
  const total = useAmountInput({ value: saved?.total ?? initial?.amount });
  const [byAmounts, setByAmounts] = useState(saved?.byAmounts ?? false);
  const [includeMe, setIncludeMe] = useState(saved?.includeMe ?? true);
  const [entries, setEntries] = useState<Entry[]>(saved?.entries ?? []);
  const [myAmount, setMyAmount] = useState(saved?.myAmount ?? "");
  const values = { title, currency, total: total.value, byAmounts, includeMe, entries, myAmount };
  const save = () => saveFormDraft("split", { ...values, key: key.peek() } satisfies Saved);
  // Every change is kept (an edit has just dropped the key: the edited form is another split).
  useEffect(save, [title, currency, total.value, byAmounts, includeMe, entries, myAmount]); // eslint-disable-line react-hooks/exhaustive-deps
  const meEntry: Entry | null = includeMe && me.data ? { key: "me", userId: me.data.id, name: t.splits.me, avatarUrl: me.data.avatarUrl, amount: myAmount } : null;
  const all = meEntry ? [meEntry, ...entries] : entries;
  const totalMinor = parseAmount(total.value);
  const amounts = previewAmounts(totalMinor, all.length, byAmounts, all);
  const taken = new Set<number | null>(entries.map((entry) => entry.userId));
  if (me.data) taken.add(me.data.id);
  /** Any edit makes a new form: a new Idempotency-Key. */
  const edit = (change: () => void) => {
    key.reset();
    change();
  };
  return {
    key, save, title, currency, total, byAmounts, includeMe, entries, all, totalMinor, amounts, taken, edit,
    setTitle: (value: string) => edit(() => setTitle(value)),
    setCurrency: (value: Currency) => edit(() => setCurrency(value)),
    setByAmounts: (value: boolean) => edit(() => setByAmounts(value)),
    setIncludeMe: (value: boolean) => edit(() => setIncludeMe(value)),
    add(entry: Omit<Entry, "key" | "amount">) {
      if (all.length >= MAX_SPLIT_SHARES || (entry.userId !== null && taken.has(entry.userId))) return;
      edit(() => setEntries((list) => [...list, { ...entry, key: `${entry.userId ?? "link"}-${Date.now()}-${list.length}`, amount: "" }]));
    },
    remove: (entryKey: string) => edit(() => setEntries((list) => list.filter((x) => x.key !== entryKey))),
    setAmount: (entryKey: string, value: string) =>
      edit(() => (entryKey === "me" ? setMyAmount(value) : setEntries((list) => list.map((x) => (x.key === entryKey ? { ...x, amount: value } : x))))),
  };
}

type Draft = ReturnType<typeof useSplitDraft>;

/** One participant line: who, their share (or its field when splitting by amounts), and "remove". */
function EntryRow({ draft, entry, amount }: { draft: Draft; entry: Entry; amount: bigint | null }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const name = entry.userId === null ? t.splits.byLink : entry.name;
  return (
    <li className="list-item split-entry" data-testid="split-entry">
      <span className="list-item-before">
        {entry.userId === null ? <LinkBadge /> : <Avatar src={entry.avatarUrl} name={entry.name} size={36} />}
      </span>
      <span className="list-item-text">
        <span className="list-item-title">{name}</span>
        {!draft.byAmounts && <span className="list-item-subtitle">{amount === null ? "—" : formatMoney(amount, draft.currency, language)}</span>}
      </span>
      <span className="list-item-after split-entry-after">
        {draft.byAmounts && (
          <input
            className="split-amount-input"
            aria-label={`${t.splits.form.shareAmount}: ${name}`}
            inputMode="decimal"
            placeholder={amountPlaceholder(language)}
            value={withDecimalMark(entry.amount, language)}
            onChange={(e) => draft.setAmount(entry.key, sanitizeAmountInput(e.target.value, language))}
          />
        )}
        {entry.key === "me" ? (
          // One's own share cannot be removed: an empty column of the ×'s width keeps the fields aligned.
          <span className="split-remove-space" aria-hidden="true" />
        ) : (
          <button type="button" className="split-remove" aria-label={`${t.splits.form.remove}: ${name}`} onClick={() => draft.remove(entry.key)}>
            ×
          </button>
        )}
      </span>
    </li>
  );
}

/** "Участники": the lines, what is left to split by amounts, and "+ Доля по ссылке". */
function Participants({ draft }: { draft: Draft }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const { all, amounts, totalMinor } = draft;
  const left = draft.byAmounts && totalMinor !== null ? totalMinor - sumShares(amounts.map((a) => a ?? 0n)) : null;
  return (
    <section className="stack" aria-labelledby="split-participants">
      <h2 id="split-participants" className="section-title">{t.splits.form.participants}</h2>
      {all.length === 0 ? (
        <p className="hint">{t.splits.form.noParticipants}</p>
      ) : (
        <ul className="section split-entries">
          {all.map((entry, i) => <EntryRow key={entry.key} draft={draft} entry={entry} amount={amounts[i] ?? null} />)}
        </ul>
      )}
      {left !== null && left !== 0n && (
        <p className={left > 0n ? "hint" : "field-error"} role="status">
          {left > 0n ? fill(t.splits.form.left, { amount: formatMoney(left, draft.currency, language) }) : fill(t.splits.form.over, { amount: formatMoney(-left, draft.currency, language) })}
        </p>
      )}
      <Button variant="secondary" onClick={() => draft.add({ userId: null, name: t.splits.byLink, avatarUrl: null })} disabled={all.length >= MAX_SPLIT_SHARES}>
        {`+ ${t.splits.byLink}`}
      </Button>
      <p className="hint">{t.splits.form.linkHint}</p>
    </section>
  );
}

/** The last people one sent money to, one tap to add each. */
function RecentPeople({ draft }: { draft: Draft }) {
  const t = useAllStrings();
  const recent = useRecentRecipients();
  const people = recent.data?.filter((person) => !draft.taken.has(person.userId)) ?? [];
  if (people.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="split-recent">
      <h2 id="split-recent" className="section-title">{t.splits.form.recent}</h2>
      <div className="split-chips">
        {people.map((person) => (
          <button key={person.userId} type="button" className="split-chip" onClick={() => draft.add({ userId: person.userId, name: person.name, avatarUrl: person.avatarUrl })}>
            <Avatar src={person.avatarUrl} name={person.name} size={24} />
            <span>{person.name}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** Anyone by username, e-mail or account number, looked up as the transfer form looks them up. */
function FindPerson({ draft }: { draft: Draft }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim());
  const found = useRecipient(recipientMethodOf(query), query);
  const candidate = found.data && !draft.taken.has(found.data.id) ? found.data : null;
  return (
    <section className="stack" aria-labelledby="split-find">
      <h2 id="split-find" className="section-title">{t.splits.form.find}</h2>
      <TextField label={t.splits.form.findPlaceholder} value={search} autoComplete="off" autoCapitalize="none" spellCheck={false} onChange={(e) => setSearch(e.target.value)} />
      {candidate ? (
        <div className="list-item split-found">
          <span className="list-item-before">
            <Avatar src={candidate.avatarUrl} name={recipientName(candidate, language)} size={36} />
          </span>
          <span className="list-item-text">
            <span className="list-item-title">{recipientName(candidate, language)}</span>
          </span>
          <span className="list-item-after">
            <Button
              fullWidth={false}
              onClick={() => {
                draft.add({ userId: candidate.id, username: candidate.username ?? undefined, name: recipientName(candidate, language), avatarUrl: candidate.avatarUrl });
                setSearch("");
              }}
            >
              {t.splits.form.add}
            </Button>
          </span>
        </div>
      ) : (
        !found.data && <RecipientStatus query={query} recipient={undefined} loading={found.isLoading} error={found.error} />
      )}
    </section>
  );
}

/**
 * "Разделить счёт": what for, the total, equally or by amounts, and who pays — oneself, recent
 * recipients, anyone found by username, e-mail or account number, or shares left open to the
 * split's link for a chat. Shares always add up to the total; the split opens on success.
 * `initial`: a payment's title, amount and currency to start from (its receipt's "Разделить счёт");
 * `receipt`: that receipt, where the new split's Back returns.
 */
export function SplitForm({ toast, initial, receipt }: { toast: ToastController; initial?: SplitPrefill; receipt?: string | null }) {
  const t = useAllStrings();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const draft = useSplitDraft(initial);
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    if (draft.totalMinor === null) return draft.total.reject(t.validation.invalidAmount);
    if (draft.entries.length === 0) return toast.error(t.splits.form.noParticipants);
    setSubmitting(true);
    try {
      const shares = draft.all.map((entry, i) => ({
        ...(entry.username ? { username: entry.username } : { userId: entry.userId }),
        ...(draft.byAmounts ? { amount: toSafeNumber(draft.amounts[i] ?? 0n) } : {}),
      }));
      const mode = draft.byAmounts ? ("amounts" as const) : ("equal" as const);
      const key = draft.key.current();
      // Kept before it is sent: a form sent again from Back, answered or not, sends the same key.
      draft.save();
      const split = await createSplit({ title: draft.title.trim(), currency: draft.currency, total: toSafeNumber(draft.totalMinor), mode, shares }, key);
      void mutate(MY_SPLITS);
      router.push(splitScreenPath(split.token, receipt));
    } catch (error) {
      toast.error(t.transfer.errorPrefix + errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  const { total } = draft;
  return (
    <Form onSubmit={() => void submit()}>
      <TextField label={t.splits.form.what} placeholder={t.splits.form.whatPlaceholder} value={draft.title} autoComplete="off" onChange={(e) => draft.setTitle(cleanMessageInput(e.target.value))} />
      <AmountField
        label={t.splits.form.total}
        value={total.value}
        error={total.error}
        shakeKey={total.shakeKey}
        onChange={(value) => draft.edit(() => total.change(value))}
        currency={{ label: t.splits.form.currency, value: draft.currency, onChange: draft.setCurrency }}
      />
      <Segmented
        label={t.splits.form.mode}
        options={[{ value: "equal", label: t.splits.form.equal }, { value: "amounts", label: t.splits.form.byAmounts }]}
        value={draft.byAmounts ? "amounts" : "equal"}
        onChange={(mode) => draft.setByAmounts(mode === "amounts")}
      />
      <div className="section">
        <div className="list-item">
          <span className="list-item-text">
            <span className="list-item-title">{t.splits.form.includeMe}</span>
          </span>
          <Switch label={t.splits.form.includeMe} checked={draft.includeMe} onChange={draft.setIncludeMe} />
        </div>
      </div>
      <Participants draft={draft} />
      <RecentPeople draft={draft} />
      <FindPerson draft={draft} />
      <PrimaryAction type="submit" label={submitting ? t.splits.form.submitting : t.splits.form.submit} onPress={() => void submit()} disabled={!total.value || !draft.title.trim() || draft.entries.length === 0} loading={submitting} />
    </Form>
  );
}
