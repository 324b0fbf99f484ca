package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.physics.checks.Triage.NextCall;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel;
import dev.framescope.physics.store.PhysicsModel.BodyMetadata;
import dev.framescope.physics.store.Quat;
import dev.framescope.physics.store.RecordingSeries.ContactSummary;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code check_recording} 'compare': one recording of a scene against another of the same scene (a replay against
 * the original run, a build before and after a solver change). Bodies are matched by id; states are compared frame
 * by frame (position |Δp|, orientation as the angle between the two quaternions, |Δv|, |Δω|), contacts as the
 * set of touching pairs of each frame (so rows written in another order are the same contacts), and the system
 * energy. "Identical" means equal to the last bit; the tolerance only decides the first frame "beyond tolerance".
 */
public final class RecordingComparison {

    private static final int GROWTH_BUCKETS = 10;

    /** What check_recording passes: the two recordings, the frames, the tolerance, the most contacts listed. */
    public record PairArgs(String recording, String otherRecording, Long startFrame, Long endFrame, double stateTolerance,
                    int limit) {
    }

    /** Where two states first differ: the frame, the body, the quantity that differs most there, and by how much. */
    public record StateDifference(long frameId, long bodyId, String quantity, double difference, String unit) {
    }

    /** The largest difference of each quantity over the bodies, within frames start–end. */
    public record GrowthBucket(long startFrame, long endFrame, double positionM, double orientationRad,
                               double velocityMPerS, double angularVelocityRadPerS) {
    }

    /** A touching pair at a frame of one recording that the other lacks at that frame. */
    public record ContactDifference(long frameId, long bodyAId, long bodyBId, String onlyIn) {
    }

    /** total_system_e of the two recordings: the largest |difference| and the last frame's. */
    public record EnergyDifference(double largestJ, long atFrame, double lastFrameJ) {
    }

    /**
     * {@code identical}: no state, contact or energy difference over the frames compared ({@code startFrame}–
     * {@code endFrame}, {@code framesCompared} of them), and both recordings have as many frames ({@code frameCount},
     * {@code otherFrameCount}): a recording that stops early is not identical to the one that runs on.
     */
    public record CompareReport(int schemaVersion, String summary, String path, String otherPath, boolean identical,
                                long startFrame, long endFrame, int otherFrameCount, int bodiesCompared,
                                double stateTolerance, StateDifference firstDifference,
                                StateDifference firstBeyondTolerance, List<GrowthBucket> growth,
                                int contactFramesDiffering, Bounded<ContactDifference> contactsInOnlyOne,
                                EnergyDifference energy, List<NextCall> recommendedNextCalls, int frameCount,
                                long framesCompared) {
    }

    private final Recordings recordings;

    public RecordingComparison(Recordings recordings) {
        this.recordings = recordings;
    }

