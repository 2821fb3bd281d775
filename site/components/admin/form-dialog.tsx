/**
 * The back office's form in a modal: a title and what the form does, the fields, an error from the server, and
 * Cancel / the primary action in the footer. Enter in a field submits like the button does; the button says
 * what is happening while the request runs and cannot be pressed twice.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Dialog, ErrorNote } from './ledger/parts';
import { Button } from './ui';

type FormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  wide?: ComponentProps<typeof Dialog>['wide'];
  /** What the primary button says, and what it says while the request runs (default "Saving…"). */
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  icon?: ComponentProps<typeof Button>['icon'];
  /** Runs the form's own checks and sends it; called by the button and by Enter in a field. */
  onSubmit: () => void;
  /** The server's refusal, shown under the fields. */
  error?: string | null;
  errorTitle?: string;
  /** The fields' layout; the default stacks them. */
  formClassName?: string;
  children: ReactNode;
};

export function FormDialog({ open, onClose, title, description, wide, submitLabel, pendingLabel = 'Saving…', pending, icon, onSubmit, error, errorTitle = 'Not saved', formClassName = 'space-y-4', children }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide={wide}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={icon} onClick={onSubmit} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className={formClassName}
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) onSubmit();
        }}
      >
        {children}
        {/* Enter in any field submits: the primary button lives in the dialog's footer, outside the form. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        {error ? (
          <div className="col-span-full">
            <ErrorNote title={errorTitle}>{error}</ErrorNote>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
