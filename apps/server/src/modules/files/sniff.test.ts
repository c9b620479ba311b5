import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './content.ts';
import { detectFormat, verdictFor } from './sniff.ts';
import { SAMPLES } from './test-samples.ts';
import { cleanFileName } from './upload.ts';

describe('[FILES] content sniffing', () => {
  it('knows allowed formats by their bytes', () => {
    expect(detectFormat(SAMPLES.png)).toBe('png');
    expect(detectFormat(SAMPLES.jpeg)).toBe('jpeg');
    expect(detectFormat(SAMPLES.gif)).toBe('gif');
    expect(detectFormat(SAMPLES.pdf)).toBe('pdf');
    expect(detectFormat(SAMPLES.mp4)).toBe('mp4');
    expect(detectFormat(SAMPLES.mov)).toBe('quicktime');
    expect(detectFormat(SAMPLES.mp3)).toBe('mp3');
    expect(detectFormat(SAMPLES.docx)).toBe('ooxml');
    expect(detectFormat(SAMPLES.csv)).toBe('text');
  });

  it('knows no executable, archive or binary it does not list', () => {
    expect(detectFormat(SAMPLES.exe)).toBeNull();
    expect(detectFormat(SAMPLES.elf)).toBeNull();
    expect(detectFormat(SAMPLES.jar)).toBeNull();
    expect(detectFormat(Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2]))).toBeNull();
    expect(detectFormat(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBeNull();
  });

  it('takes text that merely starts like a weak signature for text', () => {
    expect(detectFormat(Buffer.from('abcdfree text about a pump\n'))).toBe('text');
    expect(detectFormat(Buffer.from('Notes: see %PDF-1.4 in the manual\n'))).toBe('text');
  });

  it('needs the extension and the bytes to agree', () => {
    expect(verdictFor('photo.png', 'png')).toEqual({ mime: 'image/png', kind: 'image' });
    // An image keeps the type of its bytes.
    expect(verdictFor('photo.jpg', 'png')).toEqual({ mime: 'image/png', kind: 'image' });
    expect(verdictFor('report.pdf', 'pdf')).toEqual({ mime: 'application/pdf', kind: 'document' });
    expect(verdictFor('roster.csv', 'text')).toEqual({ mime: 'text/csv', kind: 'document' });
    expect(verdictFor('clip.MOV', 'quicktime')).toEqual({ mime: 'video/quicktime', kind: 'audiovideo' });
    expect(verdictFor('report.pdf', 'png')).toBeNull();
    expect(verdictFor('photo.png', 'text')).toBeNull();
    expect(verdictFor('tool.exe', 'png')).toBeNull();
    expect(verdictFor('page.html', 'text')).toBeNull();
    expect(verdictFor('image.svg', 'text')).toBeNull();
    expect(verdictFor('x.tostring', 'text')).toBeNull();
    // A camera or signature upload named 'blob' is taken for self-evident formats only.
    expect(verdictFor('blob', 'jpeg')).toEqual({ mime: 'image/jpeg', kind: 'image' });
    expect(verdictFor('blob', 'text')).toBeNull();
    expect(verdictFor('photo.png', null)).toBeNull();
  });

  it('cleans names and answers ranges and dispositions', () => {
    expect(cleanFileName('C:\\Users\\chief\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName(`${'x'.repeat(300)}.pdf`)).toMatch(/^x{251}\.pdf$/);
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(contentDisposition('Zoë "B".pdf', 'application/pdf')).toBe(
      `inline; filename="Zo_ _B_.pdf"; filename*=UTF-8''Zo%C3%AB%20%22B%22.pdf`,
    );
    expect(contentDisposition('roster.csv', 'text/csv')).toMatch(/^attachment; /);
  });
});
