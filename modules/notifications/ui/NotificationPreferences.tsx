/** Per-kind preferences: in the app (security always on) and by email. Each change saves at once. */
import { RefreshCw } from 'lucide-react';
import { errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { NOTIFICATION_KINDS, type NotificationAudience, type NotificationPreference } from '../contract';
import { usePreferences, useSavePreference } from './use-notifications';

export function NotificationPreferences({ audience }: { audience: NotificationAudience }) {
  const prefs = usePreferences();
  const save = useSavePreference();
  const rows = (prefs.data?.preferences ?? []).filter((p) => NOTIFICATION_KINDS[p.kind]?.audience === audience);

  const change = (p: NotificationPreference, patch: { inApp?: boolean; email?: boolean }) =>
    save.mutate(
      { kind: p.kind, ...patch },
      {
        onSuccess: () =>
          toast({
            title: 'Preference saved',
            description: `${p.label}: ${'email' in patch ? `emails ${patch.email ? 'on' : 'off'}` : `in-app ${patch.inApp ? 'on' : 'off'}`}.`,
            variant: 'success',
          }),
        onError: (e) => toast({ title: 'Could not save the preference', description: errorText(e, 'Please try again.'), variant: 'destructive' }),
      },
    );

  if (prefs.isPending) return <p className="text-sm text-slate-500">Loading your preferences…</p>;
  if (prefs.isError)
    return (
      <div role="alert" className="text-sm text-slate-600">
        We could not load your preferences. {errorText(prefs.error, '')}{' '}
        <button type="button" onClick={() => void prefs.refetch()} className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
          <RefreshCw size={14} aria-hidden="true" />
          Try again
        </button>
      </div>
    );

  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Notification preferences by kind</caption>
      <thead>
        <tr className="text-left text-xs font-medium uppercase tracking-wide text-slate-500">
          <th scope="col" className="pb-2 font-medium">
            Kind
          </th>
          {audience === 'user' && (
            <th scope="col" className="w-24 pb-2 text-center font-medium">
              In the app
            </th>
          )}
          <th scope="col" className="w-24 pb-2 text-center font-medium">
            Email
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((p) => (
          <tr key={p.kind}>
            <th scope="row" className="py-3 pr-3 text-left font-normal text-slate-700">
              {p.label}
              {p.inAppLocked && audience === 'user' && <span className="block text-xs text-slate-500">Always shown in the app, for your safety</span>}
            </th>
            {audience === 'user' && (
            <td className="py-3 text-center">
              <input
                type="checkbox"
                checked={p.inApp}
                disabled={p.inAppLocked || save.isPending}
                aria-label={`${p.label} in the app${p.inAppLocked ? ' (always on)' : ''}`}
                onChange={(e) => change(p, { inApp: e.target.checked })}
                className="h-4 w-4 rounded border-slate-300 text-brand-700 accent-brand-700 disabled:opacity-60"
              />
            </td>
            )}
            <td className="py-3 text-center">
              <input
                type="checkbox"
                checked={p.email}
                disabled={save.isPending}
                aria-label={`${p.label} by email`}
                onChange={(e) => change(p, { email: e.target.checked })}
                className="h-4 w-4 rounded border-slate-300 accent-brand-700"
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
