import { describe, expect, it } from 'vitest';
import {
  applyParams,
  BASIC_INCIDENT,
  fitElement,
  INCIDENT_ADDRESS,
  incidentRecords,
  KEY_ELEMENTS,
  layoutOf,
  missingElements,
  transactionRecord,
} from './nfirs-layout.ts';

const INCIDENT = {
  fdid: '31D44',
  state: 'WA',
  incident_date: '20261120',
  incident_number: '2611001',
  exposure: '0',
  station: '2',
  incident_type: '111',
  aid: 'N',
  alarm: '20261120143005',
  arrival: '20261120144100',
  location_type: '1',
  number: '308',
  street: 'Riverside',
  street_type: 'Ave',
  city: 'Bellingham',
  address_state: 'WA',
  zip: '98225',
};

/** The text of a record between two 1-based columns of the layout. */
const at = (line: string, layout: ReturnType<typeof layoutOf>, key: string) => {
  const spot = layout.find((l) => l.key === key)!;
  return line.slice(spot.start - 1, spot.start - 1 + spot.width);
};

describe('NFIRS 5.0 fixed-format transaction records', () => {
  it('lays the key, code and elements of Basic Incident at fixed columns, ^ between, each at its width', () => {
    const layout = layoutOf(BASIC_INCIDENT);
    // Key: FDID 1–5, state 7–8, date 10–17, incident number 19–25, exposure 27–29, code 31–34, type 36.
    expect(layout.slice(0, 7).map((l) => [l.key, l.start, l.width])).toEqual([
      ['fdid', 1, 5],
      ['state', 7, 2],
      ['incident_date', 10, 8],
      ['incident_number', 19, 7],
      ['exposure', 27, 3],
      ['transaction_code', 31, 4],
      ['transaction_type', 36, 1],
    ]);
    expect(layout.slice(7).map((l) => [l.key, l.start, l.width])).toEqual([
      ['station', 38, 3],
      ['incident_type', 42, 3],
      ['aid', 46, 1],
      ['alarm', 48, 14],
      ['arrival', 63, 14],
      ['cleared', 78, 14],
    ]);
    const { line, cut } = transactionRecord(BASIC_INCIDENT, INCIDENT);
    expect(line).toBe('31D44^WA^20261120^2611001^000^1005^A^2  ^111^N^20261120143005^20261120144100^              ');
    expect(line).toHaveLength(91);
    expect(cut).toEqual([]);
    for (const l of layout.slice(0, -1)) expect(line[l.start - 1 + l.width]).toBe('^');
    expect(at(line, layout, 'exposure')).toBe('000');
    expect(at(line, layout, 'station')).toBe('2  ');
    expect(at(line, layout, 'alarm')).toBe('20261120143005');
  });

  it('writes the Incident Address the same way, so every record of a transaction has the same length', () => {
    const layout = layoutOf(INCIDENT_ADDRESS);
    const first = transactionRecord(INCIDENT_ADDRESS, INCIDENT).line;
    const second = transactionRecord(INCIDENT_ADDRESS, { ...INCIDENT, street: 'Oak', city: 'Riverside', zip: '' }).line;
    expect(first).toHaveLength(second.length);
    const last = layout.at(-1)!;
    expect(first).toHaveLength(last.start - 1 + last.width);
    expect(at(first, layout, 'transaction_code')).toBe('1010');
    expect(at(first, layout, 'street')).toBe(`Riverside${' '.repeat(21)}`);
    expect(at(first, layout, 'city')).toBe('Bellingham          ');
    expect(at(second, layout, 'zip')).toBe('         ');
    expect(at(second, layout, 'number')).toBe('308     ');
  });

  it('cuts a value longer than its element and says so; pads short values (zeros before a zero-aligned element)', () => {
    const number = KEY_ELEMENTS.find((e) => e.key === 'incident_number')!;
    expect(fitElement('RFD-D-0001', number)).toEqual({ text: 'RFD-D-0', cut: true });
    expect(fitElement('124', number)).toEqual({ text: '124    ', cut: false });
    const exposure = KEY_ELEMENTS.find((e) => e.key === 'exposure')!;
    expect(fitElement('2', exposure)).toEqual({ text: '002', cut: false });
    const { line, cut } = transactionRecord(BASIC_INCIDENT, { ...INCIDENT, incident_number: 'RFD-D-0001' });
    expect(line.slice(18, 25)).toBe('RFD-D-0');
    expect(cut).toEqual(['Incident Number cut to 7 characters']);
  });

  it('pads to nfirs_pad_length (zeros before digits, spaces after text) and cuts at nfirs_max_length', () => {
    expect(applyParams('124', { padLength: 7 })).toBe('0000124');
    expect(applyParams('A12', { padLength: 5 })).toBe('A12  ');
    expect(applyParams('Riverside Avenue', { maxLength: 9 })).toBe('Riverside');
    expect(applyParams('12345678', { maxLength: 6, padLength: 7 })).toBe('0123456');
    expect(applyParams('abc', {})).toBe('abc');
  });

  it('keeps values to printable ASCII: no delimiter or line break can shift a column', () => {
    const { line } = transactionRecord(INCIDENT_ADDRESS, { ...INCIDENT, street: 'Côte^des\r\nNeiges' });
    expect(line.split('^')).toHaveLength(layoutOf(INCIDENT_ADDRESS).length);
    expect(at(line, layoutOf(INCIDENT_ADDRESS), 'street')).toBe(`Cote des  Neiges${' '.repeat(14)}`);
  });

  it('lists the required elements an incident lacks, and writes Basic Incident then Incident Address, CRLF after each', () => {
    expect(missingElements(INCIDENT)).toEqual([]);
    expect(missingElements({ ...INCIDENT, fdid: '', incident_type: undefined, city: ' ' })).toEqual([
      'Fire Department ID (FDID)',
      'Incident Type',
      'City',
    ]);
    const { text } = incidentRecords(INCIDENT);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[0]!.slice(30, 34)).toBe('1005');
    expect(lines[1]!.slice(30, 34)).toBe('1010');
    expect(lines[0]!.slice(0, 29)).toBe(lines[1]!.slice(0, 29));
  });
});
