"""Data scans shared by the tiers: NaN/Inf in float32 targets at C speed, pixel values, post-vertex-shader
geometry, and the pipeline state of one stage."""
import math
import struct

import renderdoc as rd

from replay_core import BridgeError, bounded, show


# Byte tables for a C-speed scan of float32 data: a value is NaN or Inf exactly when its exponent bits are all
# ones, i.e. (high byte & 0x7f) == 0x7f and (next byte & 0x80) == 0x80 (little-endian).
HIGH = bytes(1 if b & 0x7F == 0x7F else 0 for b in range(256))


NEXT = bytes(1 if b & 0x80 else 0 for b in range(256))


def is_float32(texture):
    return texture.format.compType == rd.CompType.Float and texture.format.compByteWidth == 4


def read_texture(c, texture):
    """The first mip's bytes, its channel count, and whether rows are bottom-up (GL) or top-down."""
    data = c.controller.GetTextureData(texture.resourceId, rd.Subresource(0, 0, 0))
    return data, texture.format.compCount, c.driver == "OpenGL"


def pixel_index(value_index, channels, width, height, bottom_up):
    p = value_index // channels
    x, row = p % width, p // width
    return (height - 1 - row if bottom_up else row) * width + x


def non_finite(c, texture):
    """Pixel indices (top-left origin) with a NaN, and with an Inf (and no NaN), in any channel."""
    data, channels, bottom_up = read_texture(c, texture)
    flagged = int.from_bytes(data[3::4].translate(HIGH), "little") & int.from_bytes(data[2::4].translate(NEXT),
                                                                                       "little")
    nan, inf = set(), set()
    if not flagged:
        return nan, inf
    marks = flagged.to_bytes(len(data) // 4, "little")
    at = marks.find(1)
    while at >= 0:
        value = struct.unpack_from("<f", data, 4 * at)[0]
        p = pixel_index(at, channels, texture.width, texture.height, bottom_up)
        if math.isnan(value):
            nan.add(p)
            inf.discard(p)
        elif p not in nan:
            inf.add(p)
        at = marks.find(1, at + 1)
    return nan, inf


def non_finite_at(c, texture, event):
    """non_finite() of the texture as it is after `event` (the replay is left at that event)."""
    c.controller.SetFrameEvent(event, True)
    return non_finite(c, texture)


def pixel_values(c, texture, indices):
    data, channels, bottom_up = read_texture(c, texture)
    out = {}
    for p in indices:
        x, y = p % texture.width, p // texture.width
        row = texture.height - 1 - y if bottom_up else y
        start = (row * texture.width + x) * channels
        out[p] = struct.unpack_from("<%df" % channels, data, 4 * start)
    return out


def box(indices, width):
    if not indices:
        return None
    xs = [i % width for i in indices]
    ys = [i // width for i in indices]
    return [min(xs), min(ys), max(xs) + 1, max(ys) + 1]


def triangle_area(a, b, c):
    return 0.5 * abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]))


def uv_attribute(ps, slot=None):
    """The vertex input UVs are read from: the attribute at `slot` (its index in the pipeline's vertex inputs, the
    attribute location on GL and Vulkan), or by default the first used one named like a UV or texture coordinate."""
    inputs = list(ps.GetVertexInputs())
    if slot is not None:
        used = [i for i, a in enumerate(inputs) if a.used]
        if slot not in used:
            raise BridgeError("INVALID_ARGUMENT", "mesh_slot %d is not a vertex input this draw reads; it reads %s"
                              % (slot, ", ".join("%d (%s)" % (i, inputs[i].name) for i in used) or "none"),
                              parameter="mesh_slot", valid_values=used)
        attribute = inputs[slot]
        if attribute.format.compType != rd.CompType.Float or attribute.format.compByteWidth != 4 \
                or attribute.format.compCount < 2:
            raise BridgeError("INVALID_ARGUMENT", "vertex input %d (%s) is %s; UVs are read from an input of two "
                              "or more 32-bit floats" % (slot, attribute.name, attribute.format.Name()),
                              parameter="mesh_slot")
        return attribute
    for attribute in inputs:
        name = attribute.name.lower()
        if attribute.used and ("uv" in name or "tex" in name):
            return attribute
    return None


