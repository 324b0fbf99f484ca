package dev.framescope.physics;

import dev.framescope.common.Bounded;
import dev.framescope.physics.PhysicsArgs.CompareArgs;
import dev.framescope.physics.PhysicsArgs.NonfiniteArgs;
import dev.framescope.physics.PhysicsArgs.RestingArgs;
import dev.framescope.physics.PhysicsModel.BodyMetadata;
import dev.framescope.physics.StateSeries.State;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Checks on body motion: comparing two frames, resting contact over a window, non-finite state. */
public final class MotionChecks {

    private final Recordings recordings;

    public MotionChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    public record Comparison(int schemaVersion, String summary, long bodyId, long frameA, long frameB,
                             Vec3 positionDelta, double displacementM, Vec3 velocityDelta, double speedAMPerS,
                             double speedBMPerS, double speedChangeMPerS, double angularSpeedARadS,
                             double angularSpeedBRadS, double rotationAngleRad) {
    }

    public Comparison compare(CompareArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        long a = FrameRange.frame(store, "frame_a", args.frameA());
        long b = FrameRange.frame(store, "frame_b", args.frameB());
        State sa = stateOf(store, args.bodyId(), a);
        State sb = stateOf(store, args.bodyId(), b);
        Vec3 dp = sb.position().minus(sa.position());
        Vec3 dv = sb.velocity().minus(sa.velocity());
        Quat relative = new Quat(sa.orientation().w(), -sa.orientation().x(), -sa.orientation().y(),
                -sa.orientation().z()).times(sb.orientation());
        double angle = 2 * Math.acos(Math.min(1, Math.abs(relative.w() / relative.norm())));
        double speedA = sa.velocity().norm();
        double speedB = sb.velocity().norm();
        return new Comparison(RecordingQueries.SCHEMA_VERSION, String.format("Body %d from frame %d to %d: moved "
                        + "%.4f m, speed %.4f → %.4f m/s, rotated %.4f rad.", args.bodyId(), a, b, dp.norm(), speedA,
                speedB, angle), args.bodyId(), a, b, dp, dp.norm(), dv, speedA, speedB, speedB - speedA,
                sa.omega().norm(), sb.omega().norm(), angle);
    }

    private static State stateOf(RecordingStore store, long body, long frame) {
        State state = store.stateSeries().at(body, frame);
        if (state == null) {
            throw RecordingQueries.bodyNotFound(store, body, frame);
        }
        return state;
    }

    /**
     * One body over the window. {@code resting} = in contact in every frame of the window, |v| ≤ velocity
     * threshold and |ω| ≤ angular threshold in every frame. {@code creepM} = displacement from the first to the
     * last frame of the window.
     */
    public record RestingBody(long bodyId, int framesInContact, int windowFrames, double maxSpeedMPerS,
                              double maxAngularSpeedRadS, double creepM, Long firstMovingFrame, boolean resting) {
    }

