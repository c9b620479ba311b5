/** Small files of each kind, by their first bytes, for the files tests. */
const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const padded = (head: Buffer, length = 512) => Buffer.concat([head, Buffer.alloc(Math.max(0, length - head.length), 0)]);

export const SAMPLES = {
  png: padded(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR')),
  jpeg: padded(bytes([0xff, 0xd8, 0xff, 0xe0], [0, 16], 'JFIF')),
  gif: padded(bytes('GIF89a')),
  pdf: bytes('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3], '\n1 0 obj\n<<>>\nendobj\n'),
  mp4: padded(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41')),
  mov: padded(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0], 'qt  ')),
  mp3: padded(bytes('ID3', [4, 0, 0, 0, 0, 0, 0])),
  exe: padded(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff])),
  elf: padded(bytes([0x7f], 'ELF', [2, 1, 1, 0])),
  docx: padded(
    bytes(
      [0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      [19, 0, 0, 0],
      '[Content_Types].xml',
    ),
  ),
  jar: padded(
    bytes(
      [0x50, 0x4b, 0x03, 0x04, 20, 0, 8, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      [20, 0, 0, 0],
      'META-INF/MANIFEST.MF',
    ),
  ),
  csv: Buffer.from('name,rank\nAda,Captain\nZoë,Engineer\n', 'utf8'),
};
