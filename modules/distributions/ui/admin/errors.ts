/**
 * Sorting validation problems to the field they belong to: the contract's zod issues on the client, and
 * the API's message (the same sentences, from the same contract) when the server refuses.
 */
import type { z } from 'zod';
import { errorText } from '@site/lib/api';

export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** The first message per field of a failed safeParse (fields outside `fields` go to 'form'). */
export function issuesByField<F extends string>(error: z.ZodError, fields: readonly F[]): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = (fields as readonly string[]).includes(key) ? (key as F) : 'form';
    out[field] ??= issue.message;
  }
  return out;
}

/** The API's refusal placed on the field whose contract message it is, or on the form. */
export function serverErrorByField<F extends string>(error: unknown, messages: Partial<Record<F, readonly string[]>>, fallback: string): FieldErrors<F> {
  const text = errorText(error, fallback);
  for (const [field, list] of Object.entries(messages) as [F, readonly string[]][]) if (list.includes(text)) return { [field]: text } as FieldErrors<F>;
  return { form: text } as FieldErrors<F>;
}
