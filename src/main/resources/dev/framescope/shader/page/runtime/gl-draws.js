// How a WebGL2 pass draws: the full-screen triangle, or noisemaker's point and billboard draws (drawMode: one point,
// or one two-triangle quad, per agent), with the pass's blend.
import { BLEND_FACTORS, drawCount } from './pass-plan.js';

/**
 * `sizeOfTexture(name)` gives a texture's [w, h] (for a count of 'input'); `frameSize` is the fallback count's.
 * Blending into rgba32f needs EXT_float_blend, which WebGL2 otherwise refuses.
 */
export function glDraws(gl, sizeOfTexture, frameSize) {
  // A drawn pass's vertex stage reads no attribute (gl_VertexID picks its agent): it draws with an empty vertex
  // array, so the full-screen triangle's 3-vertex buffer cannot limit its count.
  const emptyVertices = gl.createVertexArray();
  gl.getExtension('EXT_float_blend');
  return {
    /** Binds the vertex input of pass `p` drawn by `program`. */
    bindVertices(p, program) {
      gl.bindVertexArray(p.drawMode ? emptyVertices : null);
      const position = gl.getAttribLocation(program, 'position');
      if (position >= 0 && !p.drawMode) {
        gl.enableVertexAttribArray(position);
        gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
      }
    },
    /** Sets the pass's blend and returns its draw call (the probe's twin draws it again). */
    prepare(p, targetSize) {
      if (p.blend) {
        gl.enable(gl.BLEND);
        const [src, dst] = Array.isArray(p.blend) ? p.blend.map(f => gl[BLEND_FACTORS[f] ?? 'ONE']) : [gl.ONE, gl.ONE];
        gl.blendFunc(src, dst);
      } else {
        gl.disable(gl.BLEND);
      }
      if (!p.drawMode) return () => gl.drawArrays(gl.TRIANGLES, 0, 3);
      const n = drawCount(p, sizeOfTexture, targetSize, frameSize);
      return () => gl.drawArrays(p.drawMode === 'points' ? gl.POINTS : gl.TRIANGLES, 0, p.drawMode === 'points' ? n : 6 * n);
    },
  };
}
