"""Where a capture file is replayed: by this process (FileCapture), or by a RenderDoc remote server
(`renderdoccmd remoteserver`) that RenderDoc's own protocol copies the capture to (RemoteCapture),
as `open_capture`'s `remote` or FRAMESCOPE_RENDERDOC_REMOTE say; and the small LRU of open captures.

A remote server serves one client at a time, and one capture per connection (opening a second one over the same
connection was measured to drop the connection), so the bridge holds one connection and at most one remote capture,
and lets the connection go once no remote capture is open (a team shares its GPU machines this way).
A server that went away is noticed by a ping before and after every call on a remote capture: a controller whose
server is gone answers from what it cached, or zeros, without an error, so without the ping a lost server would
give wrong answers. Lost during a call, the call fails; lost between calls, the next call connects again (bounded
retries: the server refuses a new client for a moment after one left) and reopens the capture.

Before RenderDoc is handed an address, remote_probe checks that the peer speaks RenderDoc's protocol: anything else
(a wrong port, another service) is refused naming the remote, where RenderDoc would have crashed the bridge on what
it answered. A remote open that fails with the server still answering (RenderDoc waits 5 s for each answer, and a
loaded server's first open can take longer) is tried once more, and said to be a timeout, not a lost server. What
step of a request talks to which remote is announced (replay_core.ANNOUNCE), so that a crash there blames the
remote, never the capture.

What a call changes here is told to replay_core.changed, so that a cancelled call leaves it as it was: the site
open_capture's `remote` chose, and a capture with replace_shader's replacements that the call closed (moved to
another site, or out of the LRU): such a capture is closed only once the call is kept, and put back when it is
undone. Captures closed to free a remote connection (one capture per connection) cannot wait, and lose theirs.
"""
import os
import re
import time

import renderdoc as rd

import remote_probe
import replay_core
from replay_core import OPEN, BridgeError, Capture, FileCapture, capture_path, changed, read_capture_file

ENV = "FRAMESCOPE_RENDERDOC_REMOTE"
LOCAL = "local"
REPLAYED_ON_KEY = "_replayed_on"  # taken out by the server (Captures.query), which says it in the summary
DEFAULT_PORT = 39920  # RenderDoc's remote server port
MAX_OPEN = 2
# Seconds to wait before each connection attempt: a server that just let a client go refused the next one for
# ~0.1 s here; nobody listening is refused at once. No attempt starts past CONNECT_BUDGET_S: one to a server that
# accepts but does not answer (stopped, or frozen) fails only after RenderDoc's 5 s handshake timeout (measured), so
# a wrong or frozen address fails within about 9 s at worst, never hangs.
CONNECT_BACKOFF = (0, 0.1, 0.2, 0.4, 0.8, 1.5)
CONNECT_BUDGET_S = 3.5
ADDRESS = re.compile(r"^(?P<host>[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{1,5}))?$")

# The remote each capture was opened on by open_capture's `remote`, so later calls on it replay there too.
CHOSEN = {}
# The one connection: {"address", "named_by", "server"} or None. STATUS is what the heartbeat thread reports of
# it (that thread never touches RenderDoc, so it reads this copy).
CONNECTION = None
STATUS = {"connected": None, "lost": 0, "last_loss": None}
# The captures this request used: remote ones are pinged again when it is answered.
USED = []
# Captures with replacements that a request closed, until it is kept (then closed) or undone (then open again).
RETIRING = []


class Choice:
    """Where to replay (LOCAL or HOST:PORT) and what named it: the parameter, the environment or the default."""

    def __init__(self, text, named_by):
        self.named_by = named_by
        text = (text or "").strip()
        if not text or text.lower() == LOCAL:
            self.address = LOCAL
            return
        match = ADDRESS.match(text)
        port = int(match.group("port") or DEFAULT_PORT) if match else 0
        if not match or not 0 < port < 65536:
            raise BridgeError("INVALID_ARGUMENT", "%s is %r: expected HOST[:PORT] of a RenderDoc remote server (port "
                              "1-65535, default %d), or 'local'" % (self.naming(), text, DEFAULT_PORT),
                              **self.context(text))
        self.address = "%s:%d" % (match.group("host"), port)

    def naming(self):
        return "parameter 'remote'" if self.named_by == "remote" else "environment variable " + ENV

    def context(self, value):
        key = "parameter" if self.named_by == "remote" else "env_var"
        return {key: self.named_by, "value": value}


