import { type KycStatusInfo, toneClass } from './kyc-status';

export function KycStatusBadge({ info }: { info: KycStatusInfo }) {
  return (
    <span
      data-testid="kyc-status-badge"
      data-status={info.key}
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold ${toneClass[info.tone]}`}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      {info.label}
    </span>
  );
}
