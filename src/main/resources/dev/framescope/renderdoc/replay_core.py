"""What every bridge method stands on: errors, bounded lists, the open captures (a small LRU of files this
process replays, or the capture the qrenderdoc extension serves through SOURCE), events and actions as JSON.
Every function runs on the bridge's replay thread (RenderDoc's replay objects may only be used from the thread
that opened them). Resource ids are decimal strings in JSON (Capture.rid): a resource recorded in the capture keeps
its recorded id; one that RenderDoc creates at replay (a GL backbuffer, numbered from 10^18 and differently on each
open) gets 10^18 + its rank among those, so every id is the same across reopen and restart. Strings, because those
ids are past 2^53 and a JavaScript client would round numbers. Ids are mapped back through dicts (1.24 cannot build
a ResourceId from an int). Pixel coordinates are top-left origin, as RenderDoc addresses pixels.
"""
import bisect
import collections
import math
import os
import re
import shutil

import renderdoc as rd


# The shape version every answer carries. Each answer's shape is declared in answers/<tool>.schema.json, whose
# schema_version const must equal what the answer sends (AnswerSchemasIT checks real answers against it): an answer
# whose shape changes gets a constant of its own here, bumped together with its schema file's const.
SCHEMA_VERSION = 1
# open_capture 2: replayed_on (local or a RenderDoc remote server), and which shaders replace_shader swapped
# (`replacements`, also in get_frame_digest 2); get_event_insight 2: api_call (an API call's own event).
# 3 of all three: an API message says how it was placed at its call (`attributed_by`; `call` in digest rows).
OPEN_CAPTURE_SCHEMA_VERSION = 3
FRAME_DIGEST_SCHEMA_VERSION = 3
EVENT_INSIGHT_SCHEMA_VERSION = 3


# RenderDoc numbers the resources it creates while replaying from here (ResourceIDGen's replay range).
REPLAY_IDS = 10 ** 18

MARKERS = rd.ActionFlags.PushMarker | rd.ActionFlags.PopMarker | rd.ActionFlags.SetMarker


class BridgeError(Exception):
    def __init__(self, code, message, **context):
        super().__init__(message)
        self.code = code
        self.message = message
        self.context = context

    def as_dict(self):
        return {"code": self.code, "message": self.message, "context": self.context}


# What the request being served changed in the replay that later requests would see, as (undo, keep) pairs in the
# order made: bridge.py undoes them, newest first, when the request fails or its caller never gets the answer, and
# runs keep (freeing what the undo would have needed) once the caller has it.
CHANGES = []


# Says which remote server the request being served talks to, and at which step (connecting, replaying), before it
# does: bridge.py writes it where the client finds it if the bridge dies, so that a crash on what a remote answered
# blames the remote, never the capture. A no-op until bridge.py sets it (the qrenderdoc extension has no remotes).
ANNOUNCE = lambda stage, remote, named_by: None  # noqa: E731


def changed(undo, keep=None):
    CHANGES.append((undo, keep))


def take_changes():
    taken = list(CHANGES)
    del CHANGES[:]
    return taken


def bounded(items, limit):
    items = list(items)
    return {"count": len(items), "preview": items[:limit], "truncated": len(items) > limit}


