package dev.framescope.physics.checks;

import dev.framescope.common.Param;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;

/**
 * Inputs of the physics tools, and of each check behind {@code check_recording} ({@code CheckArgs} builds those).
 * Names, parameters and defaults follow the MSD-CPP replay server so prompts written for it keep working (through
 * the older names' aliases); every tool also takes an optional {@code recording} path so a call can stand alone.
 */
public final class PhysicsArgs {

    private PhysicsArgs() {
    }

    public static final String RECORDING = "Recording (.db) path; default the active one.";
    public static final String FRAME = "Frame id = step number (frame 1 is at t = dt).";
    static final String BODY = "Inertial body id (open_recording lists them).";
    public static final String START = "First frame, inclusive; default 1.";
    public static final String END = "Last frame, inclusive; default the last.";
    static final String LIMIT = "Most items listed.";

    public record RecordingArgs(@Param(RECORDING) String recording) {
    }

    public record ListRecordingsArgs(
            @Param("Directory to list; default the recording folders and the folders under the working directory "
                    + "that hold .db files.")
            String directory,
            @Param(value = "Most recordings listed, over all folders.", min = 1, max = 1000) Integer limit) {
        public ListRecordingsArgs {
            limit = limit == null ? 100 : limit;
        }
    }

    public record FrameArgs(
            @Param(value = FRAME, required = true, min = 1) Long frameId,
            @Param(value = "Only this body: its state with |v| and |ω| instead of every state, and only the rows "
                    + "involving it; an environment id (bit 31) has rows but no state.")
            Long bodyId,
            @Param(value = "Most items per list.", min = 1, max = 500)
            Integer limit,
            @Param(RECORDING) String recording,
            @Param(value = "Items of each list to skip; pass next_offset.", min = 0) Integer offset) {
        public FrameArgs {
            limit = limit == null ? 16 : limit;
            offset = offset == null ? 0 : offset;
        }
    }

    public record RangeArgs(
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = LIMIT, min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording) {
        public RangeArgs {
            limit = limit == null ? 200 : limit;
        }
    }

    static final String POINTS = "Most per-frame points; a longer range comes in buckets unless full_resolution.";
    static final String BUCKETS = "Most buckets (min/max envelopes) for a long range.";
    static final String FULL = "Every frame instead of buckets, in pages of limit frames.";

    /** One body's energy series with {@code body_id}, else the whole system's. */
    public record EnergySeriesArgs(
            @Param("This inertial body's energy; default the whole system's.") Long bodyId,
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = POINTS, min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording,
            // A bucket's JSON is at most ~510 bytes (sixteen-character numbers, seven-digit frames): 120 of them and the
            // summary fit the tool's 64 KiB budget, 500 (the old bound) never did.
            @Param(value = BUCKETS, min = 1, max = 120) Integer maxBuckets,
            @Param(FULL) Boolean fullResolution) {
        public EnergySeriesArgs {
            limit = limit == null ? 100 : limit;
            maxBuckets = maxBuckets == null ? 50 : maxBuckets;
            fullResolution = fullResolution != null && fullResolution;
        }
    }

    public static final String LAMBDA_UNIT = "λ unit in friction rows: 'auto' measures force (N) or impulse (N·s) from the "
            + "recording.";

    public record AnomalyArgs(
            @Param(value = "Joules beyond the allowances for a frame to be listed.", min = 0) Double threshold,
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = LIMIT, min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording,
            @Param("Also list the losses the contact bound explains (kind 'expected_loss'), last.") Boolean includeExpected,
            @Param(LAMBDA_UNIT) LambdaUnit lambdaUnit) {
        public AnomalyArgs {
            threshold = threshold == null ? 1.0 : threshold;
            limit = limit == null ? 50 : limit;
            includeExpected = includeExpected != null && includeExpected;
            lambdaUnit = lambdaUnit == null ? LambdaUnit.auto : lambdaUnit;
        }
    }

