"""Captures one frame of a running program through RenderDoc's target control, as a person does from RenderDoc's UI
(the frame runs from one present or swap to the next, unlike an in-application StartFrameCapture/EndFrameCapture).
FRAME is the frame number to queue, or `next` to trigger the next frame whenever the connection is made (for a
program that draws until it has been captured). Run with Debian's /usr/bin/python3 under an X server (xvfb-run);
prints the capture's path.
    xvfb-run -a /usr/bin/python3 scripts/capture-frame.py FRAME TEMPLATE PROGRAM [ARGUMENT ...]
    e.g. scripts/capture-frame.py 5 target/captures-build/vkcube /usr/bin/vkcube --c 40
"""
import shlex
import sys
import time

import renderdoc as rd


def main(frame, template, program, arguments):
    name = program.rsplit("/", 1)[-1]
    options = rd.GetDefaultCaptureOptions()
    run = rd.ExecuteAndInject(program, "", shlex.join(arguments), [], template, options, False)
    if run.result.code != rd.ResultCode.Succeeded:
        sys.exit("capture-frame: %s did not start under RenderDoc: %s" % (name, run.result.Message()))
    control = rd.CreateTargetControl("", run.ident, "framescope-make-captures", True)
    if control is None:
        sys.exit("capture-frame: no target control connection to %s" % name)
    try:
        if frame == "next":
            control.TriggerCapture(1)
        else:
            control.QueueCapture(int(frame), 1)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            message = control.ReceiveMessage(None)
            if message.type == rd.TargetControlMessageType.NewCapture:
                print(message.newCapture.path)
                return
            if message.type == rd.TargetControlMessageType.Disconnected:
                break
        sys.exit("capture-frame: %s ended without a capture of frame %s" % (name, frame))
    finally:
        control.Shutdown()


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
