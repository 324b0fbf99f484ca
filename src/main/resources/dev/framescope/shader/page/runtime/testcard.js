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

/**
 * The second card, the `to` image of transitions: 16-pixel concentric rings alternating teal and magenta, lighter at
 * the top. Every pixel differs from the test card's by at least 48 in some channel, so a frame shows which one it is.
 */
export function secondCardPixels(width, height) {
  const px = new Uint8Array(width * height * 4);
  const rings = [[40, 200, 200], [200, 60, 190]];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ring = rings[Math.floor(Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) / 16) % 2];
      const shade = 1 - 0.4 * y / Math.max(1, height - 1);
      const i = 4 * (y * width + x);
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(ring[c] * shade);
      px[i + 3] = 255;
    }
  }
  return px;
}

/** A grey ramp from black at the left to white at the right, fed to sampler parameters such as a luma map. */
export function rampPixels(width, height) {
  const px = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.round(255 * (x + 0.5) / width);
      px.set([v, v, v, 255], 4 * (y * width + x));
    }
  }
  return px;
}

/**
 * ISF AUDIO input: a synthetic signal's waveform, one row per channel, one column per sample, the value 0.5 + 0.5 ×
 * signal in every colour channel: a sine sweep (chirp) from 1 to 8 cycles over the width, the second channel at 0.8
 * of the first's amplitude.
 */
export function audioPixels(width, height) {
  const px = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const gain = y === 0 ? 1 : 0.8;
    for (let x = 0; x < width; x++) {
      const t = x / width;
      const v = Math.round(255 * (0.5 + 0.5 * gain * Math.sin(2 * Math.PI * (t + 3.5 * t * t))));
      px.set([v, v, v, 255], 4 * (y * width + x));
    }
  }
  return px;
}

/** ISF AUDIOFFT input: the sweep's magnitude spectrum, flat 0.6 over its band (bins 1–8 of the width), 1/bin above. */
export function audioFftPixels(width, height) {
  const px = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const m = x >= 1 && x <= 8 ? 0.6 : x === 0 ? 0.05 : 0.6 * 8 / (x * 4);
      const v = Math.round(255 * Math.min(1, m));
      px.set([v, v, v, 255], 4 * (y * width + x));
    }
  }
  return px;
}

/**
 * Shadertoy's sound texture of silence: row 0 the FFT (all 0), row 1 the waveform at rest (128, i.e. 0.5), as a
 * music, microphone or SoundCloud channel reads with nothing playing.
 */
export function silencePixels(width, height) {
  const px = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const v = i >= width && i < 2 * width ? 128 : 0;
    px.set([v, v, v, 255], 4 * i);
  }
  return px;
}

/** The cube test card's face colours, +X, -X, +Y, -Y, +Z, -Z: red, cyan, green, magenta, blue, yellow. */
export const CUBE_COLOURS = [[200, 40, 40], [40, 200, 200], [40, 200, 40], [200, 40, 200], [40, 40, 200], [200, 200, 40]];

/**
 * One face of the cube test card, n×n, rows t = 0 first: the face's colour times 0.6 + 0.4·s, so that a frame shows
 * which face and which way round it was read (s = 0.5, the face's centre, gives 0.8 of the colour).
 */
export function cubeFacePixels(n, face) {
  const px = new Uint8Array(n * n * 4);
  for (let t = 0; t < n; t++) {
    for (let s = 0; s < n; s++) {
      const k = 0.6 + 0.4 * (s + 0.5) / n;
      px.set([...CUBE_COLOURS[face].map(c => Math.round(c * k)), 255], 4 * (t * n + s));
    }
  }
  return px;
}

/**
 * The moving card, fed to effects that depend on time (feedback, TIME, FRAMEINDEX): the test card shifted right by
 * `frame` pixels (wrapping round), so a filter that keeps earlier frames shows them against the current one.
 */
export function movingCardPixels(width, height, frame) {
  const still = testCardPixels(width, height);
  const px = new Uint8Array(still.length);
  const shift = ((frame % width) + width) % width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) px.set(still.subarray(4 * (y * width + x), 4 * (y * width + x) + 4), 4 * (y * width + (x + shift) % width));
  }
  return px;
}

/** The generated images by name, at the frame's size unless the image gives one: RGBA rows top-down. */
export const CARDS = { blank: (w, h) => new Uint8Array(w * h * 4), testcard: testCardPixels, testcard2: secondCardPixels, ramp: rampPixels, audio: audioPixels, audiofft: audioFftPixels, silence: silencePixels };

/** The generated cubemaps by name: (side, face) → that face's RGBA rows. */
export const CUBE_FACES = { blank: n => new Uint8Array(n * n * 4), cubecard: cubeFacePixels };

/**
 * A generated card by name (default the test card), base64 RGBA rows top-down: what a frame is compared with; with
 * `frame`, the moving card at that frame (the test card shifted, see movingCardPixels).
 */
export function testCard(width, height, name = 'testcard', frame = null) {
  return toBase64(frame === null ? CARDS[name](width, height) : movingCardPixels(width, height, frame));
}

export function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