def choice(params, path):
    if params.get("remote") is not None:
        return Choice(params["remote"], "remote")
    if path in CHOSEN:
        return CHOSEN[path]
    return Choice(os.environ.get(ENV), ENV)


def replayed_on(address):
    return LOCAL if address == LOCAL else "remote " + address


def connect(where, budget_s=CONNECT_BUDGET_S):
    global CONNECTION
    if CONNECTION and CONNECTION["address"] != where.address:
        disconnect()
    if CONNECTION:
        return CONNECTION["server"]
    replay_core.ANNOUNCE("connecting", where.address, where.named_by)
    why, tries, started, busy = "", 0, time.time(), False
    for delay in CONNECT_BACKOFF + (CONNECT_BACKOFF[-1],) * 8:
        if tries and time.time() - started + delay > budget_s:
            break
        time.sleep(delay)
        tries += 1
        peer = remote_probe.probe(where.address)
        busy = peer.kind == "occupied"
        if peer.kind == "silent":
            raise silent(where, peer)
        if not peer.speaks_renderdoc() and peer.kind != "refused":
            raise not_renderdoc(where, peer)
        if peer.kind == "version":
            raise BridgeError("ENGINE_UNAVAILABLE", "the RenderDoc remote server at %s (%s) cannot serve this bridge: "
                              "%s" % (where.address, where.naming(), peer.why), remote=where.address,
                              reason="remote_version", server_version=peer.version, **where.context(where.address))
        if peer.kind != "handshake":
            why = peer.why
            continue
        result, server = rd.CreateRemoteServerConnection(where.address)
        why = result.Message()  # read at once: the text goes when RenderDoc reports the next result
        if server is not None:
            CONNECTION = {"address": where.address, "named_by": where.named_by, "server": server}
            STATUS["connected"] = where.address
            replay_core.ANNOUNCE("replaying", where.address, where.named_by)
            return server
    host, port = where.address.rsplit(":", 1)
    if busy:
        raise BridgeError("ENGINE_UNAVAILABLE", "the RenderDoc remote server at %s (%s) is busy with another client "
                          "(%d tries in %.1f s): it serves one at a time. Try again when it is free, or pass remote: "
                          "'local'" % (where.address, where.naming(), tries, time.time() - started),
                          remote=where.address, reason="remote_busy", **where.context(where.address))
    raise BridgeError("ENGINE_UNAVAILABLE", "no RenderDoc remote server answers at %s (%s; %d tries in %.1f s): %s. "
                      "Start `renderdoccmd remoteserver -h %s -p %s` there (RenderDoc %s, the same version), or fix "
                      "%s ('local' replays here)" % (where.address, where.naming(), tries, time.time() - started,
                                                     why, host, port, rd.GetVersionString(), where.naming()),
                      remote=where.address, **where.context(where.address))


def not_renderdoc(where, peer):
    """A peer that does not speak RenderDoc's protocol: named, and never handed to RenderDoc."""
    return BridgeError("ENGINE_UNAVAILABLE", "the peer at %s (%s) is not a RenderDoc remote server: %s. Another "
                       "service on that port, or the wrong port? Fix %s (a `renderdoccmd remoteserver` of RenderDoc "
                       "%s listens there), or pass remote: 'local'" % (where.address, where.naming(), peer.why,
                                                                       where.naming(), rd.GetVersionString()),
                       remote=where.address, reason="remote_not_renderdoc", peer=peer.kind,
                       **where.context(where.address))


def silent(where, peer):
    """A peer that takes the connection and never answers: a RenderDoc server stopped or frozen (the kernel still
    accepts for it) as often as another service, so it is not called the wrong port."""
    host, port = where.address.rsplit(":", 1)
    return BridgeError("ENGINE_UNAVAILABLE", "the peer at %s (%s) %s: a RenderDoc remote server answers RenderDoc's "
                       "handshake at once. Resume or restart it (`renderdoccmd remoteserver -h %s -p %s`, RenderDoc "
                       "%s), check %s names it, or pass remote: 'local'" % (
                           where.address, where.naming(), peer.why, host, port, rd.GetVersionString(),
                           where.naming()),
                       remote=where.address, reason="remote_silent", peer=peer.kind, **where.context(where.address))