    public record RestingReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                double velocityThreshold, double angularVelocityThreshold, int bodiesInContact,
                                int notResting, List<RestingBody> bodies) {
    }

    public RestingReport resting(RestingArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        long end = FrameRange.frame(store, "frame_id", args.frameId());
        long start = Math.max(1, end - args.windowFrames() + 1);
        List<RestingBody> bodies = restingBodies(store, start, end, args.velocityThreshold(),
                args.angularVelocityThreshold());
        long moving = bodies.stream().filter(b -> !b.resting()).count();
        String summary = bodies.isEmpty() ? "No inertial body is in contact at frame " + end + "."
                : String.format("Frames %d–%d: %d of %d bodies in contact are not at rest%s.", start, end, moving,
                bodies.size(), moving == 0 ? "" : " (" + bodies.stream().filter(b -> !b.resting())
                        .map(b -> String.valueOf(b.bodyId())).reduce((x, y) -> x + ", " + y).orElse("") + ")");
        return new RestingReport(RecordingQueries.SCHEMA_VERSION, summary, start, end, args.velocityThreshold(),
                args.angularVelocityThreshold(), bodies.size(), (int) moving, bodies);
    }

    /** Inertial bodies in contact at {@code end} (environment ids, bit 31, are never bodies to rest). */
    static List<RestingBody> restingBodies(RecordingStore store, long start, long end, double vMax, double wMax) {
        ContactSeries contacts = store.contactSeries();
        Set<Long> atEnd = contacts.inertialInContact(end);
        List<RestingBody> result = new ArrayList<>();
        for (long body : atEnd.stream().sorted().toList()) {
            int inContact = 0;
            double maxSpeed = 0;
            double maxOmega = 0;
            Long firstMoving = null;
            for (long f = start; f <= end; f++) {
                if (contacts.inContact(body, f)) {
                    inContact++;
                }
                State s = store.stateSeries().at(body, f);
                if (s == null) {
                    continue;
                }
                double speed = s.velocity().norm();
                double omega = s.omega().norm();
                maxSpeed = Math.max(maxSpeed, speed);
                maxOmega = Math.max(maxOmega, omega);
                if ((!(speed <= vMax) || !(omega <= wMax)) && firstMoving == null) {
                    firstMoving = f;
                }
            }
            State first = store.stateSeries().at(body, start);
            State last = store.stateSeries().at(body, end);
            double creep = first == null || last == null ? Double.NaN
                    : last.position().minus(first.position()).norm();
            int window = (int) (end - start + 1);
            result.add(new RestingBody(body, inContact, window, maxSpeed, maxOmega, creep, firstMoving,
                    inContact == window && firstMoving == null));
        }
        return result;
    }

    /** A body whose stored state first turns non-finite, or whose orientation stops being a unit quaternion. */
    public record NonfiniteFinding(long bodyId, long firstFrame, String field, String kind, int framesAffected,
                                   Double quaternionNormError) {
    }

    public record NonfiniteReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                  double quaternionTolerance, Bounded<NonfiniteFinding> findings) {
    }

    public NonfiniteReport nonfinite(NonfiniteArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        List<NonfiniteFinding> findings = scanNonfinite(store, range, args.quaternionTolerance());
        String summary = findings.isEmpty() ? "All states finite with unit quaternions in frames " + range.start()
                + "–" + range.end() + "."
                : findings.size() + " finding(s); first: body " + findings.get(0).bodyId() + " " + findings.get(0)
                .field() + " " + findings.get(0).kind() + " at frame " + findings.get(0).firstFrame() + ".";
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
            String[] fields = {"velocity", "position", "orientation", "angular_velocity"};
            for (String field : fields) {
                long first = -1;
                int count = 0;
                String kind = null;
                for (State s : series.of(body)) {
                    if (!range.contains(s.frame())) {
                        continue;
                    }
                    String problem = problem(s, field);
                    if (problem != null) {
                        count++;
                        if (first < 0) {
                            first = s.frame();
                            kind = problem;
                        }
                    }
                }
                if (first >= 0) {
                    findings.add(new NonfiniteFinding(body, first, field, kind, count, null));
                }
            }
            double worst = 0;
            long worstFirst = -1;
            int count = 0;
            for (State s : series.of(body)) {
                double error = Math.abs(s.orientation().norm() - 1);
                if (range.contains(s.frame()) && Double.isFinite(error) && error > quaternionTolerance) {
                    count++;
                    worst = Math.max(worst, error);
                    worstFirst = worstFirst < 0 ? s.frame() : worstFirst;
                }
            }
            if (worstFirst >= 0) {
                findings.add(new NonfiniteFinding(body, worstFirst, "orientation", "non-unit quaternion", count,
                        worst));
            }
        }
        findings.sort((x, y) -> Long.compare(x.firstFrame(), y.firstFrame()));
        return findings;
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
