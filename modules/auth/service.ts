import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '@db/client';
import { randomToken, sha256 } from '@api/cookies';
import { AppError, badRequest, conflict } from '@api/errors';
import { sendEmail } from '../email';
import { PRODUCT_NAME } from '../platform/contract';
import { authMessages, type InvestmentMode, normalizeInvestmentMode } from './contract';
import { createSession, endAllSessions, endSessionByHash, forgetCachedSessions, toCurrentUser, type UserRow } from './sessions';
import { mfaEmailCodes, mfaRecoveryCodes, passwordResets, pendingSignups, sessions, users } from './schema';
import { clearThrottle, POLICIES, returnAttempt, takeAttempt } from './throttle';
import { openTotpSecret, sealTotpIfPlain, sealTotpSecret } from './totp-secret';
import { standingRefusal } from './suspension';
import { newUnicode } from './unicode';

export type RequestMeta = { ip: string; userAgent: string | null };

const hashPassword = (p: string) => Bun.password.hash(p, { algorithm: 'argon2id' });
// Verifying against this when the account does not exist keeps timing the same either way.
let dummyHash: Promise<string> | undefined;

/** Absolute links in emails: PUBLIC_SITE_URL, else this server on localhost at its own PORT. */
const siteUrl = () => (process.env.PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/+$/, '');

