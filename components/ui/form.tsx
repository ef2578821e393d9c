import type { ReactNode } from "react";

/**
 * A form the app checks itself (no browser validation bubbles): Enter or the submit button calls
 * `onSubmit`, and the page never reloads.
 */
export function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
