"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Screen } from "@/components/screen";
import { LinkBadge } from "@/components/splits/link-badge";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast, type ToastController } from "@/components/ui/toast";
import { ApiError, errorMessage } from "@/lib/client/api";
import { formatDateTime } from "@/lib/client/date";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { payPathFor, requestLinkFor, shareLink } from "@/lib/client/requests";
import { MY_SPLITS, settleShare, splitAction, splitKey, splitLinkFor, useSplit } from "@/lib/client/splits";
import { hasFeature } from "@/lib/client/telegram/features";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { telegramBotLink } from "@/lib/client/ton/config";
import { formatMoney } from "@/lib/shared/money";
import type { SplitDto, SplitShareDto } from "@/lib/shared/schemas/splits";
import { fill } from "@/lib/shared/strings";
import "@/components/bank/history-tab.css";
import "@/components/requests/requests.css";
import "./splits.css";

type Act = (work: () => Promise<SplitDto>, done: string) => void;

/** Paid and settled over the total: the organiser's and every participant's picture of progress. */
export function SplitProgress({ split }: { split: SplitDto }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const done = split.progress.paid + split.progress.settled;
  const percent = split.total === 0 ? 0 : Math.min(100, Math.round((split.progress.collected / split.total) * 100));
  return (
    <span className="split-progress">
      <span className="split-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t.splits.collected}>
        <span className="split-bar-fill" style={{ width: `${percent}%` }} />
      </span>
      <span className="hint">
        {fill(t.splits.progress, { paid: done, count: split.progress.count, amount: formatMoney(split.progress.collected, split.currency, language), total: formatMoney(split.total, split.currency, language) })}
      </span>
    </span>
  );
}

/**
 * One share: who owes it, how much, its state; the organiser may settle it, and inside Telegram
 * send its request to a group as the in-chat card. A link to share is the split's own, once for
 * the screen (OrganiserActions): each person who opens it sees their share.
 */
function ShareRow({ split, share, act, toast }: { split: SplitDto; share: SplitShareDto; act: Act; toast: ToastController }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const telegram = useLoadedTelegram();
  const toChat = Boolean(telegram?.native && (hasFeature(telegram, "requestChat") || hasFeature(telegram, "shareMessage")));
  const name = share.mine ? t.splits.me : (share.participant?.name ?? t.splits.byLink);
  const organising = split.own && share.status === "pending" && share.requestToken !== null && split.status === "open";

  async function send(token: string) {
    const text = fill(t.requests.shareText, { amount: formatMoney(share.amount, split.currency, language) });
    const outcome = await shareLink(requestLinkFor(token, telegramBotLink(), window.location.origin), text, token);
    if (outcome === "chat") toast.success(t.telegram.chat.sent);
    if (outcome === "copied") toast.success(t.splits.copied);
    if (outcome === "failed") toast.error(t.splits.shareFailed);
  }

  return (
    <li className="list-item split-share" data-testid="split-share">
      <span className="list-item-before">
        {share.participant ? <Avatar src={share.participant.avatarUrl} name={share.participant.name} size={36} /> : <LinkBadge />}
      </span>
      <span className="list-item-text">
        <span className="list-item-title">{name}</span>
        <span className="list-item-subtitle">{formatMoney(share.amount, split.currency, language)}</span>
        {share.remindedAt && share.status === "pending" && <span className="list-item-subtitle">{fill(t.splits.remindedAt, { date: formatDateTime(share.remindedAt, language) })}</span>}
      </span>
      <span className="list-item-after">
        <span className={`request-status split-status-${share.status}`}>{t.splits.status[share.status]}</span>
      </span>
      {organising && (
        <span className="split-share-actions">
          {toChat && (
            <Button variant="secondary" onClick={() => void send(share.requestToken!)}>
              {t.splits.sendToGroup}
            </Button>
          )}
          <Button variant="secondary" onClick={() => act(() => settleShare(split.token, share.position), t.splits.settled)}>
            {t.splits.settle}
          </Button>
        </span>
      )}
    </li>
  );
}

