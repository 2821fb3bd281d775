/**
 * Small, dependency-free helpers shared by the vanilla form scripts (waitlist, contact).
 *
 * Markup convention: each control has an id and a `name`; its error element is `#{id}-error`
 * (hidden until needed). Errors are announced by linking the error element through aria-describedby
 * and setting aria-invalid, and focus moves to the first invalid control.
 */

export type FieldErrors = Record<string, string>;
type Issue = { readonly path: ReadonlyArray<PropertyKey | { key: PropertyKey }>; readonly message: string };

/** Zod issues → the first message for each top-level field. Issues without a path go under `form`. */
export function issuesToFieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const head = issue.path[0];
    const key = head === undefined ? 'form' : String(typeof head === 'object' && head !== null ? head.key : head);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The API's validation answer ({ message, error: 'validation_failed', fields: { email: '…' } }) →
 * field errors for the fields this form shows. Anything else gives an empty object.
 */
export function serverFieldErrors(body: unknown, known: readonly string[]): FieldErrors {
  const fields = (body as { fields?: unknown } | null | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: FieldErrors = {};
  for (const [key, msg] of Object.entries(fields as Record<string, unknown>)) {
    const top = key.split('.')[0];
    if (known.includes(top) && typeof msg === 'string' && !(top in out)) out[top] = msg;
  }
  return out;
}

/** "1234 / 5,000" style counter text; tells how far over the limit the text runs. */
export function characterCountText(length: number, max: number): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  return length > max ? `${fmt(length - max)} characters over the ${fmt(max)} limit` : `${fmt(length)} / ${fmt(max)} characters`;
}

/** Runs a loader once and shares the promise (a failed load may be retried). */
export function once<T>(loader: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => {
    p ??= loader().catch((err) => {
      p = null;
      throw err;
    });
    return p;
  };
}

function describedBy(el: Element): string[] {
  return (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
}

function controls(form: HTMLFormElement): HTMLElement[] {
  return Array.from(form.querySelectorAll<HTMLElement>('input[name], select[name], textarea[name]'));
}

export function clearFieldErrors(form: HTMLFormElement): void {
  for (const control of controls(form)) setFieldError(control, null);
}

/** Shows (or, with null, clears) one control's error: text in `#{id}-error`, aria-invalid, aria-describedby. */
export function setFieldError(control: Element, message: string | null): void {
  const errorId = `${control.id}-error`;
  const errorEl = control.ownerDocument.getElementById(errorId);
  const others = describedBy(control).filter((id) => id !== errorId);
  if (message) {
    control.setAttribute('aria-invalid', 'true');
    if (errorEl) {
      errorEl.textContent = message;
      errorEl.hidden = false;
      control.setAttribute('aria-describedby', [...others, errorId].join(' '));
    }
    return;
  }
  control.removeAttribute('aria-invalid');
  if (others.length) control.setAttribute('aria-describedby', others.join(' '));
  else control.removeAttribute('aria-describedby');
  if (errorEl) {
    errorEl.textContent = '';
    errorEl.hidden = true;
  }
}

/**
 * Shows each message beside its control (by `name`), clears the rest, and returns the first invalid
 * control in document order (or null). Messages for fields the form does not show come back in `unplaced`.
 */
export function showFieldErrors(form: HTMLFormElement, errors: FieldErrors): { first: HTMLElement | null; unplaced: string[] } {
  let first: HTMLElement | null = null;
  const placed = new Set<string>();
  for (const control of controls(form)) {
    const name = control.getAttribute('name') ?? '';
    const message = errors[name] ?? null;
    setFieldError(control, message);
    if (message) {
      placed.add(name);
      first ??= control;
    }
  }
  const unplaced = Object.entries(errors)
    .filter(([k]) => !placed.has(k))
    .map(([, v]) => v);
  return { first, unplaced };
}

/** Writes a message into a live region's `[data-message]` child (hidden when empty). */
export function setMessage(region: Element | null, text: string): void {
  const el = region?.querySelector<HTMLElement>('[data-message]');
  if (!el) return;
  el.textContent = text;
  el.hidden = !text;
}

/** Busy state for a submit button: label swapped, aria-disabled (keeps focus), the form aria-busy. */
export function setBusy(form: HTMLFormElement, button: HTMLButtonElement, busy: boolean, busyLabel: string): void {
  const label = button.querySelector<HTMLElement>('[data-label]') ?? button;
  if (busy) {
    button.dataset.idleLabel ??= label.textContent ?? '';
    label.textContent = busyLabel;
    button.setAttribute('aria-disabled', 'true');
    form.setAttribute('aria-busy', 'true');
  } else {
    if (button.dataset.idleLabel !== undefined) label.textContent = button.dataset.idleLabel;
    button.removeAttribute('aria-disabled');
    form.removeAttribute('aria-busy');
  }
}