export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const l = login.trim().toLowerCase();
  const [u] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`))
    .limit(1);
  return u;
}

async function findUserByEmail(db: Db, email: string) {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return u;
}

async function insertUser(db: Db, values: Omit<typeof users.$inferInsert, 'unicode'>): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [u] = await db.insert(users).values({ ...values, unicode: newUnicode() }).returning();
      return u;
    } catch (err) {
      const msg = String((err as { message?: string }).message ?? '') + String((err as { cause?: { message?: string } }).cause?.message ?? '');
      if (msg.includes('users_unicode_unique') && attempt < 5) continue;
      if (msg.includes('users_email_lower_unique')) throw conflict(authMessages.emailTaken, 'email_taken');
      throw err;
    }
  }
}

async function sendWelcome(db: Db, u: UserRow) {
  await sendEmail(db, {
    to: u.email,
    kind: 'welcome',
    subject: `Welcome to ${PRODUCT_NAME}, ${u.firstName}`,
    text: [
      `Hello ${u.firstName},`,
      '',
      `Welcome to ${PRODUCT_NAME}. Your unique ID is ${u.unicode} — quote it whenever you contact us.`,
      '',
      'Next steps:',
      `1. Verify your identity (5-10 minutes): ${siteUrl()}/kyc`,
      `2. Browse properties open for funding: ${siteUrl()}/properties`,
      `3. Or set up a monthly plan from AED 200: ${siteUrl()}/sip-setup`,
      '',
      'Investing in property involves risk, including the loss of capital.',
      '',
      `— The ${PRODUCT_NAME} team`,
    ].join('\n'),
  });
}

// ---------- signup ----------

export async function signupStep1(db: Db, input: { email: string; password: string }, meta: RequestMeta) {
  await takeAttempt(db, [{ key: `signup:ip:${meta.ip}`, policy: POLICIES.signupAddress }], 'signup attempts');
  const email = input.email.toLowerCase();
  if (await findUserByEmail(db, email)) throw conflict(authMessages.emailTaken, 'email_taken');
  const token = randomToken(24);
  const passwordHash = await hashPassword(input.password);
  // One pending signup per email: a new step 1 replaces the old one (and its browser token).
  await db.transaction(async (tx) => {
    await tx.delete(pendingSignups).where(sql`lower(${pendingSignups.email}) = ${email}`);
    await tx.insert(pendingSignups).values({ email, passwordHash, tokenHash: sha256(token) });
  });
  return { result: { success: true as const, message: authMessages.step1Done }, signupToken: token };
}

export async function signupStatus(db: Db, email: string, signupToken: string | undefined) {
  if (!signupToken) return { hasPartialSignup: false, step: 0 };
  const [p] = await db
    .select()
    .from(pendingSignups)
    .where(and(sql`lower(${pendingSignups.email}) = ${email.trim().toLowerCase()}`, eq(pendingSignups.tokenHash, sha256(signupToken))))
    .limit(1);
  return p ? { hasPartialSignup: true, step: 1 } : { hasPartialSignup: false, step: 0 };
}

export async function signupStep2(
  db: Db,
  input: { firstName: string; lastName: string; phone: string; email: string },
  signupToken: string | undefined,
) {
  const email = input.email.toLowerCase();
  const [p] = signupToken
    ? await db
        .select()
        .from(pendingSignups)
        .where(and(sql`lower(${pendingSignups.email}) = ${email}`, eq(pendingSignups.tokenHash, sha256(signupToken))))
        .limit(1)
    : [];
  if (!p) throw new AppError(409, 'signup_expired', authMessages.signupExpired);
  const user = await db.transaction(async (tx) => {
    const u = await insertUser(tx as unknown as Db, {
      email,
      passwordHash: p.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      termsAcceptedAt: new Date(),
    });
    await tx.delete(pendingSignups).where(eq(pendingSignups.id, p.id));
    return u;
  });
  await sendWelcome(db, user);
  return user;
}

export async function register(
  db: Db,
  input: { email: string; password: string; firstName: string; lastName: string; phone: string },
  meta: RequestMeta,
) {
  await takeAttempt(db, [{ key: `signup:ip:${meta.ip}`, policy: POLICIES.signupAddress }], 'signup attempts');
  const user = await insertUser(db, {
    email: input.email.toLowerCase(),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    termsAcceptedAt: new Date(),
  });
  await sendWelcome(db, user);
  return user;
}

// ---------- login and MFA ----------

export type LoginOutcome =
  | { kind: 'signed-in'; user: UserRow; token: string }
  | { kind: 'mfa'; user: UserRow; token: string; method: 'email' | 'authenticator' };

/** The login-attempt key of an account: its user id, so every spelling of it (email, username, case) shares one counter. */
const loginAccountKey = (user: UserRow | undefined, typed: string) => (user ? `login:user:${user.id}` : `login:unknown:${typed.trim().toLowerCase()}`);

export async function login(db: Db, input: { username: string; password: string }, meta: RequestMeta): Promise<LoginOutcome> {
  const user = await findUserByLogin(db, input.username);
  // Unknown names are limited too (by the typed name), so a 429 does not reveal which accounts exist.
  const accountKey = loginAccountKey(user, input.username);
  const addressKey = `login:ip:${meta.ip}`;
  // Counted before the password is checked: parallel guesses cannot get past the allowance.
  await takeAttempt(db, [
    { key: addressKey, policy: POLICIES.loginAddress },
    { key: accountKey, policy: POLICIES.loginAccount },
  ], 'failed login attempts');

  dummyHash ??= hashPassword(randomToken(16));
  const ok = await Bun.password.verify(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
  await clearThrottle(db, accountKey);
  await returnAttempt(db, addressKey);
  // Only someone who knows the password learns that the account is suspended or closed.
  const refusal = standingRefusal(user);
  if (refusal) throw refusal;

  if (user.mfaEnabled && (user.mfaMethod === 'authenticator' || user.mfaMethod === 'email')) {
    const token = await createSession(db, user.id, { mfaPending: true, ...meta });
    if (user.mfaMethod === 'email') await sendEmailCode(db, user);
    return { kind: 'mfa', user, token, method: user.mfaMethod };
  }
  const token = await createSession(db, user.id, meta);
  return { kind: 'signed-in', user, token };
}

async function sendEmailCode(db: Db, user: UserRow) {
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, '0');
  await db.update(mfaEmailCodes).set({ usedAt: new Date() }).where(and(eq(mfaEmailCodes.userId, user.id), isNull(mfaEmailCodes.usedAt)));
  await db.insert(mfaEmailCodes).values({ userId: user.id, codeHash: sha256(`${user.id}:${code}`), expiresAt: new Date(Date.now() + 10 * 60_000) });
  await sendEmail(db, {
    to: user.email,
    kind: 'mfa_code',
    secrets: [code],
    subject: `${code} is your ${PRODUCT_NAME} verification code`,
    text: `Hello ${user.firstName},\n\nYour verification code is ${code}. It expires in 10 minutes.\n\nIf you did not try to log in, change your password now: ${siteUrl()}/auth/forgot-password\n\n— ${PRODUCT_NAME}`,
  });
}

function totpFor(user: Pick<UserRow, 'email'>, secret: string) {
  return new OTPAuth.TOTP({ issuer: PRODUCT_NAME, label: user.email, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * Checks a TOTP code (±1 step for clock drift) and records its time step, so the same code —
 * or an older one — is never accepted twice (RFC 6238 §5.2). The conditional update makes two
 * simultaneous uses of one code fail for all but one.
 */
async function acceptTotp(db: Db, user: Pick<UserRow, 'id' | 'email'>, secret: string, code: string): Promise<boolean> {
  const delta = totpFor(user, secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 30_000) + delta;
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), sql`${users.totpLastStep} < ${step}`)))
    .returning({ id: users.id });
  forgetCachedSessions({ userId: user.id });
  return claimed.length === 1;
}

async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, sha256(`${userId}:${normalizeRecovery(code)}`)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ userId: mfaRecoveryCodes.userId });
  return used.length === 1;
}

const MFA_ATTEMPTS_PER_LOGIN = 5;

/** Checks an MFA code for a session waiting for one; on success the pending session is replaced by a full one. */
export async function verifyMfa(db: Db, pending: { idHash: string; mfaAttempts: number }, user: UserRow, code: string, meta: RequestMeta) {
  // Both limits count the attempt before the code is checked, each in one atomic statement.
  await takeAttempt(db, [{ key: `mfa:acct:${user.id}`, policy: POLICIES.mfaAccount }], 'incorrect codes');
  const [counted] = await db
    .update(sessions)
    .set({ mfaAttempts: sql`${sessions.mfaAttempts} + 1` })
    .where(and(eq(sessions.idHash, pending.idHash), sql`${sessions.mfaAttempts} < ${MFA_ATTEMPTS_PER_LOGIN}`))
    .returning({ attempts: sessions.mfaAttempts });
  forgetCachedSessions({ hash: pending.idHash });
  if (!counted) {
    await endSessionByHash(db, pending.idHash);
    throw new AppError(429, 'rate_limited', authMessages.mfaTooMany);
  }
  const trimmed = code.trim();
  let ok = false;
  if (/^\d{6}$/.test(trimmed)) {
    if (user.mfaMethod === 'authenticator' && user.totpSecret) {
      ok = await acceptTotp(db, user, openTotpSecret(user.id, user.totpSecret), trimmed);
      await sealTotpIfPlain(db, user);
    } else if (user.mfaMethod === 'email') {
      const used = await db
        .update(mfaEmailCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(mfaEmailCodes.userId, user.id), eq(mfaEmailCodes.codeHash, sha256(`${user.id}:${trimmed}`)), isNull(mfaEmailCodes.usedAt), gt(mfaEmailCodes.expiresAt, new Date())))
        .returning({ id: mfaEmailCodes.id });
      ok = used.length === 1;
    }
  } else if (user.mfaMethod === 'authenticator') {
    ok = await useRecoveryCode(db, user.id, trimmed);
  }
  if (!ok) throw new AppError(401, 'invalid_code', authMessages.mfaInvalid);
  await clearThrottle(db, `mfa:acct:${user.id}`);
  await endSessionByHash(db, pending.idHash);
  return createSession(db, user.id, meta);
}

// ---------- MFA enrolment ----------

export async function mfaStatus(db: Db, user: UserRow) {
  const [{ left }] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)));
  return { enabled: user.mfaEnabled, method: user.mfaEnabled ? user.mfaMethod : null, recoveryCodesLeft: left };
}

export async function startTotpEnrolment(db: Db, user: UserRow) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db.update(users).set({ totpPendingSecret: sealTotpSecret(user.id, secret), updatedAt: new Date() }).where(eq(users.id, user.id));
  forgetCachedSessions({ userId: user.id });
  const otpauthUrl = totpFor(user, secret).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

function newRecoveryCodes(n = 10): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: n }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const s = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${s.slice(0, 4)}-${s.slice(4)}`;
  });
}

