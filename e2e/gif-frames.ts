/** Counts an animated GIF's frames by walking its blocks (header, colour tables, extensions, image descriptors). */
export function gifFrameCount(bytes: Uint8Array): number {
  const sig = String.fromCharCode(...bytes.subarray(0, 6));
  if (sig !== 'GIF89a' && sig !== 'GIF87a') throw new Error(`not a GIF (${JSON.stringify(sig)})`);
  let p = 13;
  const packed = bytes[10]!;
  if (packed & 0x80) p += 3 * 2 ** ((packed & 7) + 1);
  const skipSubBlocks = () => {
    while (bytes[p] !== 0) {
      if (p >= bytes.length) throw new Error('GIF cut short');
      p += bytes[p]! + 1;
    }
    p += 1;
  };
  let frames = 0;
  for (;;) {
    const block = bytes[p];
    if (block === 0x3b) return frames;
    if (block === 0x21) {
      p += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      const local = bytes[p + 9]!;
      p += 10;
      if (local & 0x80) p += 3 * 2 ** ((local & 7) + 1);
      p += 1; // LZW minimum code size
      skipSubBlocks();
      frames++;
    } else {
      throw new Error(`unexpected GIF block 0x${(block ?? 0).toString(16)} at ${p}`);
    }
  }
}
