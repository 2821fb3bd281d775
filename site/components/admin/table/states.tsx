/** What the admin table shows instead of rows: skeleton rows while loading, the API's error with a retry, and empty results. */
import { errorText } from '@site/lib/api';
import { Button } from '../ui';

export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true" data-skeleton="">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-4 py-3.5">
              <span className="block h-3 animate-pulse rounded bg-slate-100" style={{ width: `${50 + ((r * 7 + c * 13) % 40)}%` }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function ErrorState({ error, what, onRetry, retrying }: { error: unknown; what: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
      <p className="font-semibold text-ink">Couldn't load {what}</p>
      <p className="mt-1 max-w-md text-sm text-slate-500">{errorText(error, 'Request failed')}</p>
      <div className="mt-4">
        <Button variant="primary" readAllowed onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    </div>
  );
}
