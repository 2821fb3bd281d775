/**
 * Where auth seals small secrets (TOTP seeds) at rest. The files module owns the key and provides the
 * box when it loads (modules/files/index.ts), so the dependency runs one way: files → auth.
 */
export type SecretBox = {
  isSealed(value: string): boolean;
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
};

let box: SecretBox | null = null;

export function provideSecretBox(b: SecretBox) {
  box = b;
}

export function secretBox(): SecretBox {
  if (!box) throw new Error('No secret box: load modules/files (it provides the key that seals TOTP secrets) before signing anyone in.');
  return box;
}
