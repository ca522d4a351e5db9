// ZIP archives of highly repetitive content for the upload-hardening tests and the `upload` bench (issue 27):
// an entry is a head followed by one block repeated many times, deflated as a stream by node:zlib, so a 1 MB
// archive that unpacks to 1 GiB is made without ever holding the gigabyte. Sizes stay below 4 GiB (no ZIP64).
import { createDeflateRaw, crc32 } from 'node:zlib';

export interface RepeatedEntry {
  name: string;
  /** Bytes before the repeats (a CSV header, say). */
  head?: string;
  /** The block repeated, and how many times. */
  block: Buffer;
  times: number;
}

interface Deflated {
  name: Buffer;
  data: Buffer;
  crc: number;
  size: number;
}

async function deflate(entry: RepeatedEntry): Promise<Deflated> {
  const head = Buffer.from(entry.head ?? '');
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = crc32(head);
  deflater.write(head);
  for (let i = 0; i < entry.times; i++) {
    crc = crc32(entry.block, crc);
    if (!deflater.write(entry.block)) await new Promise((r) => deflater.once('drain', r));
  }
  deflater.end();
  await ended;
  const size = head.length + entry.block.length * entry.times;
  if (size >= 2 ** 32) throw new Error('an entry of 4 GiB or more needs ZIP64');
  return { name: Buffer.from(entry.name), data: Buffer.concat(out), crc, size };
}

/** A ZIP archive (deflated entries, in the order given) in memory. */
export async function repeatedZip(entries: readonly RepeatedEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const d = await deflate(e);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(8, 8); // method: deflate
    local.writeUInt32LE(d.crc, 14);
    local.writeUInt32LE(d.data.length, 18);
    local.writeUInt32LE(d.size, 22);
    local.writeUInt16LE(d.name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(d.crc, 16);
    dir.writeUInt32LE(d.data.length, 20);
    dir.writeUInt32LE(d.size, 24);
    dir.writeUInt16LE(d.name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, d.name, d.data);
    central.push(dir, d.name);
    offset += local.length + d.name.length + d.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dirBytes, end]);
}

/** One entry of `mib` MiB of zero bytes (binary content: the bomb at 1,024 MiB). */
export function zeros(name: string, mib: number): RepeatedEntry {
  return { name, block: Buffer.alloc(1024 * 1024), times: mib };
}

/**
 * One generic SERP CSV entry of about `mib` MiB: a header, then the 100 positions of one keyword's snapshot
 * over and over. The first 100 rows are valid and staged, every repeat is a duplicate position and rejected,
 * so reading it holds little and only the unzip limit stops it (or its end, as a failed import).
 */
export function csvRows(name: string, mib: number): RepeatedEntry {
  const rows = Array.from(
    { length: 100 },
    (_, i) => `2026-03-02,gb-en,cheap flights,${i + 1},https://www.example.com/p${i + 1}\n`,
  ).join('');
  const block = Buffer.from(rows.repeat(Math.ceil(65536 / rows.length)));
  return {
    name,
    head: 'date,market,keyword,position,url\n',
    block,
    times: Math.ceil((mib * 1024 * 1024) / block.length),
  };
}
