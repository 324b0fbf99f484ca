package dev.framescope.physics;

import dev.framescope.common.Bounded;
import dev.framescope.physics.PhysicsArgs.TriageArgs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code check_recording}'s check 'all': every check over the whole recording in one call, the anomalies ranked by
 * severity then frame, each with the calls that confirm it. Uses the same rules as the single checks (named in each
 * anomaly's {@code code}) so a finding can be checked with them.
 */
public final class Triage {

    enum Severity { critical, high, medium }

    private final Recordings recordings;

    public Triage(Recordings recordings) {
        this.recordings = recordings;
    }

    public record NextCall(String tool, Map<String, Object> arguments) {
    }

    /** The quantity that judges a finding, its worst (largest magnitude) value and the frame it was seen on. */
    public record Worst(String quantity, double value, long frameId) {
    }

    /**
     * One defect: a code on the same bodies over {@code firstFrame}–{@code lastFrame}, found on {@code count}
     * frames (or events, for chatter gaps and normal flips). {@code frameId} repeats the first frame for callers
     * written before findings were grouped; {@code message}, {@code numbers} and the first next call describe the
     * first frame.
     */
    public record Anomaly(long frameId, long firstFrame, long lastFrame, int count, Worst worst, List<Long> bodies,
                          Severity severity, String code, String message, Map<String, Object> numbers,
                          List<NextCall> nextCalls) {
    }

    /**
     * {@code parameters}: every threshold this answer used, given or defaulted; {@code fixedTolerances}: those triage
     * does not take as parameters (the single-purpose tools' defaults).
     */
    public record TriageReport(int schemaVersion, String summary, String path, int totalFrames,
                               List<String> checksRun, Bounded<Anomaly> anomalies,
                               List<NextCall> recommendedNextCalls, TriageArgs parameters,
                               Map<String, Object> fixedTolerances) {
    }

    public TriageReport triage(TriageArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return triage(lease.store(), args);
        }
    }

    private static TriageReport triage(RecordingStore store, TriageArgs args) {
        FrameRange all = FrameRange.of(store, null, null);
        String file = store.path().toString();
        // The thresholds decide the findings, the limit only the page: a later page or repeat is not a new scan.
        List<Anomaly> found = store.memo().get(List.of("triage_recording", args.energyThreshold(),
                args.penetrationThreshold(), args.slopM(), args.velocityThreshold(), args.angularVelocityThreshold(),
                args.chatterWindowFrames(), args.normalJumpAngleDeg(), args.steadyOverlapMinFrames(),
                args.restWindowFrames(), args.velocityJumpTolerance()), () -> scan(store, all, args, file));
        Set<NextCall> next = new LinkedHashSet<>();
        found.stream().limit(5).forEach(a -> next.addAll(a.nextCalls()));
        String summary = found.isEmpty() ? "No anomalies in " + store.frameCount() + " frames: all checks passed."
                : found.size() + " distinct anomal" + (found.size() == 1 ? "y" : "ies") + " on "
                + found.stream().mapToInt(Anomaly::count).sum() + " frames or events; most severe: " + found.get(0)
                .message();
        return new TriageReport(RecordingQueries.SCHEMA_VERSION, summary, file, store.frameCount(),
                List.of("nonfinite", "energy", "friction_cone",
                        "contact_history (sinking and steady penetration, chatter, normal flips and jumps)",
                        "resting_contact", "body_motion (velocity jumps without contact)", "restitution", "momentum",
                        "solver"),
                Bounded.of(found, args.limit()), List.copyOf(next), args, Findings.numbers("quaternion_tolerance",
                        TriageChecks.QUATERNION_TOLERANCE, "friction_relative_tolerance",
                        TriageChecks.FRICTION_RELATIVE_TOLERANCE, "friction_absolute_tolerance_n",
                        TriageChecks.FRICTION_ABSOLUTE_TOLERANCE_N));
    }

    /** Every check over the whole recording, grouped and ranked. */
    private static List<Anomaly> scan(RecordingStore store, FrameRange all, TriageArgs args, String file) {
        List<Consumer<List<Anomaly>>> checks = List.of(
                found -> TriageChecks.nonfinite(store, all, file, found),
                found -> EnergyFindings.nonfinite(store, all, file, found),
                found -> EnergyFindings.changes(store, all, args.energyThreshold(), file, found),
                found -> TriageChecks.friction(store, all, file, found),
                found -> PairFindings.pairs(store, all, args, file, found),
                found -> TriageChecks.resting(store, args, file, found),
                found -> TriageChecks.velocityJumps(store, all, args.velocityJumpTolerance(), file, found),
                found -> TriageChecks.impacts(store, all, file, found),
                found -> TriageChecks.momentum(store, all, file, found),
                found -> TriageChecks.solver(store, all, file, found));
        // The checks only read the recording's immutable series, so they run side by side; each fills its own list
        // and the lists are joined in this order, so the answer does not depend on timing.
        List<Anomaly> found = new ArrayList<>();
        checks.parallelStream().map(check -> {
            List<Anomaly> own = new ArrayList<>();
            check.accept(own);
            return own;
        }).toList().forEach(found::addAll);
        found = Findings.grouped(found);
        // An energy injection or loss is the symptom of most other high findings at the same frame (a bad bounce,
        // a kick by the solver, friction beyond the cone), so at equal severity and frame the specific cause comes
        // first.
        found.sort(Comparator.comparing(Anomaly::severity).thenComparing(Anomaly::frameId)
                .thenComparing(a -> a.code().startsWith("ENERGY_")));
        return List.copyOf(found);
    }
}