class Capture:
    """One capture with a replay controller, and indexes built once. Subclasses say where the controller comes
    from: a file this process opened (FileCapture), one a RenderDoc remote server replays (replay_sites'
    RemoteCapture), or the capture open in qrenderdoc (the extension's)."""

    replayed_on = "local"  # or "remote HOST:PORT", as answers say it

    def __init__(self, path, controller, driver):
        self.path = path
        self.controller = controller
        self.driver = driver
        self.structured = controller.GetStructuredFile()
        self.resources = {int(r.resourceId): r for r in controller.GetResources()}
        self.textures = {int(t.resourceId): t for t in controller.GetTextures()}
        self.buffers = {int(b.resourceId): b for b in controller.GetBuffers()}
        created = sorted(raw for raw in set(self.resources) | set(self.textures) | set(self.buffers)
                         if raw >= REPLAY_IDS)
        self._stable = {raw: str(REPLAY_IDS + rank + 1) for rank, raw in enumerate(created)}
        self._raw = {stable: raw for raw, stable in self._stable.items()}
        self.actions = []  # (action, marker path) in event order, markers excluded
        self.by_event = {}
        self.api_calls = {}  # every API event: (its chunk in the structured file, the marker path it was made in)
        self._index(controller.GetRootActions(), [])
        self._events = sorted(self.by_event)
        # Debug and validation messages: GL keeps them in the frame info; Vulkan hands them out once, right after
        # the capture opens (GetDebugMessages drains them), so both are read here and kept.
        self.messages = list(controller.GetFrameInfo().debugMessages) + list(controller.GetDebugMessages())
        self.cache = {}  # answers and scans that depend only on this capture, e.g. ("findings", event)
        self.replacements = {}  # replace_shader's: raw id of the captured shader -> shader_replace.Replacement

    def _index(self, actions, path):
        for action in actions:
            name = action.GetName(self.structured)
            for e in action.events:
                # a marker's events are the calls made before its push, in the enclosing marker, and the push
                inside = action.flags & rd.ActionFlags.PushMarker and e.eventId == action.eventId
                self.api_calls[e.eventId] = (e.chunkIndex, path + [name] if inside else path)
            if action.flags & rd.ActionFlags.PushMarker:
                self._index(action.children, path + [name])
                continue
            self.actions.append((action, path))
            self.by_event[action.eventId] = (action, path)
            if action.children:
                self._index(action.children, path + [name])

    def action_for_event(self, event):
        """The action an API event belongs to: the action itself, or the next one (an action's events are the API
        calls that lead up to it). (None, []) past the last action."""
        at = bisect.bisect_left(self._events, event)
        return self.by_event[self._events[at]] if at < len(self._events) else (None, [])

    def action_after(self, event):
        """The first action at or after an API event that is not a marker: the work the call sets state for (a
        glDebugMessageInsert or a pop between them draws nothing). None past the last."""
        at = bisect.bisect_left(self._events, event)
        for e in self._events[at:]:
            if not self.by_event[e][0].flags & MARKERS:
                return self.by_event[e][0]
        return None

    def name_of(self, resource_id):
        r = self.resources.get(int(resource_id))
        return r.name if r else None

    def rid(self, resource_id):
        """The stable id of a ResourceId (or raw int) as a decimal string; None for the null id."""
        raw = int(resource_id)
        if not raw:
            return None
        return self._stable.get(raw, str(raw))

    def raw_id(self, selector):
        """The raw id behind a stable id given as a string or an integer, or None if it is not a number."""
        text = str(selector).strip()
        if not text.isdigit():
            return None
        return self._raw.get(text, int(text) if int(text) < REPLAY_IDS else None)

    def _find(self, kind, table, selector, parameter):
        raw = self.raw_id(selector)
        if raw is not None and raw in table:
            return table[raw]
        for key, item in table.items():
            if self.name_of(key) == selector:
                return item
        raise BridgeError("NOT_FOUND", "no %s %r in this capture" % (kind, selector), parameter=parameter,
                          known=[self.name_of(key) or self.rid(key) for key in table][:40])

    def texture(self, selector, parameter="texture"):
        """A texture by id (string or integer) or by name."""
        return self._find("texture", self.textures, selector, parameter)

    def buffer(self, selector, parameter="buffer"):
        """A buffer by id (string or integer) or by name."""
        return self._find("buffer", self.buffers, selector, parameter)

    def ref(self, resource_id):
        """A resource as answers name it: {resource, name}."""
        return {"resource": self.rid(resource_id), "name": self.name_of(resource_id)}

    def copy_to(self, output):
        # The file's bytes, not RenderDoc's CaptureFile.CopyFileTo: that one moves the open handle onto the copy, and
        # a second copy of the same capture then kills the replay process (RenderDoc 1.24, exit 139).
        shutil.copyfile(self.path, output)

    def replacements_json(self):
        """replace_shader's replacements in place, as answers list them ([] when none)."""
        return [r.json(self) for r in self.replacements.values()]

    def undo_replacements(self):
        """replace_shader's replacements are replay state only: undone before the replay goes, so nothing of them
        outlives the capture's entry (RenderDoc never writes them to the file either)."""
        for r in list(self.replacements.values()):
            self.controller.RemoveReplacement(r.original)
            self.controller.FreeTargetResource(r.built)
        self.replacements = {}
        self.cache.clear()

    def close(self):
        self.undo_replacements()


