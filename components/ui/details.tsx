import "./details.css";

/** Term–value rows (a summary, a quote, a receipt): one `<dl>`, one row per pair. */
export function Details({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="details">
      {rows.map(([term, value]) => (
        <div className="details-row" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