    public CompareReport compare(PairArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording());
             Recordings.Lease otherLease = recordings.lease(args.otherRecording())) {
            return compare(lease.store(), otherLease.store(), args);
        }
    }

    private static CompareReport compare(RecordingStore store, RecordingStore other, PairArgs args) {
        FrameRange.requireFrames(other);
        List<Long> bodies = SceneMatch.require(store, other);
        long last = Math.min(store.frameCount(), other.frameCount());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame() == null ? last
                : Math.min(args.endFrame(), last));
        StateDiffs states = compareStates(store.stateSeries(), other.stateSeries(), bodies, range,
                args.stateTolerance());
        List<ContactDifference> contacts = new ArrayList<>();
        int contactFrames = compareContacts(store.contactSummaries(), other.contactSummaries(), range, contacts);
        EnergyDifference energy = compareEnergy(store, other, range);
        boolean equal = states.first == null && contactFrames == 0 && (energy == null || energy.largestJ() == 0);
        boolean identical = equal && store.frameCount() == other.frameCount();
        String file = store.path().toString();
        String otherFile = other.path().toString();
        List<NextCall> next = states.beyond == null ? List.of() : List.of(
                Findings.call("get_recording_frame", file, "frame_id", states.beyond.frameId(), "body_id",
                        states.beyond.bodyId()),
                Findings.call("get_recording_frame", otherFile, "frame_id", states.beyond.frameId(), "body_id",
                        states.beyond.bodyId()));
        String summary = CompareWording.summary(range, bodies.size(), store.frameCount(), other.frameCount(),
                equal, states.first, states.beyond, states.growth, contactFrames, contacts, energy,
                args.stateTolerance());
        return new CompareReport(RecordingQueries.SCHEMA_VERSION, summary, file, otherFile, identical, range.start(),
                range.end(), other.frameCount(), bodies.size(), args.stateTolerance(), states.first, states.beyond,
                states.growth, contactFrames, Bounded.of(contacts, args.limit()), energy, next, store.frameCount(),
                range.end() - range.start() + 1);
    }

    private record StateDiffs(StateDifference first, StateDifference beyond, List<GrowthBucket> growth) {
    }

    private static StateDiffs compareStates(StateSeries a, StateSeries b, List<Long> bodies, FrameRange range,
                                            double tolerance) {
        StateDifference first = null;
        StateDifference beyond = null;
        double[][] perFrame = new double[(int) (range.end() - range.start() + 1)][];
        for (long frame = range.start(); frame <= range.end(); frame++) {
            double[] largest = new double[4];
            StateDifference worst = null;
            for (long body : bodies) {
                StateSeries.State x = a.at(body, frame);
                StateSeries.State y = b.at(body, frame);
                if (x == null || y == null) {
                    continue; // a body without a state at this frame in both: nothing to compare
                }
                double[] d = {difference(x.position(), y.position()), angle(x.orientation(), y.orientation()),
                        difference(x.velocity(), y.velocity()), difference(x.omega(), y.omega())};
                for (int q = 0; q < 4; q++) {
                    largest[q] = Math.max(largest[q], d[q]);
                    if (d[q] > 0 && (worst == null || d[q] > worst.difference())) {
                        worst = new StateDifference(frame, body, QUANTITIES[q], d[q], UNITS[q]);
                    }
                    if (beyond == null && d[q] > tolerance) {
                        beyond = new StateDifference(frame, body, QUANTITIES[q], d[q], UNITS[q]);
                    }
                }
            }
            if (first == null && worst != null) {
                first = worst;
            }
            perFrame[(int) (frame - range.start())] = largest;
        }
        return new StateDiffs(first, beyond, first == null ? List.of() : growth(perFrame, range, first.frameId()));
    }

    private static final String[] QUANTITIES = {"position", "orientation", "velocity", "angular_velocity"};
    private static final String[] UNITS = {"m", "rad", "m/s", "rad/s"};

    /** |a − b|; a NaN on one side only is an infinite difference, NaN on both sides none. */
    private static double difference(Vec3 a, Vec3 b) {
        double dx = component(a.x(), b.x());
        double dy = component(a.y(), b.y());
        double dz = component(a.z(), b.z());
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static double component(double a, double b) {
        if (Double.compare(a, b) == 0) {
            return 0;
        }
        double d = a - b;
        return Double.isNaN(d) ? Double.POSITIVE_INFINITY : d;
    }

    /** The rotation angle between two orientations, 2·atan2(|v|, |w|) of q_a⁻¹ ⊗ q_b: exact for tiny angles too. */
    static double angle(Quat a, Quat b) {
        if (Double.compare(a.w(), b.w()) == 0 && Double.compare(a.x(), b.x()) == 0
                && Double.compare(a.y(), b.y()) == 0 && Double.compare(a.z(), b.z()) == 0) {
            return 0;
        }
        Quat r = a.conjugate().times(b);
        double angle = 2 * Math.atan2(Math.sqrt(r.x() * r.x() + r.y() * r.y() + r.z() * r.z()), Math.abs(r.w()));
        return Double.isNaN(angle) ? Double.POSITIVE_INFINITY : angle;
    }

    /** From the first differing frame to the end, in up to ten equal spans: how the difference grows. */
    private static List<GrowthBucket> growth(double[][] perFrame, FrameRange range, long from) {
        long frames = range.end() - from + 1;
        long span = Math.max(1, (frames + GROWTH_BUCKETS - 1) / GROWTH_BUCKETS);
        List<GrowthBucket> buckets = new ArrayList<>();
        for (long start = from; start <= range.end(); start += span) {
            long end = Math.min(range.end(), start + span - 1);
            double[] max = new double[4];
            for (long f = start; f <= end; f++) {
                double[] d = perFrame[(int) (f - range.start())];
                for (int q = 0; q < 4; q++) {
                    max[q] = Math.max(max[q], d[q]);
                }
            }
            buckets.add(new GrowthBucket(start, end, max[0], max[1], max[2], max[3]));
        }
        return buckets;
    }

    /** Frames whose touching pairs differ, each pair found in only one recording added to {@code found}. */
    private static int compareContacts(Map<Long, List<ContactSummary>> a, Map<Long, List<ContactSummary>> b,
                                       FrameRange range, List<ContactDifference> found) {
        int frames = 0;
        for (long frame = range.start(); frame <= range.end(); frame++) {
            Map<List<Long>, Integer> pairs = new TreeMap<>(RecordingComparison::comparePairs);
            count(pairs, a.get(frame), 1);
            count(pairs, b.get(frame), -1);
            boolean differs = false;
            for (Map.Entry<List<Long>, Integer> pair : pairs.entrySet()) {
                int surplus = pair.getValue();
                for (int i = 0; i < Math.abs(surplus); i++) {
                    found.add(new ContactDifference(frame, pair.getKey().get(0), pair.getKey().get(1),
                            surplus > 0 ? "recording" : "other_recording"));
                }
                differs |= surplus != 0;
            }
            frames += differs ? 1 : 0;
        }
        return frames;
    }

    private static void count(Map<List<Long>, Integer> pairs, List<ContactSummary> rows, int sign) {
        if (rows == null) {
            return;
        }
        for (ContactSummary row : rows) {
            List<Long> pair = List.of(Math.min(row.bodyAId(), row.bodyBId()), Math.max(row.bodyAId(), row.bodyBId()));
            pairs.merge(pair, sign, Integer::sum);
        }
    }

    private static int comparePairs(List<Long> p, List<Long> q) {
        int c = Long.compare(p.get(0), q.get(0));
        return c != 0 ? c : Long.compare(p.get(1), q.get(1));
    }

    private static EnergyDifference compareEnergy(RecordingStore a, RecordingStore b, FrameRange range) {
        if (a.missingTables().contains("SystemEnergyRecord") || b.missingTables().contains("SystemEnergyRecord")) {
            return null;
        }
        Map<Long, Double> other = new TreeMap<>();
        for (PhysicsModel.SystemEnergyPoint p : b.systemEnergy()) {
            other.put(p.frameId(), p.totalSystemE());
        }
        double largest = 0;
        long at = range.start();
        double lastDifference = 0;
        for (PhysicsModel.SystemEnergyPoint p : a.systemEnergy()) {
            Double e = other.get(p.frameId());
            if (p.frameId() < range.start() || p.frameId() > range.end() || e == null) {
                continue;
            }
            double d = Math.abs(component(p.totalSystemE(), e));
            if (d > largest) {
                largest = d;
                at = p.frameId();
            }
            lastDifference = component(p.totalSystemE(), e);
        }
        return new EnergyDifference(largest, at, lastDifference);
    }

    /** The two recordings must be of one scene: the same bodies (ids and masses) and the same time step. */
    static final class SceneMatch {

        private SceneMatch() {
        }

        static List<Long> require(RecordingStore a, RecordingStore b) {
            List<Long> bodies = a.stateSeries().bodies();
            List<Long> otherBodies = b.stateSeries().bodies();
            if (!bodies.equals(otherBodies)) {
                throw differ(b, "bodies " + bodies + " against " + otherBodies);
            }
            Map<Long, Double> masses = new TreeMap<>();
            for (BodyMetadata m : a.bodies()) {
                masses.put(m.bodyId(), m.mass());
            }
            for (BodyMetadata m : b.bodies()) {
                Double mass = masses.get(m.bodyId());
                if (masses.containsKey(m.bodyId()) && mass != null && m.mass() != null
                        && Double.compare(mass, m.mass()) != 0) {
                    throw differ(b, "body " + m.bodyId() + " weighs " + Findings.quantity(mass, "kg")
                            + " against " + Findings.quantity(m.mass(), "kg"));
                }
            }
            double dt = timeStep(a);
            double otherDt = timeStep(b);
            if (Math.abs(dt - otherDt) > 1e-9 * Math.max(Math.abs(dt), Math.abs(otherDt))) {
                throw differ(b, "time step " + Findings.quantity(dt, "s") + " against "
                        + Findings.quantity(otherDt, "s"));
            }
            return bodies;
        }

        private static double timeStep(RecordingStore store) {
            return store.frameCount() < 2 ? store.simulationTime(1)
                    : store.simulationTime(2) - store.simulationTime(1);
        }

        private static ToolException differ(RecordingStore other, String how) {
            return new ToolException(ErrorCode.INVALID_ARGUMENT, "other_recording '" + other.path() + "' is not a "
                    + "recording of the same scene: " + how + ". Compare two runs of one scene (same bodies, "
                    + "masses and time step).", Map.of("parameter", "other_recording", "path",
                    other.path().toString()));
        }
    }
}
