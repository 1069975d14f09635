/** Builds a zip in memory with yazl (the writing half of yauzl), as the SEC's bulk files are laid out: files at the top level. */
import yazl from 'yazl';

export function zipOf(files: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(f.bytes, f.name, { mtime: new Date('2024-08-20T00:00:00Z') });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.once('error', reject);
    zip.outputStream.once('end', () => resolve(Buffer.concat(chunks)));
  });
}
