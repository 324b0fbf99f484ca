package dev.framescope.physics.store;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.util.Map;

/** An inclusive frame range checked against a recording: 1 ≤ start ≤ end ≤ frame count. */
public record FrameRange(long start, long end) {

    public static FrameRange of(RecordingStore store, Long start, Long end) {
        requireFrames(store);
        long n = store.frameCount();
        long s = start == null ? 1 : start;
        long e = end == null ? n : end;
        if (s < 1 || s > n) {
            throw ToolException.invalidArgument("start_frame", "a frame id from 1 to " + n, s);
        }
        if (e < s || e > n) {
            throw ToolException.invalidArgument("end_frame", "a frame id from start_frame (" + s + ") to " + n, e);
        }
        return new FrameRange(s, e);
    }

    public static long frame(RecordingStore store, String param, long frame) {
        requireFrames(store);
        if (frame < 1 || frame > store.frameCount()) {
            throw ToolException.invalidArgument(param, "a frame id from 1 to " + store.frameCount()
                    + " (frame id = step number)", frame);
        }
        return frame;
    }

    /** A recording without frames has nothing to check: say so, rather than blame a parameter never passed. */
    public static void requireFrames(RecordingStore store) {
        if (store.frameCount() == 0) {
            throw new ToolException(ErrorCode.FAILED_PRECONDITION, "Recording '" + store.path() + "' has 0 frames "
                    + "(SimulationFrameRecord is empty): the simulation recorded no step, so there is no frame to "
                    + "read or check. open_recording still lists its bodies.", Map.of("path", store.path().toString(),
                    "total_frames", 0));
        }
    }

    public boolean contains(long frame) {
        return frame >= start && frame <= end;
    }
}
