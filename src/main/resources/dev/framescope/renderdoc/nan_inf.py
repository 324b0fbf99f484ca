"""analyze_nan_inf: NaN/Inf texels in 32-bit float targets and the events that wrote them, over whole targets or,
in the single-pixel mode, through one pixel's history."""
import renderdoc as rd

import histories
from methods import bridge_method, required
from replay_core import BridgeError, SCHEMA_VERSION, bounded, capture, show
from scans import box, is_float32, non_finite_at, pixel_values


@bridge_method
def analyze_nan_inf(params):
    """Scans float colour targets for NaN/Inf texels after `event_id` (default: the end of the frame), then replays
    the events that write each target, one by one, and names every event after which new NaN/Inf texels appear.
    Given x and y (and texture), reports instead the pixel history entries of that pixel that hold NaN/Inf."""
    c = capture(params)
    limit = int(required(params, "max_preview"))
    end_event = frame_event(c, params)
    if params.get("x") is not None or params.get("y") is not None:
        return nan_inf_at_pixel(c, params, end_event, limit)
    if params.get("texture") is not None:
        targets = [c.texture(params["texture"])]
    else:
        targets = [t for t in c.textures.values() if is_float32(t) and t.creationFlags & rd.TextureCategory.ColorTarget]
    report = []
    for texture in targets:
        if not is_float32(texture):
            report.append({"texture": c.rid(texture.resourceId), "name": c.name_of(texture.resourceId),
                           "skipped": "format %s is not 32-bit float" % texture.format.Name()})
            continue
        nan, inf = non_finite_at(c, texture, end_event)
        samples = sorted(nan | inf)[:limit]
        values = pixel_values(c, texture, samples)
        writers = []
        if nan or inf:
            writes = sorted({u.eventId for u in c.controller.GetUsage(texture.resourceId)
                             if u.usage == rd.ResourceUsage.ColorTarget and u.eventId <= end_event})
            seen_nan, seen_inf = set(), set()
            for event in writes:
                now_nan, now_inf = non_finite_at(c, texture, event)
                new_nan, new_inf = now_nan - seen_nan, now_inf - seen_inf
                if new_nan or new_inf:
                    action, path = c.by_event.get(event, (None, []))
                    writers.append({"event_id": event, "name": action.GetName(c.structured) if action else None,
                                    "marker_path": "/".join(path), "new_nan_pixels": len(new_nan),
                                    "new_inf_pixels": len(new_inf), "nan_box": box(new_nan, texture.width),
                                    "inf_box": box(new_inf, texture.width)})
                seen_nan, seen_inf = now_nan, now_inf
            c.controller.SetFrameEvent(end_event, True)
        report.append({
            "texture": c.rid(texture.resourceId), "name": c.name_of(texture.resourceId),
            "format": texture.format.Name(), "width": texture.width, "height": texture.height,
            "nan_pixels": len(nan), "inf_pixels": len(inf), "nan_box": box(nan, texture.width),
            "inf_box": box(inf, texture.width),
            "pixels": {"count": len(nan) + len(inf), "preview": [
                {"x": p % texture.width, "y": p // texture.width, "rgba": [show(v) for v in values[p]]}
                for p in samples], "truncated": len(nan) + len(inf) > limit},
            "writers": writers,
        })
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": end_event,
            "method": "GetTextureData after the event; writers found by replaying each event that uses the "
                      "texture as a colour target and diffing its NaN/Inf texels",
            "targets": report}


def frame_event(c, params):
    """params' event_id (default the frame's last action), which must be one of the capture's events: an action's,
    or an API call between actions (the state just before a draw); else NOT_FOUND with the valid range."""
    if params.get("event_id") is None:
        return max(c.by_event)
    event = int(params["event_id"])
    if event in c.by_event:
        return event
    events = getattr(c, "api_events", None)
    if events is None:
        events = c.api_events = set()
        pending = list(c.controller.GetRootActions())
        while pending:
            action = pending.pop()
            events.update(e.eventId for e in action.events)
            pending.extend(action.children)
    if event not in events:
        raise BridgeError("NOT_FOUND", "no event %d in this capture (events span %d..%d; iterate_actions lists the "
                          "actions)" % (event, min(events), max(events)), parameter="event_id",
                          valid_range=[min(events), max(events)])
    return event


def nan_inf_at_pixel(c, params, end_event, limit):
    """The design's single-pixel mode: the history entries of one pixel whose shader output or resulting value has
    a NaN or Inf component, i.e. the events that produced (or kept writing) the bad value."""
    if params.get("x") is None or params.get("y") is None or params.get("texture") is None:
        missing = [n for n in ("texture", "x", "y") if params.get(n) is None]
        raise BridgeError("INVALID_ARGUMENT", "the single-pixel mode needs texture, x and y; %s missing"
                          % ", ".join(missing), parameter=missing[0])
    texture = c.texture(params["texture"])
    x, y, origin = histories.pixel_of(texture, params)
    sample = histories.sample_of(texture, params)
    rows = [histories.row(c, texture, m, changed)
            for m, changed in histories.history(c, texture, x, y, sample, end_event)]
    bad = [r for r in rows if histories.non_finite(r["post"]) or histories.non_finite(r["shader_out"])]
    return {"schema_version": SCHEMA_VERSION, "capture": c.path, "event_id": end_event, "mode": "pixel",
            "texture": c.rid(texture.resourceId), "name": c.name_of(texture.resourceId), "x": x, "y": y,
            "y_bottom_left": texture.height - 1 - y, "origin": origin, "sample": sample,
            "method": "PixelHistory at the pixel up to the event; entries whose shader output or resulting value has "
                      "a NaN or Inf component",
            "shader_out_available": histories.shader_out_measured(c),
            "first_event": bad[0]["event_id"] if bad else None,
            "history_entries": len(rows), "entries": bounded(bad, limit)}
