"""The bridge's methods by name, and how a method reads what FrameScope's server sent it.

A method is registered where it is defined, under its function's name, which is the name of the tool it answers
(`@bridge_method` above `def get_frame_digest(params)`); replay.py imports the modules that define them and
dispatches through METHODS. The supervisor's tests register their own from a module of their own.

Every parameter the tool's input record defaults (RenderDocArgs) is sent by the server, so a method reads it with
`required` and never says the default a second time; only parameters that may be absent (an optional event_id, a
texture) are read with params.get, where None means "not given".
"""
from replay_core import BridgeError

METHODS = {}


def bridge_method(function):
    """Registers `function` as the bridge method of its name; a second method of one name is a bug."""
    name = function.__name__
    if name in METHODS:
        raise ValueError("two bridge methods named %s" % name)
    METHODS[name] = function
    return function


def required(params, name):
    """params[name], which the server always sends (its input record sets the default); a clear error otherwise."""
    value = params.get(name)
    if value is None:
        raise BridgeError("INVALID_ARGUMENT", "parameter %s was not sent: the server sends every parameter its tool "
                          "defaults, so this request did not come through a tool's input record" % name,
                          parameter=name)
    return value
