// The WebGL2 pass runner's programs (one per pass, already compiled once by compile.js to report diagnostics) and
// their uniforms, set by name in the type the program declares.
import { glslStages } from './compile.js';

/** Each pass's program, linked with its vertex stage (its own, else the full-screen one). */
export function linkPrograms(gl, passes) {
  return passes.map(p => {
    const program = gl.createProgram();
    const [vertexText, fragmentText] = glslStages(p.source, p.version, '', p.vertex ?? null);
    for (const [type, text] of [[gl.VERTEX_SHADER, vertexText], [gl.FRAGMENT_SHADER, fragmentText]]) {
      const shader = gl.createShader(type);
      gl.shaderSource(shader, text);
      gl.compileShader(shader);
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    return program;
  });
}

/**
 * `set(index, name, value)`: sets uniform `name` of program `index` (in use) to a number, boolean or array, as the
 * type the program declares it; a name the program does not use is skipped.
 */
export function uniformSetter(gl, programs) {
  const types = programs.map(program => {
    const byName = new Map();
    for (let i = 0; i < gl.getProgramParameter(program, gl.ACTIVE_UNIFORMS); i++) {
      const info = gl.getActiveUniform(program, i);
      byName.set(info.name, info.type);
    }
    return byName;
  });
  return (index, name, value) => {
    const program = programs[index];
    const location = gl.getUniformLocation(program, name);
    if (location === null) return;
    const v = (Array.isArray(value) ? value : [value]).map(x => typeof x === 'boolean' ? (x ? 1 : 0) : x);
    switch (types[index].get(name)) {
      case gl.INT: case gl.BOOL: gl.uniform1i(location, v[0]); break;
      case gl.INT_VEC2: case gl.BOOL_VEC2: gl.uniform2iv(location, v); break;
      case gl.INT_VEC3: case gl.BOOL_VEC3: gl.uniform3iv(location, v); break;
      case gl.INT_VEC4: case gl.BOOL_VEC4: gl.uniform4iv(location, v); break;
      case gl.FLOAT_VEC2: gl.uniform2fv(location, v); break;
      case gl.FLOAT_VEC3: gl.uniform3fv(location, v); break;
      case gl.FLOAT_VEC4: gl.uniform4fv(location, v); break;
      // column-major, as noisemaker's mat globals are given (renderCubemap3d's cubeBasis)
      case gl.FLOAT_MAT2: gl.uniformMatrix2fv(location, false, v.slice(0, 4)); break;
      case gl.FLOAT_MAT3: gl.uniformMatrix3fv(location, false, v.slice(0, 9)); break;
      case gl.FLOAT_MAT4: gl.uniformMatrix4fv(location, false, v.slice(0, 16)); break;
      default: gl.uniform1f(location, v[0]);
    }
  };
}
