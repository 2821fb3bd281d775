/**
 * What an investor can do with a plan, each confirmed in a dialog that says it takes effect from the
 * next collection: edit, pause, resume, skip next month, cancel, and add or remove the automatic top-up.
 */
import { CalendarX2, CreditCard, Pause, Pencil, Play, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatDate, monthYear } from '@modules/platform/dates';
import { btn } from '@site/components/app/ui';
import { errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { sipErrorCodes, sipMessages, type SipPlanJson } from '../contract';
import { ConfirmDialog } from './ConfirmDialog';
import { errorCodeOf, setMandate, skipNext, updatePlan, useRefreshSip } from './data';
import { EditPlanDialog } from './EditPlanDialog';
import { ordinal } from './format';

type Simple = 'pause' | 'resume' | 'skip' | 'cancel' | 'mandate-add' | 'mandate-remove';
type Spec = { title: string; body: ReactNode; confirm: string; done: string; danger?: boolean; run: () => Promise<unknown> };

export function PlanActions({ plan }: { plan: SipPlanJson }) {
  const refresh = useRefreshSip();
  const [open, setOpen] = useState<Simple | 'edit' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = plan.nextCollectionDate;
  const fromNext = next ? `from the next collection (${formatDate(next)})` : 'from the next collection';

  const specs: Record<Simple, Spec> = {
    pause: {
      title: 'Pause this plan?',
      body: <p>No collection is taken while the plan is paused. This takes effect {fromNext}. Resume whenever you like; nothing you own changes.</p>,
      confirm: 'Pause plan',
      done: 'Plan paused',
      run: () => updatePlan(plan.id, { status: 'paused' }),
    },
    resume: {
      title: 'Resume this plan?',
      body: <p>Collections start again on the {ordinal(plan.dayOfMonth)} of the month: this takes effect from the next collection day still ahead. Keep your wallet funded for it.</p>,
      confirm: 'Resume plan',
      done: 'Plan resumed',
      run: () => updatePlan(plan.id, { status: 'active' }),
    },
    skip: {
      title: next ? `Skip ${monthYear(next)}?` : 'Skip the next collection?',
      body: <p>The next collection{next ? ` on ${formatDate(next)}` : ''} will not be taken; the plan carries on the month after. Only that one collection is skipped.</p>,
      confirm: 'Skip this month',
      done: 'Collection skipped',
      run: () => skipNext(plan.id),
    },
    cancel: {
      title: 'Cancel this plan?',
      body: (
        <p>
          No further collections are taken, {fromNext} on. Everything the plan has already bought stays yours. A cancelled plan cannot be restarted; you can start a new one at any
          time.
        </p>
      ),
      confirm: 'Cancel plan',
      done: 'Plan cancelled',
      danger: true,
      run: () => updatePlan(plan.id, { status: 'cancelled' }),
    },
    'mandate-add': {
      title: 'Add automatic top-up?',
      body: (
        <p>
          When your wallet will not cover a collection, the shortfall is charged to your card or bank mandate 3 days before the collection day, and again before a retry. This takes
          effect {fromNext}.
        </p>
      ),
      confirm: 'Add top-up',
      done: 'Automatic top-up added',
      run: () => setMandate(plan.id, 'add'),
    },
    'mandate-remove': {
      title: 'Remove automatic top-up?',
      body: <p>Collections will be taken from your wallet only, {fromNext} on. A collection the wallet does not cover is retried once, then fails.</p>,
      confirm: 'Remove top-up',
      done: 'Automatic top-up removed',
      danger: true,
      run: () => setMandate(plan.id, 'remove'),
    },
  };

  const close = () => {
    setOpen(null);
    setError(null);
  };
  const run = async (spec: Spec) => {
    setBusy(true);
    setError(null);
    try {
      await spec.run();
      await refresh();
      toast({ title: spec.done, description: 'It takes effect from the next collection.' });
      close();
    } catch (err) {
      setError(errorCodeOf(err) === sipErrorCodes.mandateUnavailable ? sipMessages.mandateUnavailable : errorText(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (plan.status === 'cancelled') return null;
  const spec = open && open !== 'edit' ? specs[open] : null;
  const button = (key: Simple | 'edit', label: string, Icon: typeof Pause, extra = '') => (
    <button type="button" className={`${btn.secondary} ${extra}`} onClick={() => setOpen(key)}>
      <Icon size={16} aria-hidden="true" /> {label}
    </button>
  );
  return (
    <div role="group" aria-label="Plan actions" className="flex flex-wrap gap-2">
      {button('edit', 'Edit plan', Pencil)}
      {plan.status === 'active' ? button('pause', 'Pause', Pause) : button('resume', 'Resume', Play)}
      {plan.status === 'active' && next ? button('skip', 'Skip next month', CalendarX2) : null}
      {plan.mandate ? button('mandate-remove', 'Remove automatic top-up', CreditCard) : button('mandate-add', 'Add automatic top-up', CreditCard)}
      {button('cancel', 'Cancel plan', XCircle, 'text-red-700 hover:bg-red-50')}
      {spec ? (
        <ConfirmDialog open title={spec.title} confirmLabel={spec.confirm} danger={spec.danger} busy={busy} error={error} onConfirm={() => void run(spec)} onClose={close}>
          {spec.body}
        </ConfirmDialog>
      ) : null}
      {open === 'edit' ? (
        <EditPlanDialog
          plan={plan}
          open
          onClose={close}
          onSaved={() => {
            void refresh();
            toast({ title: 'Plan updated', description: 'The changes take effect from the next collection.' });
            close();
          }}
        />
      ) : null}
    </div>
  );
}
