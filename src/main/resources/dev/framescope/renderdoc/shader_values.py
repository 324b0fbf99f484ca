"""Shader constants as typed JSON: RenderDoc's ShaderVariable (1.24) carries a type, rows × columns and a union of
value arrays (f32v, s32v, u32v, f64v, ...), and arrays and structs carry members instead of a value (array elements
are named "[0]", "[1]", ... or "position[0]", "position[1]", ...). Reading every variable as f32v turns an int 1 into 1.4e-45 and an array into [].
Each variable becomes {name, type, shape, value}: a scalar, a vector, a matrix as a list of rows, or for arrays and
structs a list of members, bounded so a large uniform array cannot flood the answer."""
import math
import struct

import renderdoc as rd

from replay_core import show


# (JSON type, the ShaderValue array that holds it)
SCALARS = {
    rd.VarType.Float: ("float", "f32v"), rd.VarType.Half: ("float", "f32v"), rd.VarType.Double: ("double", "f64v"),
    rd.VarType.SInt: ("int", "s32v"), rd.VarType.SShort: ("int", "s32v"), rd.VarType.SByte: ("int", "s32v"),
    rd.VarType.UInt: ("uint", "u32v"), rd.VarType.UShort: ("uint", "u32v"), rd.VarType.UByte: ("uint", "u32v"),
    rd.VarType.SLong: ("int64", "s64v"), rd.VarType.ULong: ("uint64", "u64v"), rd.VarType.Bool: ("bool", "u32v"),
}


def shortest_float32(v):
    """The shortest decimal that reads back as the same float32 (0.1, not 0.10000000149011612)."""
    if not math.isfinite(v):
        return show(v)
    bits = struct.pack("<f", v)
    for digits in range(1, 10):
        text = "%.*g" % (digits, v)
        if struct.pack("<f", float(text)) == bits:
            return float(text)
    return v


def variable_json(v, max_members, budget=None):
    """One ShaderVariable (and its members, recursively): each list cut at max_members, and no more variables in
    all than `budget` holds (a one-item list, shared across calls, counted down), so nested arrays cannot multiply
    past the answer's byte budget."""
    budget = budget if budget is not None else [4 * max_members]
    budget[0] -= 1
    members = list(v.members)
    if members:
        is_array = all(m.name.endswith("[%d]" % i) for i, m in enumerate(members))
        out = {"name": v.name, "type": "array" if is_array else "struct"}
        if is_array:
            out["shape"] = [len(members)]
        shown = []
        for m in members[:max_members]:
            if budget[0] <= 0:
                break
            shown.append(variable_json(m, max_members, budget))
        out["value"] = shown
        if len(shown) < len(members):
            out["truncated"] = True
            out["members_listed"] = len(shown)
        return out
    kind, field = SCALARS.get(v.type, (None, None))
    if kind is None:
        return {"name": v.name, "type": v.type.name.lower(), "shape": [v.rows, v.columns], "value": None}
    # RenderDoc hands matrix values over row-major whatever the declared layout (ShaderVariableFlags docs)
    raw = list(getattr(v.value, field))[:v.rows * v.columns]
    if kind == "bool":
        raw = [bool(x) for x in raw]
    elif kind == "float":
        raw = [shortest_float32(x) for x in raw]
    elif kind == "double":
        raw = [show(x) for x in raw]
    out = {"name": v.name, "type": kind}
    if v.rows > 1:
        out["shape"] = [v.rows, v.columns]
        out["declared_layout"] = "row_major" if v.RowMajor() else "column_major"
        out["value"] = [raw[r * v.columns:(r + 1) * v.columns] for r in range(v.rows)]
    elif v.columns > 1:
        out["shape"] = [v.columns]
        out["value"] = raw
    else:
        out["shape"] = []
        out["value"] = raw[0] if raw else None
    return out