def geometry_of(c, event, huge, uv_slot=None, keep_vertices=False):
    """Post-VS positions of one draw (de-indexed), checked for NaN/Inf, |coordinate| > huge, w <= 0, zero-area
    triangles (in NDC, for triangle lists), and the UV input's range when it has one (uv_attribute picks it).
    With keep_vertices, finding["vertices_read"] holds the decoded (positions, uvs) for the caller to pop."""
    c.controller.SetFrameEvent(event, True)
    ps = c.controller.GetPipelineState()
    mesh = c.controller.GetPostVSData(0, 0, rd.MeshDataStage.VSOut)
    finding = {"event_id": event, "marker_path": "/".join(c.by_event[event][1]), "vertices": mesh.numIndices,
               "bad_vertices": [], "degenerate_triangles": [], "uv_range": None}
    if mesh.status:
        finding["status"] = mesh.status
        return finding
    data = c.controller.GetBufferData(mesh.vertexResourceId, mesh.vertexByteOffset, 0)
    indices = list(range(mesh.numIndices))
    if int(mesh.indexResourceId) and mesh.indexByteStride:
        raw = c.controller.GetBufferData(mesh.indexResourceId, mesh.indexByteOffset, mesh.numIndices *
                                         mesh.indexByteStride)
        fmt = {1: "B", 2: "H", 4: "I"}[mesh.indexByteStride]
        indices = list(struct.unpack("<%d%s" % (mesh.numIndices, fmt), raw))
    positions = []
    for i, index in enumerate(indices):
        at = index * mesh.vertexByteStride
        if at + 16 > len(data):
            break
        x, y, z, w = struct.unpack_from("<4f", data, at)
        positions.append((x, y, z, w))
        reasons = []
        if any(math.isnan(v) for v in (x, y, z, w)):
            reasons.append("nan")
        elif any(math.isinf(v) for v in (x, y, z, w)):
            reasons.append("inf")
        elif max(abs(x), abs(y), abs(z), abs(w)) > huge:
            reasons.append("huge")
        if not reasons and w <= 0:
            reasons.append("w_not_positive")
        if reasons:
            finding["bad_vertices"].append({"index": i, "position": [show(v) for v in (x, y, z, w)],
                                            "reasons": reasons})
    if mesh.topology == rd.Topology.TriangleList:
        for t in range(len(positions) // 3):
            a, b, d = positions[3 * t:3 * t + 3]
            if any(not math.isfinite(v) for p in (a, b, d) for v in p) or min(a[3], b[3], d[3]) <= 0:
                continue
            ndc = [(p[0] / p[3], p[1] / p[3]) for p in (a, b, d)]
            if triangle_area(*ndc) < 1e-12:
                finding["degenerate_triangles"].append(t)
    attribute = uv_attribute(ps, uv_slot)
    uvs = [None] * len(positions)
    if attribute is not None:
        vb = ps.GetVBuffers()[attribute.vertexBuffer]
        raw = c.controller.GetBufferData(vb.resourceId, vb.byteOffset, 0)
        for i, index in enumerate(indices[:len(positions)]):
            at = index * vb.byteStride + attribute.byteOffset
            if at + 8 <= len(raw):
                # + 0.0 turns -0.0 into 0.0: a sign on zero is noise in a UV
                uvs[i] = tuple(v + 0.0 for v in struct.unpack_from("<2f", raw, at))
        values = [v for uv in uvs if uv for v in uv]
        if values:
            finding["uv_range"] = {"attribute": attribute.name, "min": min(values), "max": max(values)}
    if keep_vertices:
        finding["vertices_read"] = (positions, uvs)
    return finding


STAGES = [("vertex", "Vertex"), ("hull", "Hull"), ("domain", "Domain"), ("geometry", "Geometry"),
          ("pixel", "Pixel"), ("compute", "Compute")]


def stage_info(c, ps, stage, limit):
    shader = ps.GetShader(stage)
    if not int(shader):
        return None
    refl = ps.GetShaderReflection(stage)
    return {"shader": c.rid(shader), "name": c.name_of(shader), "entry_point": ps.GetShaderEntryPoint(stage),
            "inputs": bounded([sig.varName for sig in refl.inputSignature], limit) if refl else None,
            "outputs": bounded([sig.varName for sig in refl.outputSignature], limit) if refl else None,
            "constant_blocks": bounded([b.name for b in refl.constantBlocks], limit) if refl else None,
            "read_only_resources": bounded(used_read_only(c, ps, stage, refl), limit)}


def used_read_only(c, ps, stage, refl):
    """The read-only resources this stage's shader reads, by its reflection. GetReadOnlyResources(stage, True)
    returns every bound GL texture unit for every stage in 1.24, so bindings are kept only where the stage's
    bindpoint mapping marks a reflected resource as used."""
    if refl is None:
        return []
    mapping = ps.GetBindpointMapping(stage)
    used = {}
    for i, resource in enumerate(refl.readOnlyResources):
        if i < len(mapping.readOnlyResources) and mapping.readOnlyResources[i].used:
            bind = mapping.readOnlyResources[i]
            used[(bind.bindset, bind.bind)] = resource.name
    rows = []
    for a in ps.GetReadOnlyResources(stage, True):
        name = used.get((a.bindPoint.bindset, a.bindPoint.bind))
        bound = [c.ref(r.resourceId) for r in a.resources if int(r.resourceId)]
        if name is not None and bound:
            rows.append({"bind": a.bindPoint.bind, "set": a.bindPoint.bindset, "shader_name": name,
                         "resources": bound})
    return rows


def targets_of(c, ps):
    colour = [c.ref(t.resourceId) for t in ps.GetOutputTargets() if int(t.resourceId)]
    depth = ps.GetDepthTarget()
    return colour, c.ref(depth.resourceId) if int(depth.resourceId) else None