# What RenderDoc answers when the file itself is at fault (cut short, damaged, or written by another version),
# not this machine's replay: a bad input, never an unavailable or failed engine.
FILE_FAULTS = {"FileCorrupted", "FileIOFailed", "FileIncompatibleVersion", "FileNotFound", "APIDataCorrupted",
               "APIIncompatibleVersion"}


def code_name(result):
    return result.code.name if hasattr(result.code, "name") else str(result.code)


def unreadable(path, result):
    """The error for a capture file RenderDoc cannot read, with RenderDoc's reason."""
    code = code_name(result)
    return BridgeError("INVALID_ARGUMENT", "RenderDoc cannot read %s: %s (%s); the file is damaged, cut short or "
                       "not from RenderDoc 1.24" % (path, without_file_bytes(result.Message()), code),
                       parameter="capture", capture=path, result_code=code)


def read_capture_file(path):
    """RenderDoc's handle on a capture file, once it reads as one and its frame data parses; the caller shuts it
    down."""
    file = rd.OpenCaptureFile()
    result = file.OpenFile(path, "", None)
    if not result.OK():
        file.Shutdown()
        raise unreadable(path, result)
    check_frame_data(path)
    return file


def check_frame_data(path):
    """Refuses a file whose frame data does not parse as RenderDoc's chunks (a damaged compressed block reads as
    none), before a replay is built on it: RenderDoc 1.24's replay of such a file fails or crashes (measured on
    bytes flipped in vk_defects.rdc: a segfault in OpenCapture), where parsing alone answers cleanly. Parsed on a
    handle of its own, shut down at once, so the parse's memory is freed before the replay takes its own (the
    parse costs a few per cent of the open)."""
    probe = rd.OpenCaptureFile()
    try:
        if probe.OpenFile(path, "", None).OK() and not len(probe.GetStructuredData().chunks):
            raise BridgeError("INVALID_ARGUMENT", "RenderDoc cannot read %s: its frame data does not parse as "
                              "RenderDoc's chunks; the file is damaged" % path, parameter="capture", capture=path,
                              result_code="FileCorrupted")
    finally:
        probe.Shutdown()


class FileCapture(Capture):
    """A capture file opened by this process for local replay."""

    def __init__(self, path):
        self.mtime = os.stat(path).st_mtime_ns
        self.file = read_capture_file(path)
        if self.file.LocalReplaySupport() != rd.ReplaySupport.Supported:
            driver = self.file.DriverName()
            self.file.Shutdown()
            raise BridgeError("ENGINE_UNAVAILABLE", "this machine cannot replay %s captures" % driver, capture=path,
                              driver=driver)
        result, controller = self.file.OpenCapture(rd.ReplayOptions(), None)
        if not result.OK():
            self.file.Shutdown()
            if code_name(result) in FILE_FAULTS:
                raise unreadable(path, result)
            raise BridgeError("ENGINE_FAILED", "replay of %s failed: %s (%s)" % (path, result.Message(),
                                                                                code_name(result)), capture=path)
        super().__init__(path, controller, self.file.DriverName())

    def close(self):
        self.undo_replacements()
        self.controller.Shutdown()
        self.file.Shutdown()


# The capture files open now, least recently used first (replay_sites.py keeps it).
OPEN = collections.OrderedDict()


RDC_MAGIC = b"RDOC"