    public record FrictionConeArgs(
            @Param(value = FRAME, required = true, min = 1) Long frameId,
            @Param("Only friction rows of this body; default all.") Long bodyId,
            @Param(value = "ε_rel of the test |λt| ≤ μ·λn·(1 + ε_rel) + ε_abs (MSD-CPP uses 0.01).", min = 0, max = 1) Double relativeTolerance,
            @Param(value = "Absolute margin ε_abs in newtons.", min = 0)
            Double absoluteToleranceN,
            @Param(RECORDING) String recording,
            @Param(value = "Most rows listed (~0.7 KB each).", min = 1,
                    max = 500) Integer limit) {
        public FrictionConeArgs {
            relativeTolerance = relativeTolerance == null ? 0.01 : relativeTolerance;
            absoluteToleranceN = absoluteToleranceN == null ? 1e-9 : absoluteToleranceN;
            limit = limit == null ? 30 : limit;
        }
    }

    public record PenetrationArgs(
            @Param(value = FRAME, required = true, min = 1) Long frameId,
            @Param(value = "Metres: deeper overlaps are flagged.", min = 0) Double threshold,
            @Param(RECORDING) String recording) {
        public PenetrationArgs {
            threshold = threshold == null ? 0.01 : threshold;
        }
    }

    public static final String JUMP_TOLERANCE = "m/s: Δv out of contact beyond acceleration·dt by more is a jump.";

    public record CompareArgs(
            @Param(value = BODY, required = true) Long bodyId,
            @Param(value = "First frame id to compare; default 1.", min = 1) Long frameA,
            @Param(value = "Second frame id to compare; default the last.", min = 1) Long frameB,
            @Param(RECORDING) String recording,
            @Param(value = JUMP_TOLERANCE, min = 0) Double velocityJumpTolerance) {
        public CompareArgs {
            velocityJumpTolerance = velocityJumpTolerance == null ? 0.001 : velocityJumpTolerance;
        }
    }

    public static final String CHATTER_WINDOW = "Frames: one-frame contact gaps closer than this are chatter.";
    public static final String JUMP_ANGLE = "Degrees a contact normal may turn between frames before it is a jump.";

