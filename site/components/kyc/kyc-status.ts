import { isKycVerified } from '@modules/auth/contract';

/** What each user.kycStatus means to the investor, and what they can do next. */
export type KycTone = 'neutral' | 'progress' | 'waiting' | 'success' | 'danger';
export type KycAction = { label: string; href: string };
export type KycStatusInfo = {
  key: 'not_started' | 'in_progress' | 'submitted' | 'resubmitted' | 'under_review' | 'approved' | 'rejected';
  label: string;
  tone: KycTone;
  headline: string;
  detail: string;
  action: KycAction;
  secondary?: KycAction;
  /** Whether the step forms may still be edited (false once submitted or verified). */
  editable: boolean;
};

const STATUS: Record<KycStatusInfo['key'], Omit<KycStatusInfo, 'key'>> = {
  not_started: {
    label: 'Not started',
    tone: 'neutral',
    headline: 'You haven’t started verification yet',
    detail: 'It takes 5-10 minutes. You can invest as soon as you’re verified.',
    action: { label: 'Start verification', href: '/kyc/personal' },
    editable: true,
  },
  in_progress: {
    label: 'In progress',
    tone: 'progress',
    headline: 'You’ve started but not submitted yet',
    detail: 'Pick up where you left off. Nothing is reviewed until you submit.',
    action: { label: 'Continue verification', href: '/kyc/personal' },
    editable: true,
  },
  submitted: {
    label: 'Submitted',
    tone: 'waiting',
    headline: 'We’ve received your details',
    detail: 'Your submission is queued for our compliance team. You’ll get a notification when there’s a decision.',
    action: { label: 'Track your status', href: '/kyc/verify' },
    editable: false,
  },
  under_review: {
    label: 'Under review',
    tone: 'waiting',
    headline: 'Our compliance team is checking your details',
    detail: 'If anything is unclear we’ll contact you. You’ll get a notification when there’s a decision.',
    action: { label: 'Track your status', href: '/kyc/verify' },
    editable: false,
  },
  approved: {
    label: 'Verified',
    tone: 'success',
    headline: 'You’re verified',
    detail: 'Your identity is confirmed. You can fund your wallet and invest.',
    action: { label: 'Browse properties', href: '/properties' },
    secondary: { label: 'Go to your dashboard', href: '/dashboard' },
    editable: false,
  },
  rejected: {
    label: 'Action needed',
    tone: 'danger',
    headline: 'We need something more from you',
    detail: 'Our compliance team couldn’t verify your identity with what we have. See what to fix, update it, and submit again.',
    action: { label: 'See what to fix', href: '/kyc/verify' },
    secondary: { label: 'Contact support', href: '/contact?topic=verification' },
    editable: true,
  },
  resubmitted: {
    label: 'Resubmitted',
    tone: 'waiting',
    headline: 'We’ve received your updated details',
    detail: 'Your changes are queued for our compliance team. You’ll get a notification when there’s a decision.',
    action: { label: 'Track your status', href: '/kyc/verify' },
    editable: false,
  },
};

/** Maps any status string to its display; 'completed' counts as verified (§3), anything unknown as not started. */
export function kycStatusInfo(status: string | null | undefined): KycStatusInfo {
  if (isKycVerified(status)) return { key: 'approved', ...STATUS.approved };
  const key = (status ?? '') as KycStatusInfo['key'];
  if (key in STATUS) return { key, ...STATUS[key] };
  return { key: 'not_started', ...STATUS.not_started };
}

export const toneClass: Record<KycTone, string> = {
  neutral: 'border-slate-200 bg-slate-100 text-slate-700',
  progress: 'border-sand-200 bg-sand-50 text-sand-700',
  waiting: 'border-sky-200 bg-sky-50 text-sky-800',
  success: 'border-brand-200 bg-brand-50 text-brand-800',
  danger: 'border-red-200 bg-red-50 text-red-700',
};