/** The organiser's actions: share the split's link (while a share is unpaid), remind, cancel the rest. */
function OrganiserActions({ split, act, toast }: { split: SplitDto; act: Act; toast: ToastController }) {
  const t = useAllStrings();
  async function share() {
    const outcome = await shareLink(splitLinkFor(split.token, telegramBotLink(), window.location.origin), fill(t.splits.shareText, { title: split.title }));
    if (outcome === "copied") toast.success(t.splits.copied);
    if (outcome === "failed") toast.error(t.splits.shareFailed);
  }
  if (split.status === "cancelled") return null;
  return (
    <section className="stack">
      {split.progress.pending > 0 && (
        <>
          <Button onClick={() => void share()}>{t.splits.shareLink}</Button>
          <Button variant="secondary" onClick={() => act(() => splitAction(split.token, "remind"), t.splits.reminded)}>{t.splits.remind}</Button>
          <Button variant="danger" onClick={() => act(() => splitAction(split.token, "cancel"), t.splits.cancelledRest)}>{t.splits.cancelRest}</Button>
        </>
      )}
    </section>
  );
}

/**
 * The participant's own share: what they owe, the way to pay it (the request's own screen), and
 * the way to turn it down — a claim from someone they may not know ends there, with no reminders.
 */
function MyShare({ split, share, act }: { split: SplitDto; share: SplitShareDto; act: Act }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const router = useRouter();
  const pending = share.status === "pending" && share.requestToken !== null;
  return (
    <section className="section split-mine" aria-label={t.splits.yourShare}>
      <p className="hint">{t.splits.yourShare}</p>
      <p className="split-mine-amount">{formatMoney(share.amount, split.currency, language)}</p>
      <span className={`request-status split-status-${share.status}`}>{t.splits.status[share.status]}</span>
      {pending && <Button onClick={() => router.push(payPathFor(share.requestToken!))}>{t.splits.pay}</Button>}
      {pending && (
        <Button variant="secondary" onClick={() => act(() => splitAction(split.token, "decline"), t.splits.declinedDone)}>
          {t.splits.decline}
        </Button>
      )}
    </section>
  );
}

function SplitBody({ split, act, toast }: { split: SplitDto; act: Act; toast: ToastController }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const mine = split.shares.find((s) => s.mine && !split.own);
  return (
    <>
      <section className="split-head">
        <p className="split-total">{formatMoney(split.total, split.currency, language)}</p>
        <p className="hint">{fill(t.splits.organiser, { name: split.own ? t.splits.me : split.organiser.name })}</p>
        {split.status === "cancelled" && <p className="inline-error" role="status">{t.splits.cancelledSplit}</p>}
      </section>
      <SplitProgress split={split} />
      {mine && <MyShare split={split} share={mine} act={act} />}
      {split.joinable && <Button onClick={() => act(() => splitAction(split.token, "join"), t.splits.joined)}>{t.splits.join}</Button>}
      {split.shares.length > 0 && (
        <section className="stack" aria-labelledby="split-who">
          <h2 id="split-who" className="section-title">{t.splits.whoOwes}</h2>
          <ul className="section history">
            {split.shares.map((share) => <ShareRow key={share.position} split={split} share={share} act={act} toast={toast} />)}
          </ul>
        </section>
      )}
      {split.own && <OrganiserActions split={split} act={act} toast={toast} />}
    </>
  );
}

/**
 * One split: its total and progress; for a participant their own share with "Оплатить свою долю"
 * (the request's pay screen) and who else owes what; for the organiser every share with its state,
 * settling outside the app, sending a share's request to a chat, reminding and cancelling the rest;
 * for someone holding the link, "Взять долю" while a share is open.
 */
export function SplitScreen({ token, back = "/splits" }: { token: string | null; back?: string }) {
  const t = useAllStrings();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const split = useSplit(token);
  const [busy, setBusy] = useState(false);

  const act: Act = (work, done) => {
    if (busy) return;
    setBusy(true);
    work()
      .then((next) => {
        void mutate(splitKey(next.token), next, { revalidate: false });
        void mutate(MY_SPLITS);
        toast.success(done);
      })
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setBusy(false));
  };

  const missing = !token || (split.error instanceof ApiError && (split.error.status === 404 || split.error.status === 400));
  return (
    <Screen title={split.data?.title ?? t.splits.title} back={back}>
      {missing ? (
        <p className="hint centered empty-state" role="status">{t.splits.notFound}</p>
      ) : split.error ? (
        <div className="stack">
          <p className="inline-error" role="alert">{t.splits.loadFailed}</p>
          <Button variant="secondary" onClick={() => void split.mutate()}>{t.splits.retry}</Button>
        </div>
      ) : !split.data ? (
        <div className="stack" aria-busy="true">
          <Skeleton height={72} radius={14} />
          <Skeleton height={180} radius={14} />
        </div>
      ) : (
        <SplitBody split={split.data} act={act} toast={toast} />
      )}
      <Toast toast={toast} />
    </Screen>
  );
}