def capture_path(params):
    """The capture's absolute path, once it is known to be a regular file that starts as a RenderDoc capture does.
    Nothing of a file that is not a capture is read beyond its first four bytes, and none of it is echoed."""
    path = params.get("capture")
    if not path:
        raise BridgeError("INVALID_ARGUMENT", "capture is required", parameter="capture")
    path = os.path.abspath(path)
    if not os.path.exists(path):
        raise BridgeError("NOT_FOUND", "no capture file at %s" % path, parameter="capture", capture=path)
    if not os.path.isfile(path):
        raise BridgeError("INVALID_ARGUMENT", "%s is not a regular file (a folder, FIFO, socket or device); capture "
                          "must name a RenderDoc .rdc file" % path, parameter="capture", capture=path)
    try:
        # O_NONBLOCK: a file that only looks regular (under /proc, say) must not hold the replay thread
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            magic = os.read(fd, len(RDC_MAGIC))
        finally:
            os.close(fd)
    except OSError as e:
        raise BridgeError("INVALID_ARGUMENT", "cannot read %s: %s" % (path, e.strerror), parameter="capture",
                          capture=path)
    if magic != RDC_MAGIC:
        raise BridgeError("INVALID_ARGUMENT", "%s is not a RenderDoc capture: it does not start with RenderDoc's "
                          "file signature" % path, parameter="capture", capture=path)
    return path


def without_file_bytes(message):
    """RenderDoc's open errors can quote bytes of the file ("Expected magic 434f4452, got 746f6f72")."""
    return re.sub(r"\bgot [0-9A-Fa-fx]+", "got something else", message)


# Where the methods get their capture from: replay_sites.open_file_capture (set by replay.py), files this process
# replays here or on a RenderDoc remote server, unless the qrenderdoc extension replaces it with the capture open
# in the UI.
SOURCE = None


def capture(params):
    return SOURCE(params)


FLAG_NAMES = [n for n in dir(rd.ActionFlags) if not n.startswith("_") and n not in ("NoFlags",)
              and isinstance(getattr(rd.ActionFlags, n), type(rd.ActionFlags.Drawcall))]


def flag_names(flags):
    return [n for n in FLAG_NAMES if int(getattr(rd.ActionFlags, n)) and flags & getattr(rd.ActionFlags, n)
            and bin(int(getattr(rd.ActionFlags, n))).count("1") == 1]


def action_json(c, action, path):
    return {"event_id": action.eventId, "action_id": action.actionId, "name": action.GetName(c.structured),
            "flags": flag_names(action.flags), "marker_path": "/".join(path),
            "num_indices": action.numIndices, "num_instances": action.numInstances,
            "outputs": [c.rid(o) for o in action.outputs if int(o) != 0],
            "depth_out": c.rid(action.depthOut)}


def draws(c):
    return [(a, p) for a, p in c.actions if a.flags & rd.ActionFlags.Drawcall]


def event_of(c, params, required=True):
    event = params.get("event_id")
    if event is None:
        if required:
            raise BridgeError("INVALID_ARGUMENT", "event_id is required", parameter="event_id")
        return None
    event = int(event)
    if event not in c.by_event:
        raise BridgeError("NOT_FOUND", "no action at event %d (actions span events %d..%d; iterate_actions lists "
                          "them)" % (event, min(c.by_event), max(c.by_event)), parameter="event_id",
                          valid_range=[min(c.by_event), max(c.by_event)])
    return event


def drawn_event(c, params, dispatch_too):
    """event_of(), and the event must be a draw (or a dispatch, when dispatch_too): a clear, copy or marker has no
    shaders and no vertices."""
    event = event_of(c, params)
    action = c.by_event[event][0]
    wanted = rd.ActionFlags.Drawcall | (rd.ActionFlags.Dispatch if dispatch_too else rd.ActionFlags.NoFlags)
    if not action.flags & wanted:
        flags = flag_names(action.flags)
        kind = next((k for f, k in (("Clear", "a clear"), ("Copy", "a copy"), ("Resolve", "a resolve"),
                                     ("GenMips", "a mip generation"), ("Present", "a present"),
                                     ("PopMarker", "a marker pop"), ("SetMarker", "a marker"),
                                     ("Dispatch", "a dispatch"), ("PassBoundary", "a render pass boundary"))
                     if f in flags), "not a draw")
        events = [a.eventId for a, _ in c.actions if a.flags & wanted]
        raise BridgeError("INVALID_ARGUMENT", "event %d is %s, not a draw%s (%s); iterate_actions with draws_only "
                          "lists the draws" % (event, kind, " or dispatch" if dispatch_too else "",
                                               action.GetName(c.structured)), parameter="event_id", flags=flags,
                          draw_events=bounded(events, 32))
    return event


def show(v):
    return "NaN" if math.isnan(v) else ("+Inf" if v > 0 else "-Inf") if math.isinf(v) else v
