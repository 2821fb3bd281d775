import { describe, expect, it } from 'vitest';
import { parseCamt053Statement } from './camt053';

const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>ENBD20260331001</MsgId><CreDtTm>2026-04-01T06:00:00+04:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-2026-03</Id>
      <CreDtTm>2026-04-01T06:00:00+04:00</CreDtTm>
      <FrToDt><FrDtTm>2026-03-01T00:00:00+04:00</FrDtTm><ToDtTm>2026-03-31T23:59:59+04:00</ToDtTm></FrToDt>
      <Acct><Id><IBAN>AE070331234567890123456</IBAN></Id><Ccy>AED</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="AED">154490.55</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="AED">153340.55</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-31</Dt></Dt></Bal>
      <Ntry>
        <NtryRef>0001</NtryRef>
        <Amt Ccy="AED">12500.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-05</Dt></BookgDt><ValDt><Dt>2026-03-05</Dt></ValDt>
        <AcctSvcrRef>FT26064ABC123</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>INV-2026-0004</EndToEndId></Refs>
          <RltdPties><Dbtr><Pty><Nm>Al Noor Trading LLC</Nm></Pty></Dbtr><Cdtr><Pty><Nm>Manzil Properties</Nm></Pty></Cdtr></RltdPties>
          <RmtInf><Ustrd>Payment of INV-2026-0004</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="AED">13650.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-20</Dt></BookgDt>
        <AcctSvcrRef>BATCH-77</AcctSvcrRef>
        <NtryDtls>
          <TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId><InstrId>PAY-01</InstrId></Refs><AmtDtls><TxAmt><Amt Ccy="AED">10500.00</Amt></TxAmt></AmtDtls><CdtDbtInd>DBIT</CdtDbtInd>
            <RltdPties><Cdtr><Nm>Palm Facilities Mgmt</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Bill 8841</Ustrd></RmtInf></TxDtls>
          <TxDtls><Refs><EndToEndId>BILL-2026-0017</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="AED">3150.00</Amt></TxAmt></AmtDtls><CdtDbtInd>DBIT</CdtDbtInd>
            <RltdPties><Cdtr><Pty><Nm>DEWA</Nm></Pty></Cdtr></RltdPties><RmtInf><Ustrd>Utilities</Ustrd><Ustrd>February</Ustrd></RmtInf></TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="AED">99.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts><BookgDt><Dt>2026-03-31</Dt></BookgDt>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

describe('CAMT.053 statements', () => {
  it('reads OPBD/CLBD balances and booked Ntry lines, splitting a batch entry into its transactions', () => {
    const s = parseCamt053Statement(CAMT);
    expect(s.openingBalance).toBe(15_449_055n);
    expect(s.closingBalance).toBe(15_334_055n);
    expect([s.currency, s.periodFrom, s.periodTo]).toEqual(['AED', '2026-03-01', '2026-03-31']);
    expect(s.lines).toEqual([
      { date: '2026-03-05', amount: 1_250_000n, description: 'Payment of INV-2026-0004', reference: 'INV-2026-0004', counterparty: 'Al Noor Trading LLC', bankRef: 'FT26064ABC123' },
      { date: '2026-03-20', amount: -1_050_000n, description: 'Bill 8841', reference: 'PAY-01', counterparty: 'Palm Facilities Mgmt', bankRef: 'BATCH-77' },
      { date: '2026-03-20', amount: -315_000n, description: 'Utilities February', reference: 'BILL-2026-0017', counterparty: 'DEWA', bankRef: 'BATCH-77' },
    ]);
    // Pending entries are not on the statement's booked balance.
    expect(s.openingBalance! + s.lines.reduce((t, l) => t + l.amount, 0n)).toBe(s.closingBalance);
  });

  it('refuses broken XML and other ISO 20022 messages', () => {
    expect(() => parseCamt053Statement('<Document><BkToCstmrStmt>')).toThrow(/XML is broken/);
    expect(() => parseCamt053Statement('<Document><BkToCstmrDbtCdtNtfctn/></Document>')).toThrow(/not CAMT.052 or .054/);
    expect(() => parseCamt053Statement(CAMT.replace('<CdtDbtInd>CRDT</CdtDbtInd><Sts>', '<Sts>'))).toThrow(/CdtDbtInd/);
  });
});
