// The deterministic input every filter is tested on, and base64 for returning pixels to the harness.

/**
 * The deterministic test card filters read as `inputTex`: four coloured quadrants, a diagonal luminance ramp and
 * an 8-pixel checker, so that shifts, flips, colour swaps and blurs all change it. RGBA rows top-down.
 */
export function testCardPixels(width, height) {
  const px = new Uint8Array(width * height * 4);
  const quadrant = [[220, 60, 50], [60, 180, 75], [50, 90, 210], [235, 200, 40]];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const q = quadrant[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)];
      const ramp = (x + y) / (width + height - 2);
      const checker = ((x >> 3) + (y >> 3)) % 2 === 0 ? 1 : 0.8;
      const i = 4 * (y * width + x);
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(q[c] * checker * (0.4 + 0.6 * ramp));
      px[i + 3] = 255;
    }
  }
  return px;
}

export function testCard(width, height) {
  return toBase64(testCardPixels(width, height));
}

export function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
