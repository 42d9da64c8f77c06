// A phone video for the bench and the end-to-end tests of resumable uploads (decision 0047): an MP4 the
// server's sniffer recognises (an `ftyp` box, isom), then filler up to the size asked. It is never played:
// the server keeps videos as sent (decision 0011), so only its first bytes and its size matter here.

/** `bytes` of a video as a phone's file input gives it (name, type, contents). */
export function phoneVideo(bytes: number, name = 'visite.mp4') {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(Math.max(8, bytes - ftyp.length));
  mdat.write('mdat', 4, 'latin1');
  const head = Buffer.concat([ftyp, mdat]);
  return { name, mimeType: 'video/mp4', buffer: Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]) };
}
