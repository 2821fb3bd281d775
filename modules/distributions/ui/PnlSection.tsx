/**
 * The property P&L for investors and visitors (GET /api/properties/:id/pnl): the plain explanation, the
 * chart of where the rent went and the table by month, with loading, empty and error states. The page
 * around it supplies the heading ("Income and costs"). The default export is the island for
 * /property/{id}: the same, inside the app's providers.
 */
import { RefreshCw } from 'lucide-react';
import { AppProviders } from '@site/components/react/AppProviders';
import { ApiError, errorText } from '@site/lib/api';
import { usePnl } from './data';
import { PnlView } from './PnlView';

function Loading() {
  return (
    <div aria-busy="true" className="space-y-3">
      <p role="status" className="text-sm text-slate-500">
        Loading the property's books…
      </p>
      <span aria-hidden="true" className="block h-40 w-full animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}

export function PnlSection({ propertyId }: { propertyId: string }) {
  const pnl = usePnl(propertyId);
  if (pnl.isPending) return <Loading />;
  if (pnl.isError) {
    const missing = pnl.error instanceof ApiError && pnl.error.status === 404;
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800">
        <p className="font-semibold">{missing ? 'This property has no books to show' : "We couldn't load the property's books"}</p>
        <p className="mt-0.5">{missing ? 'It may have been withdrawn from the platform.' : errorText(pnl.error, 'Please try again.')}</p>
        {missing ? null : (
          <button
            type="button"
            onClick={() => void pnl.refetch()}
            className="mt-3 inline-flex items-center gap-2 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500"
          >
            <RefreshCw size={14} aria-hidden="true" /> Try again
          </button>
        )}
      </div>
    );
  }
  return <PnlView pnl={pnl.data} />;
}

export default function PnlIsland({ propertyId }: { propertyId: string }) {
  return (
    <AppProviders>
      <PnlSection propertyId={propertyId} />
    </AppProviders>
  );
}
