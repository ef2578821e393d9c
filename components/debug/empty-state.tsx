import { useAllStrings } from "@/lib/client/feature-strings";

/** Shown by a debug page when Telegram gave it nothing to show; `hint` says why when it is known. */
export function EmptyState({ hint }: { hint?: string }) {
  const t = useAllStrings();
  return (
    <div className="section result" role="status">
      <p style={{ margin: 0 }}>{t.debug.empty}</p>
      <p className="hint" style={{ margin: 0 }}>
        {hint ?? t.debug.emptyHint}
      </p>
    </div>
  );
}
