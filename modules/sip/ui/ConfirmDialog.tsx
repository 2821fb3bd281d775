/**
 * The one confirmation dialog of the SIP screens: a title, what will happen, optional fields, and a
 * confirm button that shows progress; a failure is shown inside the dialog, next to the button.
 */
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { btn } from '@site/components/app/ui';
import { Problem } from '@site/components/app/wallet/shared';
import { Modal } from '@site/components/session/Modal';

export function ConfirmDialog({
  open,
  title,
  children,
  fields,
  confirmLabel,
  busyLabel = 'Saving…',
  busy = false,
  error,
  danger = false,
  onConfirm,
  onClose,
  confirmDisabled = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Form fields below the description (not read out as part of it). */
  fields?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  confirmDisabled?: boolean;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={open} onClose={() => !busy && onClose()} labelledBy={titleId} describedBy={bodyId}>
      <form
        className="p-6 sm:p-7"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && !confirmDisabled) onConfirm();
        }}
      >
        <h2 id={titleId} className="pr-8 font-display text-xl text-ink">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 space-y-3 text-sm leading-relaxed text-slate-600">
          {children}
        </div>
        {fields}
        {error ? (
          <div className="mt-4">
            <Problem>{error}</Problem>
          </div>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={btn.secondary} onClick={onClose} disabled={busy}>
            Go back
          </button>
          <button
            type="submit"
            className={danger ? `${btn.primary} bg-red-700 hover:bg-red-800` : btn.primary}
            disabled={busy || confirmDisabled}
            aria-busy={busy || undefined}
          >
            {busy ? <LoaderCircle size={16} className="animate-spin" aria-hidden="true" /> : null}
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
