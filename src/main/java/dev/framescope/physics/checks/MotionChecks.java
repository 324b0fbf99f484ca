package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.physics.checks.PhysicsArgs.CompareArgs;
import dev.framescope.physics.checks.PhysicsArgs.NonfiniteArgs;
import dev.framescope.physics.checks.PhysicsArgs.RestingArgs;
import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.BodyMetadata;
import dev.framescope.physics.store.Quat;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.StateSeries.State;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Checks on body motion: comparing two frames, resting contact over a window, non-finite state. */
public final class MotionChecks {

    private final Recordings recordings;

    public MotionChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    /** {@code velocityCheck}: Δv against the recorded acceleration and gravity (see {@link VelocityChanges}). */
    public record Comparison(int schemaVersion, String summary, long bodyId, long frameA, long frameB,
                             Vec3 positionDelta, double displacementM, Vec3 velocityDelta, double speedAMPerS,
                             double speedBMPerS, double speedChangeMPerS, double angularSpeedARadS,
                             double angularSpeedBRadS, double rotationAngleRad, VelocityChanges.Check velocityCheck) {
    }

    public Comparison compare(CompareArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return compare(lease.store(), args);
        }
    }

    private static Comparison compare(RecordingStore store, CompareArgs args) {
        // check_recording's start_frame and end_frame (frame_a and frame_b of compare_body_across_frames): a motion
        // runs forwards, as every other range does.
        FrameRange range = FrameRange.of(store, args.frameA(), args.frameB());
        long a = range.start();
        long b = range.end();
        State sa = stateOf(store, args.bodyId(), a);
        State sb = stateOf(store, args.bodyId(), b);
        Vec3 dp = sb.position().minus(sa.position());
        Vec3 dv = sb.velocity().minus(sa.velocity());
        Quat relative = new Quat(sa.orientation().w(), -sa.orientation().x(), -sa.orientation().y(),
                -sa.orientation().z()).times(sb.orientation());
        double angle = 2 * Math.acos(Math.min(1, Math.abs(relative.w() / relative.norm())));
        double speedA = sa.velocity().norm();
        double speedB = sb.velocity().norm();
        VelocityChanges.Check check = VelocityChanges.between(store, args.bodyId(), a, b,
                args.velocityJumpTolerance());
        boolean nulls = !Double.isFinite(dp.norm() + speedA + speedB + angle);
        return new Comparison(RecordingQueries.SCHEMA_VERSION, String.format("Body %d from frame %d to %d: moved "
                        + "%s, speed %s → %s, rotated %s; Δv %s.%s", args.bodyId(), a, b, Findings.metres(dp.norm()),
                Findings.quantity(speedA, "m/s"), Findings.quantity(speedB, "m/s"), Findings.quantity(angle, "rad"),
                check.verdict(), nulls ? " NULL: not finite in the recording (stored as NULL) or computed from such a value."
                : ""), args.bodyId(), a, b, dp, dp.norm(), dv,
                speedA, speedB, speedB - speedA,
                sa.omega().norm(), sb.omega().norm(), angle, check);
    }

    private static State stateOf(RecordingStore store, long body, long frame) {
        BodyIds.requireInertial(store, "body_id", body);
        State state = store.stateSeries().at(body, frame);
        if (state == null) {
            throw RecordingQueries.bodyNotFound(store, body, frame);
        }
        return state;
    }

    /**
     * One body in contact at the judged frame, judged only on frames in contact (see {@link RestingContact}).
     * {@code state}: resting, sliding, rolling, bouncing, jitter or moving; {@code resting} = state is resting. Over the frames
     * of the window in contact: {@code framesInContact}, {@code maxSpeedMPerS}, {@code maxAngularSpeedRadS},
     * {@code firstMovingFrame}. {@code creepM} = displacement from {@code restSinceFrame} to the judged frame (0 when
     * moving is judged instead).
     */
    public record RestingBody(long bodyId, int framesInContact, int windowFrames, double maxSpeedMPerS,
                              double maxAngularSpeedRadS, double creepM, Long firstMovingFrame, boolean resting,
                              String state, Long restSinceFrame, int restFrames, double speedMPerS,
                              double angularSpeedRadS, RestingContact.Motion motion) {
    }

    public record RestingReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                double velocityThreshold, double angularVelocityThreshold, int bodiesInContact,
                                int notResting, List<RestingBody> bodies, String rule) {
    }

    public RestingReport resting(RestingArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return resting(lease.store(), args);
        }
    }

    private static RestingReport resting(RecordingStore store, RestingArgs args) {
        long end = FrameRange.frame(store, "frame_id", args.frameId());
        long start = Math.max(1, end - args.windowFrames() + 1);
        RestingContact.Rules rules = new RestingContact.Rules(args.velocityThreshold(),
                args.angularVelocityThreshold(), args.windowFrames());
        List<RestingBody> bodies = new ArrayList<>();
        for (long body : store.contactSeries().inertialInContact(end).stream().sorted().toList()) {
            bodies.add(restingBody(store, body, start, end, rules));
        }
        long moving = bodies.stream().filter(b -> !b.resting()).count();
        String summary = bodies.isEmpty() ? "No inertial body is in contact at frame " + end + "."
                : "Frame " + end + ": " + String.join("; ", bodies.stream().limit(10).map(MotionChecks::describe)
                .toList()) + (bodies.size() > 10 ? "; …" : "") + ".";
        return new RestingReport(RecordingQueries.SCHEMA_VERSION, summary, start, end, args.velocityThreshold(),
                args.angularVelocityThreshold(), bodies.size(), (int) moving, bodies, "at rest: in contact with |v| ≤ "
                + "velocity_threshold and |ω| ≤ angular_velocity_threshold; jitter: ≥ "
                + RestingContact.JITTER_REVERSALS + " velocity reversals in the window and net displacement < "
                + RestingContact.JITTER_NET_SHARE + " × path; sliding: no reversal and contact-point slip > "
                + "velocity_threshold; bouncing: moving along the contact normal faster than velocity_threshold and "
                + "than the contact point slips (an impact or a bounce); rolling: no reversal and slip ≤ "
                + "velocity_threshold; moving: none of these, or a moving run only one frame old");
    }

    static RestingBody restingBody(RecordingStore store, long body, long start, long end, RestingContact.Rules rules) {
        RestingContact.Verdict verdict = RestingContact.judge(store, body, end, rules);
        int inContact = 0;
        double maxSpeed = 0;
        double maxOmega = 0;
        Long firstMoving = null;
        for (long f = start; f <= end; f++) {
            State s = store.stateSeries().at(body, f);
            if (s == null || !store.contactSeries().inContact(body, f)) {
                continue; // frames out of contact (a fall, a bounce) say nothing about resting
            }
            inContact++;
            maxSpeed = Math.max(maxSpeed, s.velocity().norm());
            maxOmega = Math.max(maxOmega, s.omega().norm());
            if (firstMoving == null && !RestingContact.atRest(store.stateSeries(), store.contactSeries(), body, f,
                    rules)) {
                firstMoving = f;
            }
        }
        double creep = 0;
        if (verdict.resting()) {
            creep = store.stateSeries().at(body, end).position()
                    .minus(store.stateSeries().at(body, verdict.restSinceFrame()).position()).norm();
        }
        return new RestingBody(body, inContact, (int) (end - start + 1), maxSpeed, maxOmega, creep, firstMoving,
                verdict.resting(), verdict.state(), verdict.restSinceFrame(), verdict.restFrames(),
                verdict.speedMPerS(), verdict.angularSpeedRadS(), verdict.motion());
    }

    private static String describe(RestingBody b) {
        RestingContact.Motion m = b.motion();
        if (b.resting()) {
            return "body " + b.bodyId() + " at rest since frame " + b.restSinceFrame() + " (" + b.restFrames()
                    + " frames, creep " + Findings.metres(b.creepM()) + ")";
        }
        if (m == null) {
            return "body " + b.bodyId() + " has no state row";
        }
        if (m.frames() == 1 && b.state().equals("moving")) {
            return "body " + b.bodyId() + " moving in contact since frame " + m.firstFrame() + " (1 frame: too "
                    + "short to tell jitter, sliding or rolling; |v| = " + Findings.quantity(b.speedMPerS(), "m/s")
                    + ", |ω| = " + Findings.quantity(b.angularSpeedRadS(), "rad/s") + "), not at rest";
        }
        String numbers = switch (b.state()) {
            case "jitter" -> m.reversals() + " velocity reversals in frames " + m.classifiedFromFrame() + "–"
                    + (m.firstFrame() + m.frames() - 1) + ", net " + Findings.metres(m.netDisplacementM()) + " over a "
                    + Findings.metres(m.pathLengthM()) + " path";
            case "sliding" -> "contact-point slip " + Findings.number(m.slipSpeedFirstMPerS()) + " → "
                    + Findings.number(m.slipSpeedLastMPerS()) + " m/s in frames " + m.classifiedFromFrame() + "–"
                    + (m.firstFrame() + m.frames() - 1) + (m.slipDecelerationMPerS2() == null ? ""
                    : ", deceleration " + Findings.quantity(m.slipDecelerationMPerS2(), "m/s²"));
            case "rolling" -> "moving at " + Findings.quantity(b.speedMPerS(), "m/s") + " without slip";
            case "bouncing" -> "moving at " + Findings.quantity(m.normalSpeedMPerS(), "m/s") + " along the contact normal, "
                    + "contact-point slip " + (m.slipSpeedLastMPerS() == null ? "not known"
                    : Findings.quantity(m.slipSpeedLastMPerS(), "m/s"));
            default -> m.reversals() + " velocity reversal(s), |v| = " + Findings.quantity(b.speedMPerS(), "m/s")
                    + ", |ω| = " + Findings.quantity(b.angularSpeedRadS(), "rad/s");
        };
        return "body " + b.bodyId() + " " + b.state() + " in contact since frame " + m.firstFrame() + " (" + numbers
                + "), not at rest";
    }

    /**
     * A body whose stored state turns non-finite, or whose orientation is not a unit quaternion, on
     * {@code framesAffected} frames from {@code firstFrame} to {@code lastFrame}. For quaternions,
     * {@code quaternionNormError} is the largest | |q| − 1 | and {@code quaternionNorm} the |q| it was seen with.
     */
    public record NonfiniteFinding(long bodyId, long firstFrame, String field, String kind, int framesAffected,
                                   Double quaternionNormError, long lastFrame, Double quaternionNorm,
                                   Long worstFrame) {
        /** "at frame 150" for one frame, "on 3 frames in 150–152" for several. */
        String frames() {
            return framesAffected == 1 ? "at frame " + firstFrame
                    : "on " + framesAffected + " frames in " + firstFrame + "–" + lastFrame;
        }
    }

    public record NonfiniteReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                  double quaternionTolerance, Bounded<NonfiniteFinding> findings) {
    }

    public NonfiniteReport nonfinite(NonfiniteArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return nonfinite(lease.store(), args);
        }
    }

    private static NonfiniteReport nonfinite(RecordingStore store, NonfiniteArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        List<NonfiniteFinding> findings = scanNonfinite(store, range, args.quaternionTolerance());
        String summary = findings.isEmpty() ? "All states finite with unit quaternions in frames " + range.start()
                + "–" + range.end() + "."
                : findings.size() + " finding(s); first: body " + findings.get(0).bodyId() + " " + findings.get(0)
                .field() + " " + findings.get(0).kind() + " " + findings.get(0).frames() + ".";
        return new NonfiniteReport(RecordingQueries.SCHEMA_VERSION, summary, range.start(), range.end(),
                args.quaternionTolerance(), Bounded.of(findings, args.limit()));
    }

    /** NULL columns are NaN here: cpp_sqlite writes NaN as NULL, so "null or NaN" is one finding. */
    static List<NonfiniteFinding> scanNonfinite(RecordingStore store, FrameRange range, double quaternionTolerance) {
        List<NonfiniteFinding> findings = new ArrayList<>();
        StateSeries series = store.stateSeries();
        List<Long> inertial = store.bodies().stream().filter(b -> !b.isEnvironment()).map(BodyMetadata::bodyId)
                .toList();
        for (long body : inertial) {
            for (String field : new String[] {"velocity", "position", "orientation", "angular_velocity"}) {
                nonfinite(series.of(body), body, field, range).ifPresent(findings::add);
            }
            nonUnitQuaternion(series.of(body), body, range, quaternionTolerance).ifPresent(findings::add);
        }
        findings.sort((x, y) -> Long.compare(x.firstFrame(), y.firstFrame()));
        return findings;
    }

    /** The body's frames in the range where {@code field} is NaN, ±Inf or NULL: first, last, how many, first kind. */
    private static Optional<NonfiniteFinding> nonfinite(List<State> states, long body, String field,
                                                        FrameRange range) {
        long first = -1;
        long last = -1;
        int count = 0;
        String kind = null;
        for (State s : states) {
            String problem = range.contains(s.frame()) ? problem(s, field) : null;
            if (problem != null) {
                count++;
                last = s.frame();
                if (first < 0) {
                    first = s.frame();
                    kind = problem;
                }
            }
        }
        return first < 0 ? Optional.empty()
                : Optional.of(new NonfiniteFinding(body, first, field, kind, count, null, last, null, null));
    }

    /** The body's frames whose finite orientation is off unit length by more than the tolerance, with the worst. */
    private static Optional<NonfiniteFinding> nonUnitQuaternion(List<State> states, long body, FrameRange range,
                                                                double tolerance) {
        State worst = null;
        long first = -1;
        long last = -1;
        int count = 0;
        for (State s : states) {
            double error = Math.abs(s.orientation().norm() - 1);
            if (range.contains(s.frame()) && Double.isFinite(error) && error > tolerance) {
                count++;
                first = first < 0 ? s.frame() : first;
                last = s.frame();
                if (worst == null || error > Math.abs(worst.orientation().norm() - 1)) {
                    worst = s;
                }
            }
        }
        if (worst == null) {
            return Optional.empty();
        }
        double norm = worst.orientation().norm();
        return Optional.of(new NonfiniteFinding(body, first, "orientation", "non-unit quaternion", count,
                Math.abs(norm - 1), last, norm, worst.frame()));
    }

    private static String problem(State s, String field) {
        return switch (field) {
            case "velocity" -> kind(s.velocity().x(), s.velocity().y(), s.velocity().z());
            case "position" -> kind(s.position().x(), s.position().y(), s.position().z());
            case "orientation" -> kind(s.orientation().w(), s.orientation().x(), s.orientation().y(),
                    s.orientation().z());
            default -> kind(s.omega().x(), s.omega().y(), s.omega().z());
        };
    }

    private static String kind(double... values) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                return "NaN (stored as NULL)";
            }
            if (Double.isInfinite(v)) {
                return "Inf";
            }
        }
        return null;
    }
}