export async function confirmTotpEnrolment(db: Db, user: UserRow, code: string) {
  if (!user.totpPendingSecret) throw badRequest('Start the authenticator setup first.', 'no_enrolment');
  const pendingSecret = openTotpSecret(user.id, user.totpPendingSecret);
  if (!(await acceptTotp(db, user, pendingSecret, code))) {
    throw badRequest('That code does not match. Check the time on your phone and enter the current code.', 'invalid_code');
  }
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: sealTotpSecret(user.id, pendingSecret), totpPendingSecret: null, mfaEnabled: true, mfaMethod: 'authenticator', updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    await tx.insert(mfaRecoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: sha256(`${user.id}:${normalizeRecovery(c)}`) })));
  });
  forgetCachedSessions({ userId: user.id });
  return { recoveryCodes: codes };
}

/** The current-password check behind MFA changes: counted per user before it is checked. */
async function assertPassword(db: Db, user: UserRow, password: string) {
  const key = `password:user:${user.id}`;
  await takeAttempt(db, [{ key, policy: POLICIES.passwordCheck }], 'incorrect passwords');
  if (!(await Bun.password.verify(password, user.passwordHash))) throw new AppError(401, 'invalid_password', 'That password is not correct.');
  await clearThrottle(db, key);
}

export async function enableEmailMfa(db: Db, user: UserRow, password: string) {
  await assertPassword(db, user, password);
  await db.update(users).set({ mfaEnabled: true, mfaMethod: 'email', totpSecret: null, totpPendingSecret: null, updatedAt: new Date() }).where(eq(users.id, user.id));
  forgetCachedSessions({ userId: user.id });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
}

