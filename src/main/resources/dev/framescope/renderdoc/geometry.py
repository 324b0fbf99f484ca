"""geometry_anomalies, the Tier B method over a draw's vertices (bad positions, degenerate triangles, UVs out of range),
in a module of its own so that evidence.py, which lists its findings at an event, and tier_b.py, whose pipeline state
asks evidence.py for its highlight, do not import each other."""
from methods import bridge_method, required
from replay_core import SCHEMA_VERSION, bounded, capture, draws, drawn_event, show
from scans import geometry_of


@bridge_method
def geometry_anomalies(params):
    c = capture(params)
    huge = float(required(params, "huge"))
    margin = float(required(params, "uv_margin"))
    slot = params.get("mesh_slot")
    slot = int(slot) if slot is not None else None
    events = [drawn_event(c, params, False)] if params.get("event_id") is not None else [a.eventId for a, _ in draws(c)]
    limit = int(required(params, "max_vertices"))
    found = []
    for event in events:
        f = geometry_of(c, event, huge, slot, keep_vertices=True)
        positions, uvs = f.pop("vertices_read", ([], []))
        uv = f["uv_range"]
        f["uv_out_of_range"] = bool(uv and (uv["min"] < -margin or uv["max"] > 1 + margin))
        offending = offending_vertices(positions, uvs, f["bad_vertices"], margin)
        if f["bad_vertices"] or f["degenerate_triangles"] or f["uv_out_of_range"] or f.get("status"):
            f["bad_vertices"] = bounded(f["bad_vertices"], limit)
            f["offending_vertices"] = bounded(offending, limit)
            found.append(f)
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "draws_checked": len(events),
            "rules": {"huge": huge, "uv_range": [0.0 - margin + 0.0, 1 + margin],
                      "degenerate": "triangle area in NDC < 1e-12 (triangle lists)", "w": "w <= 0",
                      "uv_attribute": "vertex input mesh_slot" if slot is not None else
                      "the first used vertex input named like uv/tex"},
            "draws": bounded(found, int(required(params, "max_draws")))}


def offending_vertices(positions, uvs, bad_positions, margin):
    """Each vertex with a finding once: {index, position, uv, reason, reasons}; reason is non_finite (NaN/Inf
    position), invalid_position (|coordinate| > huge, w <= 0) or uv_out_of_range (outside [-margin, 1 + margin])."""
    by_index = {b["index"]: list(b["reasons"]) for b in bad_positions}
    out = []
    for i, position in enumerate(positions):
        uv = uvs[i] if i < len(uvs) else None
        reasons = by_index.get(i, [])
        if uv and any(v < -margin or v > 1 + margin for v in uv):
            reasons = reasons + ["uv_out_of_range"]
        if not reasons:
            continue
        reason = "non_finite" if reasons[0] in ("nan", "inf") else \
            "uv_out_of_range" if reasons[0] == "uv_out_of_range" else "invalid_position"
        out.append({"index": i, "position": [show(v) for v in position],
                    "uv": [show(v) for v in uv] if uv else None, "reason": reason, "reasons": reasons})
    return out
