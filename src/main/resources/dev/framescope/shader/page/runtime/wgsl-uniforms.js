// Uniform structs in WGSL, filled by name as noisemaker's runtime fills them: a struct holding
// `array<vec4<f32>, N>` is packed from a layout (name -> {slot, components: 'xy'}: the definition's uniformLayout,
// else read from the program's `x = uniforms.data[N].xyz` lines); any other struct gets its fields by name at WGSL's
// offsets (scalars and vectors; a vec4 field commented `// (a, b, c, d)` takes those four names).

const SIZES = { f32: [4, 4], i32: [4, 4], u32: [4, 4], bool: [4, 4] };
for (const [t, n] of [['f32', ''], ['i32', 'i'], ['u32', 'u']]) {
  SIZES[`vec2<${t}>`] = SIZES[`vec2${n || 'f'}`] = [8, 8];
  SIZES[`vec3<${t}>`] = SIZES[`vec3${n || 'f'}`] = [12, 16];
  SIZES[`vec4<${t}>`] = SIZES[`vec4${n || 'f'}`] = [16, 16];
}

function structBody(source, name) {
  const m = new RegExp(`struct\\s+${name}\\s*\\{([\\s\\S]*?)\\}`).exec(source);
  return m ? m[1] : null;
}

/** Fields of a struct: [{name, type, offset, size, comment}], and the struct's size (a multiple of 16). */
function fields(body) {
  const out = [];
  let offset = 0;
  let align = 16;
  const lines = body.split('\n');
  for (const line of lines) {
    const code = line.replace(/\/\/.*$/, '');
    for (const m of code.matchAll(/(\w+)\s*:\s*([\w<>]+(?:\s*,\s*\d+\s*>)?)\s*,?/g)) {
      const type = m[2].replace(/\s+/g, '');
      const arr = /^array<vec4<f32>,(\d+)>$/.exec(type) || /^array<vec4f,(\d+)>$/.exec(type);
      const [size, a] = arr ? [16 * Number(arr[1]), 16] : (SIZES[type] ?? [16, 16]);
      offset = Math.ceil(offset / a) * a;
      const comment = /\/\/\s*\(([^)]*)\)/.exec(line)?.[1];
      out.push({ name: m[1], type, offset, size, array: !!arr, comment: comment ? comment.split(',').map(s => s.trim()) : null });
      offset += size;
      align = Math.max(align, a);
    }
  }
  return { list: out, size: Math.max(16, Math.ceil(offset / 16) * 16) };
}

/** `name = uniforms.data[N].xyz` (also `let name: T = i32(uniforms.data[N].x)`) lines as a packed layout. */
function layoutFromSource(source, variable) {
  const layout = {};
  const re = new RegExp(`(?:let\\s+|var\\s+)?(\\w+)(?:\\s*:\\s*[^\\n=]+)?\\s*=\\s*(?:\\w+\\s*\\(\\s*)*${variable}\\.\\w+\\[(\\d+)\\]\\.([xyzw]+)`, 'g');
  for (const m of source.matchAll(re)) layout[m[1]] ??= { slot: Number(m[2]), components: m[3] };
  return layout;
}

const flat = v => (Array.isArray(v) ? v : [v]).map(x => typeof x === 'boolean' ? (x ? 1 : 0) : Number(x) || 0);

/**
 * A writer for uniform `variable` of struct type `typeName`, or null when the type is not a struct of the source:
 * {size, bytes(values)} where values maps uniform names to numbers, booleans or arrays.
 */
export function structUniform(source, variable, typeName, uniformLayout) {
  const array = /^array<(vec4<f32>|vec4f|f32|i32|u32),(\d+)>$/.exec(typeName.replace(/\s+/g, ''));
  if (array) {
    // A bare uniform array (an audio waveform): the global of the same name, 16 bytes an element.
    const perElement = array[1].startsWith('vec4') ? 4 : 1;
    const size = 16 * Number(array[2]);
    return {
      size,
      bytes(values) {
        const f32 = new Float32Array(size / 4);
        const v = values[variable] === undefined ? [] : flat(values[variable]);
        for (let k = 0; k < v.length && k < Number(array[2]) * perElement; k++) f32[perElement === 4 ? k : k * 4] = v[k];
        return f32.buffer;
      },
    };
  }
  const body = structBody(source, typeName);
  if (body === null) return null;
  const { list, size } = fields(body);
  const packed = list.length === 1 && list[0].array;
  const layout = packed ? (uniformLayout && Object.keys(uniformLayout).length ? uniformLayout : layoutFromSource(source, variable)) : null;
  return {
    size,
    bytes(values) {
      const buffer = new ArrayBuffer(size);
      const f32 = new Float32Array(buffer);
      const i32 = new Int32Array(buffer);
      const u32 = new Uint32Array(buffer);
      if (packed) {
        for (const [name, { slot, components }] of Object.entries(layout)) {
          if (!(name in values)) continue;
          const v = flat(values[name]);
          [...components].forEach((c, k) => {
            const at = slot * 4 + 'xyzw'.indexOf(c);
            if (at >= 0 && at < f32.length && k < v.length) f32[at] = v[k];
          });
        }
        return buffer;
      }
      for (const field of list) {
        const names = field.comment && field.size === 16 ? field.comment : null;
        const base = field.offset / 4;
        const view = /i32|vec\di/.test(field.type) || field.type === 'bool' ? i32 : /u32|vec\du/.test(field.type) ? u32 : f32;
        if (names) {
          names.forEach((n, k) => { if (n in values) view[base + k] = flat(values[n])[0]; });
        } else if (field.name in values) {
          const v = flat(values[field.name]);
          for (let k = 0; k < Math.min(v.length, field.size / 4); k++) view[base + k] = view === f32 ? v[k] : Math.trunc(v[k]);
        }
      }
      return buffer;
    },
  };
}
