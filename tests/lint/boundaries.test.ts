import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function rulesFor(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
}

describe('npm run lint keeps the shape', () => {
  it('refuses a new import cycle between modules (ledger → wallet while wallet → ledger)', async () => {
    expect(await rulesFor('modules/ledger/new-use-case.ts', "import { walletRoutes } from '../wallet';\nexport const x = walletRoutes;\n")).toContain('manzil/no-module-cycle');
    expect(await rulesFor('modules/ledger/new-use-case.ts', "import { walletRoutes } from '@modules/wallet';\nexport const x = walletRoutes;\n")).toContain('manzil/no-module-cycle');
  });

  it('accepts the one direction: investing → kyc, and kyc no longer reaches investing', async () => {
    expect(await rulesFor('modules/investing/new-use-case.ts', "import { kycRoutes } from '../kyc';\nexport const x = kycRoutes;\n")).toEqual([]);
    expect(await rulesFor('modules/kyc/new-use-case.ts', "import { invest } from '../investing';\nexport const x = invest;\n")).toContain('manzil/no-module-cycle');
  });

  it('keeps server code out of the browser: site/ imports contracts and ui/, never services, db/ or api/', async () => {
    const site = 'site/components/app/new-widget.ts';
    expect(await rulesFor(site, "import { walletErrorCodes } from '../../../modules/wallet/contract';\nexport const x = walletErrorCodes;\n")).toEqual([]);
    expect(await rulesFor(site, "import { MIN_INVESTMENT_FILS } from '../../../modules/platform/contract';\nexport const x = MIN_INVESTMENT_FILS;\n")).toEqual([]);
    expect(await rulesFor(site, "import { invest } from '../../../modules/investing/service';\nexport const x = invest;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFor(site, "import { openDatabase } from '../../../db/client';\nexport const x = openDatabase;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFor(site, "import { AppError } from '@api/errors';\nexport const x = AppError;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesFor('modules/wallet/ui/new-panel.tsx', "import { wallets } from '../schema';\nexport const x = wallets;\n")).toContain('import-x/no-restricted-paths');
  });
});