def disconnect():
    """Closes the remote captures and the connection (a connection whose server is gone closes at once too)."""
    global CONNECTION
    for path in [p for p, entry in OPEN.items() if isinstance(entry, RemoteCapture)]:
        OPEN.pop(path).close()
    for entry in [e for e in RETIRING if isinstance(e, RemoteCapture)]:
        RETIRING.remove(entry)
        entry.close()
    if CONNECTION:
        CONNECTION["server"].ShutdownConnection()
    CONNECTION = None
    STATUS["connected"] = None


def alive():
    return CONNECTION is not None and CONNECTION["server"].Ping().OK()


def lost(entry, how):
    """The error of a call whose remote server went away (how: when and how), after forgetting the connection."""
    address = entry.address
    disconnect()
    STATUS["lost"] += 1
    STATUS["last_loss"] = {"time": time.time(), "remote": address, "how": how}
    host, port = address.rsplit(":", 1)
    return BridgeError("ENGINE_FAILED", "the RenderDoc remote server at %s was lost %s. Start (or resume) "
                       "`renderdoccmd remoteserver -h %s -p %s` there: the next call connects again and reopens the "
                       "capture (or pass remote: 'local' to open_capture)" % (address, how, host, port),
                       reason="remote_server_lost", remote=address, capture=entry.path)


class StillAlive(Exception):
    """An open whose connection died while the server still answers: RenderDoc's wait for an answer ran out."""


def open_remote(path, where):
    """A capture opened on a remote server, tried once more when the first open timed out with the server alive (a
    loaded server's first open is its slowest); the retry waits for the server to let the dead connection go."""
    for attempt in (1, 2):
        try:
            # the server drops a dead connection only once it has finished with it: up to its own wait, on top
            return RemoteCapture(path, where, CONNECT_BUDGET_S + (remote_probe.timeout_s() if attempt == 2 else 0))
        except StillAlive:
            disconnect()
            if attempt == 1:
                time.sleep(CONNECT_BACKOFF[1])
                continue
            waited = remote_probe.timeout_s()
            raise BridgeError("TIMEOUT", "the RenderDoc remote server at %s is still alive (it answers) but timed out "
                              "twice while it opened %s: RenderDoc waits %.0f s for each answer, and the server took "
                              "longer (a loaded server, or a capture that is slow to open there; the first open on a "
                              "server is the slowest). Try again, or pass remote: 'local' to open_capture"
                              % (where.address, path, waited), reason="remote_timed_out", remote=where.address,
                              capture=path, **where.context(where.address))


class RemoteCapture(Capture):
    """A capture file replayed by a RenderDoc remote server, copied there with RenderDoc's own protocol."""

    def __init__(self, path, where, connect_budget_s=CONNECT_BUDGET_S):
        self.path = path
        self.address = where.address
        self.mtime = os.stat(path).st_mtime_ns
        file = read_capture_file(path)
        driver = file.DriverName()
        file.Shutdown()
        server = connect(where, connect_budget_s)
        self.replayed_on = replayed_on(where.address)
        supported = list(server.RemoteSupportedReplays())
        if driver not in supported:
            raise BridgeError("ENGINE_UNAVAILABLE", "the RenderDoc remote server at %s cannot replay %s captures (it "
                              "replays %s)" % (where.address, driver, ", ".join(supported) or "none"), capture=path,
                              driver=driver, remote=where.address)
        remote_path = server.CopyCaptureToRemote(path, None)
        result, controller = server.OpenCapture(0xFFFFFFFF, remote_path, rd.ReplayOptions(), None)
        if not alive():
            # asked while this dead connection still holds the server: occupied means alive, and only slow to answer
            if remote_probe.probe(where.address).speaks_renderdoc():
                raise StillAlive()
            raise lost(self, "while it opened %s" % path)
        if not result.OK():
            raise BridgeError("ENGINE_FAILED", "the RenderDoc remote server at %s could not replay %s: %s"
                              % (where.address, path, result.Message()), capture=path, remote=where.address)
        self.server = server
        super().__init__(path, controller, driver)

    def close(self):
        self.server.CloseCapture(self.controller)


