/**
 * Progressive enhancement for a JSON form: client validation with the module's own zod schema
 * (loaded on first interaction, so the page ships no validator up front), inline errors, busy state,
 * server field errors, and a failure message that never clears what the visitor typed.
 */
import { ApiError, errorText } from '@site/lib/api';
import { issuesToFieldErrors, once, serverFieldErrors, setBusy, setFieldError, setMessage, showFieldErrors } from './form-kit';

type Issue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string };
export type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } } };

export type FormOptions<T, R> = {
  /** Field names the form shows, for mapping the server's `fields`. */
  fields: readonly string[];
  /** Loads the zod schema (dynamic import of the module contract). */
  loadSchema: () => Promise<Schema<T>>;
  /** Form values → the raw object the schema checks. */
  read: (form: HTMLFormElement) => unknown;
  submit: (data: T) => Promise<R>;
  onSuccess: (result: R, form: HTMLFormElement) => void;
  busyLabel: string;
  failureText: string;
};

export function enhanceForm<T, R>(form: HTMLFormElement, opts: FormOptions<T, R>) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const alert = form.querySelector('[data-form-alert]');
  const loadSchema = once(opts.loadSchema);
  let busy = false;
  let attempted = false;

  const warm = () => void loadSchema().catch(() => undefined);
  form.addEventListener('focusin', warm, { once: true });
  form.addEventListener('pointerenter', warm, { once: true });

  // After a first submit, fields re-check as the visitor fixes them (only the field being edited changes).
  const recheck = async (event: Event) => {
    const control = event.target as HTMLElement | null;
    const name = control?.getAttribute('name');
    if (!attempted || !control || !name || !opts.fields.includes(name)) return;
    let schema: Schema<T>;
    try {
      schema = await loadSchema();
    } catch {
      return;
    }
    const parsed = schema.safeParse(opts.read(form));
    const message = parsed.success ? null : (issuesToFieldErrors(parsed.error.issues)[name] ?? null);
    if (message === null || control.getAttribute('aria-invalid') === 'true' || event.type === 'change') setFieldError(control, message);
  };
  form.addEventListener('input', recheck);
  form.addEventListener('change', recheck);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy || !button) return;
    attempted = true;
    setMessage(alert, '');
    busy = true;
    setBusy(form, button, true, opts.busyLabel);
    try {
      const raw = opts.read(form);
      let data = raw as T;
      const schema = await loadSchema().catch(() => null); // if the validator can't load, the server still validates
      if (schema) {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) {
          const { first, unplaced } = showFieldErrors(form, issuesToFieldErrors(parsed.error.issues));
          if (unplaced.length) setMessage(alert, unplaced[0]);
          first?.focus();
          return;
        }
        data = parsed.data;
      }
      showFieldErrors(form, {});
      const result = await opts.submit(data);
      opts.onSuccess(result, form);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? serverFieldErrors(err.body, opts.fields) : {};
      if (Object.keys(fieldErrors).length) {
        showFieldErrors(form, fieldErrors).first?.focus();
      } else {
        // A server answer carries its own text (§8); a network failure gets the form's friendly fallback.
        setMessage(alert, err instanceof ApiError ? errorText(err, opts.failureText) : opts.failureText);
      }
    } finally {
      busy = false;
      setBusy(form, button, false, opts.busyLabel);
    }
  });
}

/** Reads a text control's value ('' when missing). */
export function value(form: HTMLFormElement, name: string): string {
  const el = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
  return el && 'value' in el ? el.value : '';
}
