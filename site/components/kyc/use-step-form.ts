import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { focusFirstError } from './fields';
import { type FieldErrors, fieldErrors } from './kyc-draft';

/**
 * Errors appear after the first Continue, then update live as the investor fixes them.
 * On a valid submit, onValid runs; otherwise focus moves to the first field with an error.
 */
export function useStepForm(schema: z.ZodType, value: unknown, order: readonly string[], onValid: () => void) {
  const [attempted, setAttempted] = useState(false);
  const errors: FieldErrors = attempted ? fieldErrors(schema, value) : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = fieldErrors(schema, value);
    setAttempted(true);
    if (Object.keys(found).length) return focusFirstError(found, order);
    onValid();
  };
  return { errors, onSubmit };
}