def open_file_capture(params):
    """The capture a call names, open where it is to be replayed; a capture file changed on disk is opened again."""
    path = capture_path(params)
    where = choice(params, path)
    entry = OPEN.get(path)
    if isinstance(entry, RemoteCapture):
        pinged = time.time()
        if not alive():
            if time.time() - pinged > 1:
                # no answer until RenderDoc's 5 s timeout: a frozen server, which would hold a new connection as
                # long, and the bridge's stall watch would take the two for a frozen bridge
                raise lost(entry, "between calls: it did not answer within RenderDoc's 5 s timeout")
            disconnect()  # the server went away between calls: connect again below
            entry = None
    if entry and (entry.mtime != os.stat(path).st_mtime_ns or entry.replayed_on != replayed_on(where.address)):
        retire(path, oldest=False)
        entry = None
    if entry is None:
        if where.address == LOCAL:
            entry = FileCapture(path)
        else:
            for other in [p for p, e in OPEN.items() if isinstance(e, RemoteCapture)]:
                OPEN.pop(other).close()  # one capture per connection
            try:
                entry = open_remote(path, where)
            except BridgeError:
                release_if_idle()  # it did not open: the connection is not needed either
                raise
        OPEN[path] = entry
        while len(OPEN) > MAX_OPEN:
            retire(next(iter(OPEN)), oldest=True)
    release_if_idle()
    if isinstance(entry, RemoteCapture):
        replay_core.ANNOUNCE("replaying", entry.address, where.named_by)
    if params.get("remote") is not None:
        choose(path, where)
    OPEN.move_to_end(path)
    USED.append(entry)
    return entry


def choose(path, where):
    """open_capture's `remote`: later calls on this capture replay there, unless the call is undone."""
    before = CHOSEN.get(path)
    if before is not None and (before.address, before.named_by) == (where.address, where.named_by):
        return
    CHOSEN[path] = where
    changed(lambda: CHOSEN.__setitem__(path, before) if before else CHOSEN.pop(path, None))


def retire(path, oldest):
    """Takes a capture out of the open ones. One with replacements is closed only once the call is kept: undone, it
    is put back as it was (first in the LRU if it was the oldest), and the capture this call opened in its place is
    closed."""
    entry = OPEN.pop(path)
    if not entry.replacements:
        entry.close()
        return
    RETIRING.append(entry)

    def put_back():
        if entry not in RETIRING:
            return  # closed with its remote connection meanwhile
        RETIRING.remove(entry)
        newer = OPEN.pop(path, None)
        if newer is not None:
            newer.close()
        OPEN[path] = entry
        if oldest:
            OPEN.move_to_end(path, last=False)
        while len(OPEN) > MAX_OPEN:  # the capture this call opened instead: the newest other one
            OPEN.pop(next(p for p in reversed(OPEN) if p != path)).close()
        release_if_idle()

    def close():
        if entry in RETIRING:
            RETIRING.remove(entry)
            entry.close()
            release_if_idle()
    changed(put_back, close)


def release_if_idle():
    """A server serves one client at a time: let others use it while this bridge has no capture open there."""
    if CONNECTION and not any(isinstance(e, RemoteCapture) for e in list(OPEN.values()) + RETIRING):
        disconnect()


def start_call():
    USED.clear()


def after_call():
    """Fails the call whose remote server went away while it ran: its answer came from a dead connection."""
    for entry in USED:
        if isinstance(entry, RemoteCapture) and not alive():
            raise lost(entry, "during this call; what the dead connection answered is thrown away")


def say_where(result):
    """Marks the answer of a call that replayed on a remote server, for the server to say it in the summary it adds,
    whatever the tool: which machine's GPU and driver made an answer matters when it differs from a local replay."""
    remote = sorted({entry.replayed_on for entry in USED if isinstance(entry, RemoteCapture)})
    if remote and isinstance(result, dict):
        result[REPLAYED_ON_KEY] = ", ".join(remote)
    return result


def status():
    """For the heartbeat: where captures replay by default, the connection, the losses."""
    default = os.environ.get(ENV) or LOCAL
    try:
        captures = {path: entry.replayed_on for path, entry in list(OPEN.items())}
    except RuntimeError:  # the replay thread changed OPEN meanwhile; the next beat has it
        captures = None
    return dict(STATUS, default=default if default == LOCAL else "remote " + default, captures=captures)


def close_all():
    disconnect()
    while OPEN:
        OPEN.popitem()[1].close()
