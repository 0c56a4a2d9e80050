// Covers: StoreCustomerPayStatement and GetAssetByCustomerID - seed 002, Statements, pay statements, assets
// (200, binary; 400, 404), Resources - Asset; provider 1.35.0 PayStatement (label, statement in Base64),
// Asset. Downloads compared byte for byte: valid UTF-8 and bytes that are not text.
import { expect, expectFdError, rules, test } from '../../fixtures/financial-data.js';

/**
 * A pay statement file: white space and NUL a trimmer drops before its PDF header, all 128 ASCII
 * bytes (NUL and controls included), UTF-8 text.
 */
const FILE = Buffer.concat([
  Buffer.from('\0 \t\r\n', 'ascii'),
  Buffer.from('%PDF-1.4\n% pay statement, Renée Müller, 1 250,00 € \u{1F4B5}\n', 'utf8'),
  Buffer.from(Array.from({ length: 128 }, (_, i) => i)),
  Buffer.from('\r\n%%EOF\n', 'ascii'),
]);
/**
 * A second file whose first and last bytes are those a text normaliser drops or rewrites: a UTF-8
 * byte order mark first, then white space and NUL before the PDF header; CRLF line ends; spaces, a
 * tab, NUL and CRLF after the trailer (the contract stores a file, not a text: every byte counts).
 */
const OTHER = Buffer.concat([
  Buffer.from([0xef, 0xbb, 0xbf]),
  Buffer.from(' \t\r\n\0 %PDF-1.4\r\n% another pay period\r\n%%EOF\r\n \t\0\r\n', 'ascii'),
]);

/**
 * A third file that is no text at all: every byte value, sequences that are not UTF-8, byte order marks,
 * mixed line ends, NUL runs and a cut last character: a store that keeps it as text of any encoding changes it.
 */
const BINARY = Buffer.concat([
  Buffer.from([0xff, 0xfe, 0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x0d, 0x0a, 0x0d, 0x0d, 0x00, 0x00, 0x00]),
  Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i)),
  Buffer.from([0x80, 0x41, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xef, 0xbb, 0xbf, 0xf8, 0x88, 0x80, 0x80, 0x80, 0x0a, 0x0d]),
  Buffer.from([0x25, 0x25, 0x45, 0x4f, 0x46, 0x0a, 0xe2, 0x82]),
]);

const OCTETS = { accept: 'application/octet-stream' };

/** The file cut right after its last %%EOF: nothing after the PDF trailer. */
const endingInEof = (file: Buffer): Buffer => file.subarray(0, file.lastIndexOf('%%EOF', undefined, 'latin1') + '%%EOF'.length);

test(
  'a stored pay statement yields an asset id, and the asset downloads as exactly the bytes stored',
  rules('FD-PAYSTMT-ROUNDTRIP@asset-pay', 'FD-PAYSTMT-BASE64'),
  async ({ fdApi, createCustomer }) => {
    // Each file as it is, then each cut right after its last %%EOF (a PDF's trailer its last byte, as writers often leave
    // it): whatever its end, the download is every byte stored and no other (seed 002, Statements: the asset is binary).
    const rounds = [[FILE, OTHER, BINARY], [FILE, OTHER, BINARY].map(endingInEof)];
    for (const [round, files] of rounds.entries()) {
      const customerId = await createCustomer('testing');
      const ids: string[] = [];
      for (const [i, label] of (['lastPayPeriod', 'lastPayPeriodMinusOne', 'lastPayPeriodMinusTwo'] as const).entries()) {
        const stored = await fdApi.call('StoreCustomerPayStatement', {
          path: { customerId },
          body: { label, statement: files[i].toString('base64') },
        });
        expect(stored.status, `store ${label}`).toBe(200);
        ids.push(stored.body.assetId);
      }
      expect(new Set(ids).size, 'each stored pay statement is its own asset').toBe(3);
      for (const [i, bytes] of files.entries()) {
        const asset = await fdApi.call('GetAssetByCustomerID', { path: { customerId, assetId: ids[i] }, headers: OCTETS });
        expect(asset.status).toBe(200);
        // The bytes as received, not the text: a reading as text may drop a leading byte order mark.
        const received = asset.bytes;
        const got = { length: received.length, equal: received.equals(bytes) };
        const what = `asset ${i + 1}${round ? ', ending in %%EOF' : ''}`;
        expect(got, `${what}: the bytes stored`).toEqual({ length: bytes.length, equal: true });
        if (asset.headers['content-length'] !== undefined)
          expect(Number(asset.headers['content-length']), `${what}: Content-Length`).toBe(bytes.length);
      }
    }
  },
);

