// The non-finite probe's float twins of 8-bit targets on WebGL2 (see probe.js): what a pass wrote before its 8-bit
// target quantised it. A plain pass (one output, no blend, no points, no discard) draws once on a probed frame, into
// its RGBA32F twin, and a blit copies the twin into its 8-bit target: the GPU converts the same floats to 8 bits as
// when the pass draws there itself, and SwiftShader builds one pipeline of the effect's program instead of two (its
// second pipeline was most of the probe's cost, issue 33). Any other pass draws into its target and again into the
// twin (its discarded pixels keep what the target held; blending and points add to it).
import { keepsPixels } from './pass-plan.js';
import { PICTURES, probePass } from './probe.js';

const BLIT_VERTEX = `#version 300 es
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }`;
const BLIT_FRAGMENT = `#version 300 es
precision highp float;
uniform highp sampler2D twin;
out vec4 color;
void main() { color = texelFetch(twin, ivec2(gl_FragCoord.xy), 0); }`;

/**
 * `makeTarget(pixels, size, float)` makes a texture with its framebuffer; `floatFormat(format)` tells float targets;
 * `targets` are the runner's textures by name; `finalName` the result's.
 */
export function glTwins(gl, { makeTarget, floatFormat, targets, finalName }) {
  const twins = new Map();
  let blit = null;
  // The twin of pass i's attachment k, made on first use; attachment k of its framebuffer.
  const twinOf = (i, k, [w, h]) => {
    const key = `${i}/${k}`;
    if (!twins.has(key)) {
      // makeTarget binds its texture on the active unit, where this pass's last input is bound: put it back.
      const bound = gl.getParameter(gl.TEXTURE_BINDING_2D);
      const twin = makeTarget(null, [w, h], true);
      if (k > 0) {
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, null, 0);
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0 + k, gl.TEXTURE_2D, twin.tex, 0);
        gl.drawBuffers(Array.from({ length: k + 1 }, (_, n) => (n === k ? gl.COLOR_ATTACHMENT0 + k : gl.NONE)));
        gl.readBuffer(gl.COLOR_ATTACHMENT0 + k);
      }
      twins.set(key, twin);
      gl.bindTexture(gl.TEXTURE_2D, bound);
    }
    return twins.get(key);
  };
  const blitProgram = () => {
    if (blit) return blit;
    const program = gl.createProgram();
    for (const [type, text] of [[gl.VERTEX_SHADER, BLIT_VERTEX], [gl.FRAGMENT_SHADER, BLIT_FRAGMENT]]) {
      const shader = gl.createShader(type);
      gl.shaderSource(shader, text);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
    }
    gl.bindAttribLocation(program, 0, 'position');
    gl.linkProgram(program);
    blit = program;
    return blit;
  };
  const read = (i, p, output, fbo, readFrom, [w, h], { trace, pictures }) => {
    gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
    const floats = new Float32Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.FLOAT, floats);
    return probePass(floats, { index: i, name: p.name, output, format: targets.get(output).format, readFrom, width: w, height: h, bottomUp: true, final: output === finalName, trace, picture: pictures && i < PICTURES });
  };
  return {
    /** Whether pass `p` draws once into its twin on a probed frame (see above). */
    drawsIntoTwin(p) {
      const out = targets.get(p.output);
      return !p.more && !keepsPixels(p) && !out.current.cube && !floatFormat(out.format);
    },
    /** The framebuffer pass i draws into on a probed frame when drawsIntoTwin. */
    twinFbo(i, p) {
      return twinOf(i, 0, targets.get(p.output).current.size).fbo;
    },
    /** Copies pass i's twin into its 8-bit target (after drawing into the twin), then probes the twin. */
    blitAndProbe(i, p, options) {
      const out = targets.get(p.output);
      const twin = twinOf(i, 0, out.current.size);
      const program = blitProgram();
      gl.useProgram(program);
      gl.bindVertexArray(null);
      gl.enableVertexAttribArray(0);
      gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
      gl.disable(gl.BLEND);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, twin.tex);
      gl.bindSampler(0, null);
      gl.uniform1i(gl.getUniformLocation(program, 'twin'), 0);
      gl.bindFramebuffer(gl.FRAMEBUFFER, out.current.fbo);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
      return read(i, p, p.output, twin.fbo, 'rgba32f twin', out.current.size, options);
    },
    /**
     * What pass i wrote to its attachment k (`output`) after drawing into its target: a float target read itself,
     * an 8-bit one drawn again (`drawNow`) into its twin at attachment k alone (the pass's other outputs go nowhere).
     */
    probe(i, p, k, output, drawNow, options) {
      const out = targets.get(output);
      if (floatFormat(out.format)) return read(i, p, output, out.current.fbo, 'target', out.current.size, options);
      const twin = twinOf(i, k, out.current.size);
      gl.bindFramebuffer(gl.FRAMEBUFFER, twin.fbo);
      gl.clearBufferfv(gl.COLOR, k, [0, 0, 0, 0]);
      drawNow();
      return read(i, p, output, twin.fbo, 'rgba32f twin', out.current.size, options);
    },
  };
}