    public record ContactHistoryArgs(
            @Param(value = "One body of the pair (inertial or environment id).", required = true) Long bodyAId,
            @Param(value = "The other body; normals are reported from body_a_id to body_b_id.",
                    required = true) Long bodyBId,
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = "Most per-frame rows listed.", min = 1, max = 5000)
            Integer limit,
            @Param(RECORDING) String recording,
            @Param(value = CHATTER_WINDOW, min = 2, max = 10000) Integer chatterWindowFrames,
            @Param(value = JUMP_ANGLE, min = 0, max = 180) Double normalJumpAngleDeg) {
        public ContactHistoryArgs {
            limit = limit == null ? 100 : limit;
            chatterWindowFrames = chatterWindowFrames == null ? ContactHistory.CHATTER_WINDOW : chatterWindowFrames;
            normalJumpAngleDeg = normalJumpAngleDeg == null ? ContactHistory.JUMP_ANGLE_DEG : normalJumpAngleDeg;
        }
    }

    public record RestingArgs(
            @Param(value = "Frame id at which bodies in contact are judged.", required = true, min = 1)
            Long frameId,
            @Param(value = "m/s: a body is moving when |v| exceeds this.", min = 0)
            Double velocityThreshold,
            @Param(value = "rad/s: a body is rotating when |ω| exceeds this.", min = 0)
            Double angularVelocityThreshold,
            @Param(value = "Frames up to frame_id over which motion is classified.",
                    min = 1, max = 10000) Integer windowFrames,
            @Param(RECORDING) String recording) {
        public RestingArgs {
            velocityThreshold = velocityThreshold == null ? 0.01 : velocityThreshold;
            angularVelocityThreshold = angularVelocityThreshold == null ? 0.01 : angularVelocityThreshold;
            windowFrames = windowFrames == null ? 31 : windowFrames;
        }
    }

    public record RestitutionArgs(
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = "m/s slack on u⁺ ≤ −e·u⁻ + tolerance; default |g|·dt.", min = 0) Double tolerance,
            @Param(value = "m/s: slower approaches are resting contacts (MSD-CPP 0.5).", min = 0) Double restVelocity,
            @Param(value = LIMIT, min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording) {
        public RestitutionArgs {
            tolerance = tolerance == null ? 0.157 : tolerance;
            restVelocity = restVelocity == null ? 0.5 : restVelocity;
            limit = limit == null ? 50 : limit;
        }
    }

    public record MomentumArgs(
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = "kg·m/s: largest |J_A←B + J_B←A| accepted for a pair.", min = 0) Double tolerance,
            @Param(value = LIMIT, min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording,
            @Param(LAMBDA_UNIT) LambdaUnit lambdaUnit) {
        public MomentumArgs {
            tolerance = tolerance == null ? 1e-6 : tolerance;
            limit = limit == null ? 50 : limit;
            lambdaUnit = lambdaUnit == null ? LambdaUnit.auto : lambdaUnit;
        }
    }

    public record NonfiniteArgs(
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = "Largest accepted | |q| − 1 |.", min = 0) Double quaternionTolerance,
            @Param(value = LIMIT, min = 1, max = 5000) Integer limit,
            @Param(RECORDING) String recording) {
        public NonfiniteArgs {
            quaternionTolerance = quaternionTolerance == null ? 1e-6 : quaternionTolerance;
            limit = limit == null ? 50 : limit;
        }
    }

    public record PlotArgs(
            @Param("Plot this body's energy; default the system's.") Long bodyId,
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame,
            @Param(value = "Image width in pixels.", min = 200, max = 1600) Integer width,
            @Param(value = "Image height in pixels.", min = 150, max = 1000) Integer height,
            @Param(value = "Joules: injections above this are marked.", min = 0) Double threshold,
            @Param(RECORDING) String recording) {
        public PlotArgs {
            width = width == null ? 800 : width;
            height = height == null ? 400 : height;
            threshold = threshold == null ? 1.0 : threshold;
        }
    }

    public record TriageArgs(
            @Param(value = "Joules, as check_recording's energy check.", min = 0) Double energyThreshold,
            @Param(value = "Metres: a deeper, growing overlap is sinking.", min = 0) Double penetrationThreshold,
            @Param(value = "Metres of overlap a resting contact may keep (slop).", min = 0) Double slopM,
            @Param(value = "m/s: moving when |v| exceeds this.", min = 0) Double velocityThreshold,
            @Param(value = "Most anomalies returned.", min = 1, max = 200)
            Integer limit,
            @Param(RECORDING) String recording,
            @Param(value = "rad/s: rotating when |ω| exceeds this.", min = 0) Double angularVelocityThreshold,
            @Param(value = CHATTER_WINDOW, min = 2, max = 10000)
            Integer chatterWindowFrames,
            @Param(value = JUMP_ANGLE, min = 0, max = 180)
            Double normalJumpAngleDeg,
            @Param(value = "Frames an overlap beyond slop_m must last to be STEADY_PENETRATION.", min = 1, max = 10000)
            Integer steadyOverlapMinFrames,
            @Param(value = "Frames a body in contact may jitter at the end before NOT_AT_REST.", min = 1, max = 10000) Integer restWindowFrames,
            @Param(value = JUMP_TOLERANCE, min = 0) Double velocityJumpTolerance,
            @Param(value = START, min = 1) Long startFrame,
            @Param(value = END, min = 1) Long endFrame) {
        public TriageArgs {
            energyThreshold = energyThreshold == null ? 1.0 : energyThreshold;
            penetrationThreshold = penetrationThreshold == null ? 0.01 : penetrationThreshold;
            slopM = slopM == null ? EnergyChecks.SLOP_M : slopM;
            velocityThreshold = velocityThreshold == null ? 0.01 : velocityThreshold;
            limit = limit == null ? 20 : limit;
            angularVelocityThreshold = angularVelocityThreshold == null ? 0.01 : angularVelocityThreshold;
            chatterWindowFrames = chatterWindowFrames == null ? ContactHistory.CHATTER_WINDOW : chatterWindowFrames;
            normalJumpAngleDeg = normalJumpAngleDeg == null ? ContactHistory.JUMP_ANGLE_DEG : normalJumpAngleDeg;
            steadyOverlapMinFrames = steadyOverlapMinFrames == null ? 10 : steadyOverlapMinFrames;
            restWindowFrames = restWindowFrames == null ? 31 : restWindowFrames;
            velocityJumpTolerance = velocityJumpTolerance == null ? 0.001 : velocityJumpTolerance;
        }
    }
}
