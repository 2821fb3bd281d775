import { Link } from 'wouter';

/** The Manzil mark with a 'Back office' label; links to the admin dashboard. */
export function AdminLogo({ asLink = true }: { asLink?: boolean }) {
  const inner = (
    <>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#12403a" />
        <path d="M7 23V13l9-6 9 6v10h-5v-6h-8v6z" fill="#cfa862" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="text-lg tracking-tight text-ink" style={{ fontFamily: 'var(--font-display)' }}>
          Manzil
        </span>{' '}
        <span className="mt-0.5 text-[10px] font-semibold uppercase tracking-[0.18em] text-sand-600">Back office</span>
        {asLink ? <span className="sr-only">, dashboard</span> : null}
      </span>
    </>
  );
  if (!asLink) return <span className="inline-flex items-center gap-2.5">{inner}</span>;
  return (
    <Link href="/admin/dashboard" className="inline-flex items-center gap-2.5 rounded-md">
      {inner}
    </Link>
  );
}
