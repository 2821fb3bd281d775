/**
 * Shared parts of the admin KYC screens: the screen's paths, the status and risk badges, and the
 * day formatter of the application detail.
 */
import { type KycRiskLevel, type KycStatus, kycStatusLabels, riskLevelLabels } from '@modules/kyc/contract';
import { Badge } from '../ui';

export const ADMIN_KYC_ENDPOINT = '/api/admin/kyc';
export const BASE = '/admin/kyc';

type BadgeTone = 'neutral' | 'brand' | 'sand' | 'warning' | 'success' | 'danger';
export const statusTone: Record<KycStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'neutral',
  submitted: 'sand',
  resubmitted: 'sand',
  under_review: 'brand',
  approved: 'success',
  rejected: 'danger',
};
const riskTone: Record<KycRiskLevel, BadgeTone> = { low: 'neutral', medium: 'warning', high: 'danger' };

export const StatusBadge = ({ status }: { status: KycStatus }) => <Badge tone={statusTone[status] ?? 'neutral'}>{kycStatusLabels[status] ?? status}</Badge>;
export const RiskBadge = ({ risk, flagged }: { risk: KycRiskLevel; flagged?: boolean }) => (
  <Badge tone={riskTone[risk]}>
    {riskLevelLabels[risk]} risk{flagged ? ' · flagged' : ''}
  </Badge>
);


export function formatDay(iso: string | null | undefined) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
}


/** For tests and the document center: the detail screen's URL for an applicant. */
export const applicationPath = (userId: string) => `${BASE}?application=${userId}`;
