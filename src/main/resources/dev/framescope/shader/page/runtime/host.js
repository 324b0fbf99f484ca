// What an effect's format changes in the pass runtime, handed over as data: the format's EffectFormat (Java,
// formats/) gives the runner options the `host` below and adds its own fields to each pass. The runners read these
// and never a format's name; a format that gives nothing draws as FrameScope's native effects do.
//
// Fields a format may add to a pass (besides source, inputs, output, name):
// - ISF: `fallback` (its GLSL ES 1.00 form: {source, version, vertex}, compiled when 3.00 fails, then drawn
//   instead), `vertex` (its .vs companion), `persistent` (false: a target that reads blank from an earlier frame),
//   `float`, `width` and `height` (its target's).
// - Shadertoy: `samplers` (per channel {filter, wrap}), `float`, `cube` (a cubemap target, drawn face by face),
//   `keeps`, `discardsAfter` and `wholeUntilDiscard` (what pass-plan.js's frameDraws leaves out).
// - noisemaker: `format`, `width`, `height`, `more` (further render targets), `drawMode`, `count` and `countTexture`
//   (point or billboard draws), `blend`, `passUniforms`, `uniformLayout`, `uvVertex`.
// - gl-transitions: `version` ('100', GLSL ES 1.00).

/**
 * The host of native effects. `pingPong` (noisemaker): every pass reads the latest copy of what it reads and its
 * target is swapped right after it draws, as noisemaker's surfaces are, so a pass repeated in a row reads the previous
 * repeat's result; otherwise every target swaps once a frame (see pass-plan.js's plan). `flipY` (noisemaker's WGSL,
 * which draws y down and whose runtime flips the frame when it shows it): on WebGPU, images and the test card are
 * stored bottom row first and the result is read flipped. `frameUniforms` ({index, delta}): the names under which a
 * pass also gets the frame's index and noisemaker's deltaTime (pass-plan.js's noisemakerDelta). `frameResolution`
 * (noisemaker, WebGL2): `resolution` is the frame's size in every pass, whatever its target's.
 */
export const NATIVE_HOST = Object.freeze({ pingPong: false, flipY: false, frameUniforms: null, frameResolution: false });

/** The host a runner draws for: the format's fields over NATIVE_HOST's. */
export function pageHost(host) {
  return { ...NATIVE_HOST, ...(host ?? {}) };
}
