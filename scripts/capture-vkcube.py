"""Captures frame 5 of Debian's vkcube (vulkan-tools), an unmodified third-party Vulkan program with a swapchain,
through RenderDoc's target control, for a fixture no FrameScope author drew. Run with Debian's /usr/bin/python3
under an X server (xvfb-run); prints the capture's path.
    xvfb-run -a /usr/bin/python3 scripts/capture-vkcube.py <path template>
"""
import sys
import time

import renderdoc as rd

FRAME = 5


def main(template):
    options = rd.GetDefaultCaptureOptions()
    # --c 40: vkcube draws 40 frames and exits, so a run that never connects still ends
    run = rd.ExecuteAndInject("/usr/bin/vkcube", "", "--c 40", [], template, options, False)
    if run.result.code != rd.ResultCode.Succeeded:
        sys.exit("capture-vkcube: vkcube did not start under RenderDoc: %s" % run.result.Message())
    control = rd.CreateTargetControl("", run.ident, "framescope-make-captures", True)
    if control is None:
        sys.exit("capture-vkcube: no target control connection to vkcube")
    try:
        control.QueueCapture(FRAME, 1)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            message = control.ReceiveMessage(None)
            if message.type == rd.TargetControlMessageType.NewCapture:
                print(message.newCapture.path)
                return
            if message.type == rd.TargetControlMessageType.Disconnected:
                break
        sys.exit("capture-vkcube: vkcube ended without a capture of frame %d" % FRAME)
    finally:
        control.Shutdown()


if __name__ == "__main__":
    main(sys.argv[1])
