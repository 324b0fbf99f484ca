"""FrameScope's RenderDoc bridge as a qrenderdoc extension: serves the capture a person has open in RenderDoc's UI to
FrameScope (`FRAMESCOPE_RENDERDOC_ATTACH=qrenderdoc`), over the same spool files as the standalone bridge.

Installed as extensions/framescope/__init__.py next to the bridge's files by `framescope renderdoc-extension`.
register() starts a thread that claims requests from the spool and runs each on RenderDoc's replay thread through
ctx.Replay().BlockInvoke, with the UI's own replay controller: the agent sees what the person sees, and the UI stays
responsive between requests. Requests name the capture file; only the one open in the UI is served.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bridge  # noqa: E402
import replay  # noqa: E402
import replay_core  # noqa: E402

_stop = threading.Event()


def default_spool():
    return os.path.join(os.path.expanduser("~"), ".cache", "framescope", "qrenderdoc-spool")


class UiSource:
    """The capture open in qrenderdoc, as a replay.Capture built from the UI's controller (rebuilt per load)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.controller = None
        self.entry = None

    def run(self, work):
        box = {}

        def on_replay_thread(controller):
            self.controller = controller
            if self.entry is not None:
                self.entry.controller = controller  # a change settled after its request runs on this one too
            try:
                box["value"] = work()
            except BaseException as e:  # noqa: B902 - carried back to the serving thread
                box["error"] = e
            finally:
                self.controller = None

        self.ctx.Replay().BlockInvoke(on_replay_thread)
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def capture(self, params):
        if str(params.get("remote") or "local").strip().lower() != "local":
            raise replay.BridgeError("INVALID_ARGUMENT", "attached to RenderDoc's UI, which replays where its Replay "
                                     "Context says (bottom left of its window); remote cannot move it",
                                     parameter="remote", mode="qrenderdoc")
        if not self.ctx.IsCaptureLoaded():
            raise replay.BridgeError("NOT_FOUND", "RenderDoc has no capture open: open one in RenderDoc's UI "
                                     "(File > Open Capture)", mode="qrenderdoc")
        loaded = os.path.abspath(self.ctx.GetCaptureFilename())
        requested = replay.capture_path(params)
        if requested != loaded:
            raise replay.BridgeError("NOT_FOUND", "RenderDoc's UI has %s open, not %s; this bridge serves the capture "
                                     "open in the UI" % (loaded, requested), parameter="capture", capture=requested,
                                     ui_capture=loaded)
        key = (loaded, os.stat(loaded).st_mtime_ns)
        if self.entry is None or self.entry.key != key:
            props = self.controller.GetAPIProperties()
            api = props.pipelineType.name if hasattr(props.pipelineType, "name") else str(props.pipelineType)
            self.entry = replay.Capture(loaded, self.controller, api)
            self.entry.key = key
        self.entry.controller = self.controller  # the UI's controller object, valid on this call
        return self.entry

    def describe(self):
        try:
            loaded = self.ctx.GetCaptureFilename() if self.ctx.IsCaptureLoaded() else None
        except Exception:  # noqa: B902 - the heartbeat must never fail
            loaded = None
        return {"ui_capture": loaded}


def register(version, ctx):
    source = UiSource(ctx)
    replay_core.SOURCE = source.capture
    bridge.MODE = "qrenderdoc"
    bridge.RUN = source.run
    bridge.EXTRA = source.describe
    bridge.start(os.environ.get("FRAMESCOPE_RENDERDOC_SPOOL") or default_spool())
    threading.Thread(target=bridge.serve_until, args=(_stop.is_set,), name="framescope-bridge", daemon=True).start()
    print("FrameScope bridge serving %s for RenderDoc %s" % (bridge.SPOOL, version))


def unregister():
    _stop.set()
