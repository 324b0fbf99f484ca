"""The bridge with six more methods, for the supervisor's tests only (never in the JAR): requests that sleep, burn
CPU, hang or crash the way RenderDoc's replay calls can, one that runs a real method and then takes long (a
replace_shader whose measurement runs for minutes), and one that has the next answer asking for the client's word on
a change written unreadable. Run as `python3 -u bridge_faults.py <bridge.py> --spool DIR`
(FaultyPython's wrapper does, in place of the python3 the supervisor starts): it registers the methods beside the
bridge's own (methods.bridge_method), then runs bridge.py as the main program, so everything else is the production
bridge."""
import ctypes
import json
import os
import runpy
import signal
import sys
import time

BRIDGE = sys.argv[1]
sys.path.insert(0, os.path.dirname(BRIDGE))

import replay  # noqa: E402  (the bridge's own module, which bridge.py imports again from sys.modules)
from methods import METHODS, bridge_method  # noqa: E402  (the bridge's registry, filled by importing replay)


@bridge_method
def sleep(params):
    """A request that takes as long as asked."""
    time.sleep(float(params.get("seconds", 1)))
    return {"slept": params.get("seconds", 1)}


@bridge_method
def busy(params):
    """A long native replay call: holds Python's lock and the CPU, so the heartbeat thread waits, as it does behind
    a RenderDoc call."""
    sys.setswitchinterval(60)
    end = time.time() + float(params.get("seconds", 1))
    while time.time() < end:
        pass
    sys.setswitchinterval(0.005)
    return {"busy": params.get("seconds", 1)}


@bridge_method
def hang(params):
    """A deadlocked driver: holds Python's lock (PyDLL keeps it through the C call) and uses no CPU."""
    ctypes.PyDLL(None).sleep(int(params.get("seconds", 1)))
    return {"hung": params.get("seconds", 1)}


@bridge_method
def crash(params):
    """The process dies as a lavapipe segfault would (exit 139)."""
    os.kill(os.getpid(), signal.SIGSEGV)


@bridge_method
def slow_after(params):
    """Runs the real method params["method"] with params["params"], then sleeps params["seconds"]: what it changed in
    the replay is settled when the whole request ends, as for a long call."""
    result = replay.dispatch(params["method"], params["params"])
    time.sleep(float(params.get("seconds", 1)))
    return result


GARBLED = {"next_settle": False}
WRITE_JSON = json.dump


@bridge_method
def garble_next_settle(params):
    """The next answer with "settle" (a change waiting for keep or undo) is written cut short: not JSON."""
    GARBLED["next_settle"] = True
    return {"armed": True}


def garbling_dump(payload, f, **kwargs):
    if GARBLED["next_settle"] and isinstance(payload, dict) and payload.get("settle"):
        GARBLED["next_settle"] = False
        f.write(json.dumps(payload, **kwargs)[:-5])
        return
    WRITE_JSON(payload, f, **kwargs)


json.dump = garbling_dump  # bridge.py writes every answer through json.dump
sys.argv = sys.argv[1:]
if os.environ.get("FRAMESCOPE_FAULT_CRASH_EVERY_CAPTURE"):
    # A runner whose replay is broken (a driver that segfaults on any capture): every call given a capture crashes.
    def crashing(function):
        def call(params):
            if params.get("capture"):
                os.kill(os.getpid(), signal.SIGSEGV)
            return function(params)
        return call
    METHODS.update({name: crashing(f) for name, f in METHODS.items()})

runpy.run_path(BRIDGE, run_name="__main__")