/**
 * A pay statement of `size` bytes: a PDF header, numbered ASCII lines (each names its own offset, so
 * a cut, a lost or a repeated chunk shows where), the PDF trailer last.
 */
function largeStatement(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n', 'ascii');
  const tail = Buffer.from('\n%%EOF\n', 'ascii');
  const lines: string[] = [];
  let length = head.length + tail.length;
  while (length < size) {
    const line = `% pay line at ${String(length).padStart(8, '0')} Renee Muller 1 250,00\n`;
    lines.push(line);
    length += line.length;
  }
  const body = Buffer.concat([head, Buffer.from(lines.join(''), 'ascii')]).subarray(0, size - tail.length);
  return Buffer.concat([body, tail]);
}

/** Sizes just past the buffers a store or a download is often written with: 64 KiB and 1 MiB (the contract sets no limit). */
const WHOLE_SIZES = [64 * 1024 + 1, 1024 * 1024 + 1];

test(
  `pay statements of ${WHOLE_SIZES.join(' and ')} bytes download whole, byte for byte`,
  rules('FD-PAYSTMT-ROUNDTRIP@asset-pay'),
  async ({ fd, fdApi, fdEntities }) => {
    // A guest leaves no more than it must: a stored pay statement cannot be deleted (the contract has no operation for it).
    test.skip(!fd.control, 'stores more than a megabyte a sandbox cannot delete (no operation deletes a pay statement): the mock only');
    const customerId = fdEntities.customerId;
    for (const size of WHOLE_SIZES) {
      const bytes = largeStatement(size);
      const stored = await fdApi.call('StoreCustomerPayStatement', {
        path: { customerId },
        body: { label: 'lastPayPeriod', statement: bytes.toString('base64') },
      });
      expect(stored.status, `store ${size} bytes`).toBe(200);
      const asset = await fdApi.call('GetAssetByCustomerID', { path: { customerId, assetId: stored.body.assetId }, headers: OCTETS });
      expect(asset.status).toBe(200);
      const received = Buffer.from(asset.text, 'utf8');
      const firstDifference = received.findIndex((b, i) => b !== bytes[i]);
      const got = { length: received.length, firstDifference };
      expect(got, `a ${size}-byte pay statement read back`).toEqual({ length: size, firstDifference: -1 });
    }
  },
);

test('an asset id never issued is a 404 for a customer that exists', rules('FD-ASSET-UNKNOWN'), async ({ fdApi, fdEntities }) => {
  // provider 1.35.0 AssetId form (a UUID, then digits), and a free-form id.
  for (const assetId of [`0b0e2c58-1f7d-4c9a-9d3e-5a1b2c3d4e5f-${fdEntities.customerId}`, 'never-issued-asset']) {
    const denied = await fdApi.call('GetAssetByCustomerID', { path: { customerId: fdEntities.customerId, assetId }, negative: true });
    expectFdError(denied, 404, `asset ${assetId}`);
  }
});

// provider 1.35.0 PayStatement: required label and statement.
test(
  'a pay statement without label or without statement is refused with 400 @provider',
  rules('FD-PAYSTMT-REQUIRED'),
  async ({ fdApi, fdEntities }) => {
    const path = { customerId: fdEntities.customerId };
    expectFdError(await fdApi.call('StoreCustomerPayStatement', { path, body: { statement: OTHER.toString('base64') } }), 400, 'no label');
    expectFdError(await fdApi.call('StoreCustomerPayStatement', { path, body: { label: 'lastPayPeriod' } }), 400, 'no statement');
  },
);

// A statement that is not Base64 is not sent: provider 1.35.0 gives PayStatement.statement no
// pattern (the refusal was this contract's assumption, retired).