export async function disableMfa(db: Db, user: UserRow, password: string) {
  await assertPassword(db, user, password);
  await db.update(users).set({ mfaEnabled: false, mfaMethod: null, totpSecret: null, totpPendingSecret: null, updatedAt: new Date() }).where(eq(users.id, user.id));
  forgetCachedSessions({ userId: user.id });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
}

// ---------- password recovery ----------

export async function forgotPassword(db: Db, email: string, meta: RequestMeta) {
  const normalized = email.trim().toLowerCase();
  await takeAttempt(db, [
    { key: `forgot:ip:${meta.ip}`, policy: POLICIES.recoveryAddress },
    { key: `forgot:acct:${normalized}`, policy: POLICIES.recoveryAccount },
  ], 'password reset requests');
  const user = await findUserByEmail(db, normalized);
  if (!user) return;
  const token = randomToken(32);
  await db.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 60 * 60_000) });
  await sendEmail(db, {
    to: user.email,
    kind: 'password_reset',
    secrets: [token],
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Hello ${user.firstName},\n\nSomeone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.\n\nReset it here (the link works once and expires in 1 hour):\n${siteUrl()}/auth/reset-password?token=${token}\n\nIf you did not ask for this, ignore this email: your password stays the same.\n\n— ${PRODUCT_NAME}`,
  });
}

export async function resetPassword(db: Db, token: string, password: string) {
  const hash = sha256(token);
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!row) return null;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    return row.userId;
  });
  if (!userId) throw badRequest(authMessages.resetInvalid, 'invalid_token');
  await endAllSessions(db, userId);
  await clearThrottle(db, `login:user:${userId}`);
}

// ---------- investment mode ----------

export async function getInvestmentMode(db: Db, userId: string): Promise<InvestmentMode> {
  const [u] = await db.select({ mode: users.investmentMode }).from(users).where(eq(users.id, userId));
  return normalizeInvestmentMode(u?.mode);
}

export async function setInvestmentMode(db: Db, userId: string, mode: unknown): Promise<InvestmentMode> {
  const m = normalizeInvestmentMode(mode);
  await db.update(users).set({ investmentMode: m, updatedAt: new Date() }).where(eq(users.id, userId));
  forgetCachedSessions({ userId: userId });
  return m;
}
