package dev.framescope.physics;

import dev.framescope.common.Param;

/**
 * Inputs of the physics tools. Names, parameters and defaults follow the MSD-CPP replay server so prompts written
 * for it keep working; every tool also takes an optional {@code recording} path so a call can stand alone.
 */
public final class PhysicsArgs {

    private PhysicsArgs() {
    }

    static final String RECORDING = "Path of a recording (.db) to use for this call instead of the one "
            + "load_recording made active.";
    static final String FRAME = "Frame id as stored in the recording: 1 ≤ frame_id ≤ total_frames (frame id = step "
            + "number; frame 1 is at t = dt).";
    static final String BODY = "Body id as in get_metadata (inertial bodies' engine instance ids).";
    static final String START = "First frame of the range, inclusive; default 1.";
    static final String END = "Last frame of the range, inclusive; default the last frame.";
    static final String LIMIT = "Most items to return in the preview; count says how many there were.";

    public record RecordingArgs(@Param(RECORDING) String recording) {
    }

    public record ListRecordingsArgs(
            @Param("Directory to list .db recordings in. Default: MSD_RECORDINGS_DIR, FRAMESCOPE_RECORDING_DIRS, "
                    + "replay/recordings/ and build/Debug/debug/recordings/ under the working directory.")
            String directory,
            @Param(value = LIMIT, defaultValue = "100", min = 1, max = 1000) Integer limit) {
        public ListRecordingsArgs {
            limit = limit == null ? 100 : limit;
        }
    }

    public record LoadRecordingArgs(
            @Param(value = "Path of the MSD-CPP recording (.db) to open read-only and make active.", required = true)
            String path) {
    }

    public record FrameArgs(
            @Param(value = FRAME, required = true, min = 1) Long frameId,
            @Param(value = LIMIT + " Applies to collisions and friction rows.", defaultValue = "50", min = 1,
                    max = 500) Integer limit,
            @Param(RECORDING) String recording) {
        public FrameArgs {
            limit = limit == null ? 50 : limit;
        }
    }

    public record BodyFrameArgs(
            @Param(value = BODY, required = true) Long bodyId,
            @Param(value = FRAME, required = true, min = 1) Long frameId,
            @Param(RECORDING) String recording) {
    }

    public record RangeArgs(
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = LIMIT, defaultValue = "200", min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording) {
        public RangeArgs {
            limit = limit == null ? 200 : limit;
        }
    }

    public record BodyRangeArgs(
            @Param(value = BODY, required = true) Long bodyId,
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = LIMIT, defaultValue = "200", min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording) {
        public BodyRangeArgs {
            limit = limit == null ? 200 : limit;
        }
    }

    public record AnomalyArgs(
            @Param(value = "Joules: a frame is listed when its energy change, after subtracting the integrator's "
                    + "expected free-fall loss, exceeds this in magnitude (injections also beyond the "
                    + "position-correction allowance).", defaultValue = "1.0", min = 0) Double threshold,
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = LIMIT, defaultValue = "50", min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording) {
        public AnomalyArgs {
            threshold = threshold == null ? 1.0 : threshold;
            limit = limit == null ? 50 : limit;
        }
    }

    public record FrictionConeArgs(
            @Param(value = FRAME, required = true, min = 1) Long frameId,
            @Param(BODY + " Only friction rows involving this body; default all.") Long bodyId,
            @Param(value = "Relative margin ε_rel of the cone test |λt| ≤ μ·λn·(1 + ε_rel) + ε_abs (MSD-CPP uses "
                    + "0.01).", defaultValue = "0.01", min = 0, max = 1) Double relativeTolerance,
            @Param(value = "Absolute margin ε_abs in newtons.", defaultValue = "1.0E-9", min = 0)
            Double absoluteToleranceN,
            @Param(RECORDING) String recording) {
        public FrictionConeArgs {
            relativeTolerance = relativeTolerance == null ? 0.01 : relativeTolerance;
            absoluteToleranceN = absoluteToleranceN == null ? 1e-9 : absoluteToleranceN;
        }
    }

    public record PenetrationArgs(
            @Param(value = FRAME, required = true, min = 1) Long frameId,
            @Param(value = "Metres: pairs whose deepest overlap exceeds this are flagged.", defaultValue = "0.01",
                    min = 0) Double threshold,
            @Param(RECORDING) String recording) {
        public PenetrationArgs {
            threshold = threshold == null ? 0.01 : threshold;
        }
    }
}
