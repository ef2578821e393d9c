"use client";

/**
 * A form's draft kept with its place in the browser's history: the values and the Idempotency-Key
 * of a form survive leaving it and coming Back to it, so a form sent once and sent again from Back
 * replays its first answer instead of making a second one. Each history entry gets an id of its
 * own in `history.state` (the router keeps custom state on Back and Forward), and the draft lives
 * in session storage under that id: the same form opened afresh is a new entry and starts empty.
 */

const ENTRY = "minibankFormEntry";

function stateObject(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return state !== null && typeof state === "object" ? (state as Record<string, unknown>) : {};
}

/** The current history entry's id, or null while it has none. */
function entryId(): string | null {
  if (typeof window === "undefined") return null;
  const id = stateObject()[ENTRY];
  return typeof id === "string" ? id : null;
}

/** The current history entry's id, given to it now if it had none. */
function ensureEntryId(): string {
  const id = entryId();
  if (id) return id;
  const made = crypto.randomUUID();
  window.history.replaceState({ ...stateObject(), [ENTRY]: made }, "");
  return made;
}

const storageKey = (form: string, id: string) => `form-draft:${form}:${id}`;

/** The draft of `form` saved in this history entry, or null (none, or unreadable). */
export function readFormDraft<T>(form: string, isDraft: (value: unknown) => value is T): T | null {
  const id = entryId();
  if (!id) return null;
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(storageKey(form, id)) ?? "null");
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

/** Saves the draft of `form` in this history entry (quietly not, where storage is refused). */
export function saveFormDraft(form: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(storageKey(form, ensureEntryId()), JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the form still works, it is just not kept for Back.
  }
}
