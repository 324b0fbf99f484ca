// What a WebGL2 pass reads: each of its samplers bound to a texture unit, with the copy of the texture the pass model
// says (this frame's or the previous frame's), the channel's sampler settings and the sizes the formats' preludes read.

/**
 * Shadertoy's per-channel sampler settings as WebGL2 sampler objects (one per filter and wrap), made on first use;
 * `mipmap` filters between mipmap levels.
 */
function samplerObjects(gl) {
  const made = new Map();
  return ({ filter, wrap }) => {
    const key = `${filter}/${wrap}`;
    if (!made.has(key)) {
      const sampler = gl.createSampler();
      gl.samplerParameteri(sampler, gl.TEXTURE_MIN_FILTER, filter === 'nearest' ? gl.NEAREST : filter === 'mipmap' ? gl.LINEAR_MIPMAP_LINEAR : gl.LINEAR);
      gl.samplerParameteri(sampler, gl.TEXTURE_MAG_FILTER, filter === 'nearest' ? gl.NEAREST : gl.LINEAR);
      for (const axis of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T]) gl.samplerParameteri(sampler, axis, wrap === 'repeat' ? gl.REPEAT : gl.CLAMP_TO_EDGE);
      made.set(key, sampler);
    }
    return made.get(key);
  };
}

/**
 * `bind(i, p, program)` binds pass i's inputs. A texture no pass writes and no image names reads the test card; an
 * image reads itself; a pass output reads, with `pingPong`, its latest copy, else this frame's copy when an earlier
 * pass wrote it, else the previous frame's (a non-persistent target's reads blank). A mipmapped channel's texture
 * gets its mipmaps each time it is bound (an image only once). Returns what it bound: [{sampler, unit, source,
 * settings}] (debug_effect's snapshot reads them back).
 */
export function glInputs(gl, { input, blank, imported, targets }, fresh, pingPong) {
  const samplerFor = samplerObjects(gl);
  const sourceOf = (textureName, i) => {
    const target = targets.get(textureName);
    return imported.get(textureName)
      ?? (target ? (pingPong ? target.previous : fresh(textureName, i) ? target.current : target.persistent ? target.previous : blank) : input);
  };
  return (i, p, program) => {
    let unit = 0;
    const bound = [];
    for (const [sampler, textureName] of Object.entries(p.inputs ?? {})) {
      const source = sourceOf(textureName, i);
      const kind = source.cube ? gl.TEXTURE_CUBE_MAP : gl.TEXTURE_2D;
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(kind, source.tex);
      const settings = (p.samplers ?? {})[sampler];
      bound.push({ sampler, unit, source, settings });
      gl.bindSampler(unit, settings ? samplerFor(settings) : null);
      if (settings?.filter === 'mipmap' && !source.mipmapped) {
        gl.generateMipmap(kind);
        if (source.still) source.mipmapped = true;
      }
      const location = gl.getUniformLocation(program, sampler);
      if (location !== null) gl.uniform1i(location, unit);
      // Shadertoy's iChannelResolution[n]: the size of what iChannel<n> reads.
      const channel = /^iChannel([0-3])$/.exec(sampler);
      const size = channel && gl.getUniformLocation(program, `iChannelResolution[${channel[1]}]`);
      if (size) gl.uniform3f(size, source.size[0], source.size[1], 1);
      // ISF's GLSL ES 1.00 form reads IMG_SIZE from _<sampler>_imgSize (1.00 has no textureSize).
      const imgSize = gl.getUniformLocation(program, `_${sampler}_imgSize`);
      if (imgSize) gl.uniform2f(imgSize, source.size[0], source.size[1]);
      unit++;
    }
    return bound;
  };
}
