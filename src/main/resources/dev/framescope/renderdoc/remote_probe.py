"""Whether the peer at a remote address speaks RenderDoc's remote server protocol, asked over a socket of our own
before RenderDoc is handed the address. RenderDoc 1.24's client reads a chunk header from whatever answers its
handshake and allocates the size it finds there: an HTTP server, or anything else on a wrong port, killed the whole
bridge ("Allocation for 8171027398010159668 bytes failed", SIGILL). The probe sends the handshake RenderDoc's own
client sends and looks at the first chunk that comes back, so junk is refused with the peer named, and a server that
is alive but busy (it takes one client at a time) is told from one that is gone.

Measured on this machine against `renderdoccmd remoteserver` 1.24: the client's handshake is 64 bytes, chunk id 2
(Handshake) with the protocol version 1024 (1000 * major + minor) at byte 8; a free server answers 64 bytes, chunk id
2 and zeros; a server busy with another client answers chunk id 4 (Busy) and closes; a server of another version
answers chunk id 5 (VersionMismatch2, 1.23 and later) with its own version at byte 8, or 3 (VersionMismatch, older).
A server never speaks first. A probe that completed the handshake and closes leaves the server free at once.
"""
import socket
import struct
import time

import renderdoc as rd

HANDSHAKE = bytes.fromhex("02000000" "00000000" "00040000" "01000000") + bytes(48)
CHUNK_BYTES = 64
HANDSHAKE_ID, MISMATCH_OLD_ID, BUSY_ID, MISMATCH_ID = 2, 3, 4, 5
CONNECT_S = 0.75  # what RenderDoc's client allows a TCP connect (CreateClientSocket)


class Peer:
    """What answered: kind is handshake, occupied (another client is served), version, refused, silent or junk; why says it in words."""

    def __init__(self, kind, why, version=None):
        self.kind = kind
        self.why = why
        self.version = version

    def speaks_renderdoc(self):
        return self.kind in ("handshake", "occupied", "version")


def timeout_s():
    """RenderDoc's own wait for an answer (RemoteServer_TimeoutMS): the probe is never stricter than RenderDoc."""
    return rd.GetConfigSetting("RemoteServer_TimeoutMS").AsInt() / 1000.0


def probe(address, wait_s=None):
    host, port = address.rsplit(":", 1)
    wait_s = timeout_s() if wait_s is None else wait_s
    try:
        sock = socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_S)
    except OSError as e:
        return Peer("refused", "nothing accepts connections there (%s)" % (e.strerror or e))
    try:
        sock.settimeout(wait_s)
        sock.sendall(HANDSHAKE)
        answer = read_chunk(sock, wait_s)
    except OSError as e:
        return Peer("junk", "the connection failed during RenderDoc's handshake (%s)" % (e.strerror or e))
    finally:
        sock.close()
    return judged(answer, wait_s)


def read_chunk(sock, wait_s):
    """Up to one chunk's bytes, until the peer closes or stops sending for wait_s."""
    data = b""
    deadline = time.time() + wait_s
    while len(data) < CHUNK_BYTES and time.time() < deadline:
        try:
            more = sock.recv(CHUNK_BYTES - len(data))
        except socket.timeout:
            break
        if not more:
            break
        data += more
    return data


def judged(answer, wait_s):
    if not answer:
        return Peer("silent", "accepted the connection but said nothing in %g s (a stopped or frozen server?)"
                    % wait_s)
    if len(answer) >= 8 and answer[4:8] == bytes(4):
        chunk = struct.unpack_from("<I", answer)[0]
        if chunk == HANDSHAKE_ID:
            return Peer("handshake", "it answered RenderDoc's handshake")
        if chunk == BUSY_ID:
            return Peer("occupied", "it is busy with another client (a RenderDoc remote server serves one at a time)")
        if chunk in (MISMATCH_ID, MISMATCH_OLD_ID):
            version = struct.unpack_from("<I", answer, 8)[0] if chunk == MISMATCH_ID and len(answer) >= 12 else None
            said = ("RenderDoc %d.%d" % (version // 1000, version % 1000)) if version else "a RenderDoc before 1.23"
            return Peer("version", "it runs %s, this bridge RenderDoc %s: client and server must be the same "
                        "version" % (said, rd.GetVersionString()), version)
    return Peer("junk", "it answered RenderDoc's handshake with bytes that are not RenderDoc's (%d bytes, starting "
                "%s)" % (len(answer), shown(answer[:12])))


def shown(data):
    """A few bytes as text a person can read: printable ASCII as is, the rest as \\xNN."""
    return "\"%s\"" % "".join(chr(b) if 32 <= b < 127 else "\\x%02x" % b for b in data)
