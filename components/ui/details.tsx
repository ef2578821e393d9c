import "./details.css";

/**
 * Term–value rows (a summary, a quote, a receipt): one `<dl>`, one row per pair. `userText`: the
 * terms whose values are people's own words (a transfer's message), marked `data-user-text` as
 * such rather than the app's.
 */
export function Details({ rows, userText = [] }: { rows: readonly (readonly [string, string])[]; userText?: readonly string[] }) {
  return (
    <dl className="details">
      {rows.map(([term, value]) => (
        <div className="details-row" key={term}>
          <dt>{term}</dt>
          <dd data-user-text={userText.includes(term) || undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
