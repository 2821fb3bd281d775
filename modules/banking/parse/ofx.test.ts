import { describe, expect, it } from 'vitest';
import { parseOfxStatement } from './ofx';

const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260331120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1
<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS>
<CURDEF>AED
<BANKACCTFROM><BANKID>033<ACCTID>1012345678901<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20260301
<DTEND>20260331
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20260305120000[+4:GST]
<TRNAMT>12500.00
<FITID>2026030500017
<NAME>AL NOOR TRADING LLC
<MEMO>INV-2026-0004 PAYMENT
</STMTTRN>
<STMTTRN>
<TRNTYPE>SRVCHG
<DTPOSTED>20260331
<TRNAMT>-26.25
<FITID>2026033100003
<NAME>ENBD CHARGES
<MEMO>Monthly account maintenance fee incl VAT
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>166964.30<DTASOF>20260331</LEDGERBAL>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;

const XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20260402</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>2</TRNUID>
      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
      <STMTRS>
        <CURDEF>AED</CURDEF>
        <BANKACCTFROM><BANKID>033</BANKID><ACCTID>1012345678901</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>20260401</DTSTART><DTEND>20260402</DTEND>
          <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260401</DTPOSTED><TRNAMT>-3150.00</TRNAMT><FITID>A1</FITID><CHECKNUM>000812</CHECKNUM><NAME>PALM FACILITIES MGMT</NAME></STMTTRN>
          <STMTTRN><TRNTYPE>INT</TRNTYPE><DTPOSTED>20260402</DTPOSTED><TRNAMT>41.07</TRNAMT><FITID>A2</FITID><NAME>CREDIT INTEREST</NAME><MEMO>Interest March &amp; April</MEMO></STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>-1.5</BALAMT><DTASOF>20260402</DTASOF></LEDGERBAL>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>`;

describe('OFX statements', () => {
  it('reads OFX 1.x SGML: lines, signed amounts, FITID as bank reference, LEDGERBAL as the closing balance', () => {
    const s = parseOfxStatement(SGML);
    expect(s.lines).toEqual([
      { date: '2026-03-05', amount: 1_250_000n, description: 'INV-2026-0004 PAYMENT', reference: '', counterparty: 'AL NOOR TRADING LLC', bankRef: '2026030500017' },
      { date: '2026-03-31', amount: -2_625n, description: 'Monthly account maintenance fee incl VAT', reference: '', counterparty: 'ENBD CHARGES', bankRef: '2026033100003' },
    ]);
    expect(s.closingBalance).toBe(16_696_430n);
    expect(s.openingBalance).toBeUndefined();
    expect([s.currency, s.periodFrom, s.periodTo]).toEqual(['AED', '2026-03-01', '2026-03-31']);
  });

  it('reads OFX 2.x XML, with the check number as reference and the name standing in for a missing memo', () => {
    const s = parseOfxStatement(XML);
    expect(s.lines.map((l) => [l.date, l.amount, l.reference, l.description, l.counterparty])).toEqual([
      ['2026-04-01', -315_000n, '000812', 'PALM FACILITIES MGMT', 'PALM FACILITIES MGMT'],
      ['2026-04-02', 4_107n, '', 'Interest March & April', 'CREDIT INTEREST'],
    ]);
    expect(s.closingBalance).toBe(-150n);
  });

  it('refuses what is not an OFX statement', () => {
    expect(() => parseOfxStatement('Date,Amount\n2026-01-01,5')).toThrow(/no <OFX> element/);
    expect(() => parseOfxStatement('<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>')).toThrow(/no bank or credit-card statement/);
    expect(() => parseOfxStatement(SGML.replace('<TRNAMT>12500.00', '<TRNAMT>twelve'))).toThrow(/TRNAMT "twelve" is not an amount/);
  });
});
