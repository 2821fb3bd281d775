import { LogIn, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorText } from '@site/lib/api';
import type { CommunityStatusJson } from '../contract';
import { loadStatus } from './status';

export type Gate = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; status: CommunityStatusJson };

export function useCommunityStatus(threadId?: string): Gate {
  const [gate, setGate] = useState<Gate>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    loadStatus(threadId).then(
      (status) => live && setGate({ state: 'ready', status }),
      (e: unknown) => live && setGate({ state: 'error', message: errorText(e, 'We could not check whether you can post. Reload the page to try again.') }),
    );
    return () => {
      live = false;
    };
  }, [threadId]);
  return gate;
}

/** What a visitor or an unverified member sees instead of a form: why, and the way forward. */
export function PostingBlocked({ status }: { status: CommunityStatusJson }) {
  if (!status.signedIn)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <LogIn size={16} aria-hidden="true" className="text-slate-400" />
        <a href="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Log in
        </a>
        to take part. Reading is open to everyone.
      </p>
    );
  return (
    <p role="note" className="flex flex-wrap items-start gap-2 text-sm text-slate-600">
      <ShieldCheck size={16} aria-hidden="true" className="mt-0.5 text-sand-700" />
      <span>
        {status.reason}
        {/KYC/.test(status.reason ?? '') && (
          <>
            {' '}
            <a href="/kyc" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Verify your identity
            </a>
          </>
        )}
      </span>
    </p>
  );
}
