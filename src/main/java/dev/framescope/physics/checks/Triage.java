package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.common.ToolContext;
import dev.framescope.physics.checks.PhysicsArgs.TriageArgs;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

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

    /** A check triage did not run, or the part of one it could not judge, and why. */
    public record Skipped(String check, String reason) {
    }

    /**
     * {@code parameters}: every threshold this answer used, given or defaulted; {@code fixedTolerances}: those triage
     * does not take as parameters (the single-purpose tools' defaults); {@code checksRun}: the checks that ran,
     * {@code checksSkipped}: those that could not (a table the recording lacks) and parts of checks left unjudged.
     */
    public record TriageReport(int schemaVersion, String summary, String path, int totalFrames,
                               List<String> checksRun, Bounded<Anomaly> anomalies,
                               List<NextCall> recommendedNextCalls, TriageArgs parameters,
                               Map<String, Object> fixedTolerances, List<Skipped> checksSkipped) {
    }

    /** One check of triage: its name in checks_run, the tables it reads, and what it adds to the findings. */
    private record Check(String name, List<String> tables, BiConsumer<List<Anomaly>, List<Skipped>> run) {
    }

    /** The findings of one set of thresholds, grouped and ranked, and what was run and skipped. */
    private record Scan(List<Anomaly> anomalies, List<String> checksRun, List<Skipped> skipped) {
    }

    public TriageReport triage(TriageArgs args) {
        return triage(args, ToolContext.SILENT);
    }

    /** {@link #triage(TriageArgs)}, telling {@code context} as the checks start and end. */
    public TriageReport triage(TriageArgs args, ToolContext context) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return triage(lease.store(), args, context);
        }
    }

    private static TriageReport triage(RecordingStore store, TriageArgs args, ToolContext context) {
        FrameRange all = FrameRange.of(store, args.startFrame(), args.endFrame());
        String file = store.path().toString();
        // The thresholds decide the findings, the limit only the page: a later page or repeat is not a new scan.
        Scan scan = store.memo().get(List.of("triage_recording", args.energyThreshold(),
                args.penetrationThreshold(), args.slopM(), args.velocityThreshold(), args.angularVelocityThreshold(),
                args.chatterWindowFrames(), args.normalJumpAngleDeg(), args.steadyOverlapMinFrames(),
                args.restWindowFrames(), args.velocityJumpTolerance(), all), () -> scan(store, all, args, file, context));
        List<Anomaly> found = scan.anomalies();
        Set<NextCall> next = new LinkedHashSet<>();
        found.stream().limit(5).forEach(a -> next.addAll(a.nextCalls()));
        String skipped = scan.skipped().isEmpty() ? "" : "skipped: " + String.join(", ", scan.skipped().stream()
                .map(Skipped::check).toList()) + " (checks_skipped says why)";
        String frames = all.start() == 1 && all.end() == store.frameCount() ? store.frameCount() + " frames"
                : "frames " + all.start() + "–" + all.end() + " (of " + store.frameCount() + ")";
        String summary = found.isEmpty() ? "No anomalies in " + frames + (skipped.isEmpty()
                ? ": all checks passed." : " from the checks that ran; " + skipped + ".")
                : found.size() + " distinct anomal" + (found.size() == 1 ? "y" : "ies") + " on "
                + found.stream().mapToInt(Anomaly::count).sum() + " frames or events; most severe: " + found.get(0)
                .message() + (skipped.isEmpty() ? "" : " Also " + skipped + ".");
        return new TriageReport(RecordingQueries.SCHEMA_VERSION, summary, file, store.frameCount(),
                scan.checksRun(), Bounded.of(found, args.limit()), List.copyOf(next), args,
                Findings.numbers("quaternion_tolerance", TriageChecks.QUATERNION_TOLERANCE,
                        "friction_relative_tolerance", TriageChecks.FRICTION_RELATIVE_TOLERANCE,
                        "friction_absolute_tolerance_n", TriageChecks.FRICTION_ABSOLUTE_TOLERANCE_N),
                scan.skipped());
    }

    /**
     * Every check over the frames asked for (the whole recording by default) whose tables the recording has, grouped
     * and ranked; a check missing a table is listed as skipped, never as run.
     */
    private static Scan scan(RecordingStore store, FrameRange all, TriageArgs args, String file,
                             ToolContext context) {
        // Every check below reads the whole-recording series; waiting for them first keeps the energy check from
        // reading frame windows of its own meanwhile (FrameWindow), which would only repeat their work.
        store.contactSeries();
        if (store.hasStates()) {
            store.stateSeries();
        }
        String states = store.statesTable();
        List<Check> checks = List.of(
                new Check("nonfinite", List.of(states), (found, skipped) ->
                        TriageChecks.nonfinite(store, all, file, found)),
                new Check("energy", List.of("SystemEnergyRecord"), (found, skipped) -> {
                    EnergyFindings.nonfinite(store, all, file, found);
                    EnergyFindings.changes(store, all, args.energyThreshold(), file, found, skipped);
                }),
                new Check("friction_cone", List.of("FrictionConstraintRecord"), (found, skipped) ->
                        TriageChecks.friction(store, all, file, found)),
                new Check("contact_history (sinking and steady penetration, chatter, normal flips and jumps)",
                        List.of("CollisionResultRecord"), (found, skipped) ->
                        PairFindings.pairs(store, all, args, file, found)),
                new Check("resting_contact", List.of(states, "CollisionResultRecord"), (found, skipped) ->
                        TriageChecks.resting(store, all, args, file, found)),
                new Check("body_motion (velocity jumps without contact)", List.of(states), (found, skipped) ->
                        TriageChecks.velocityJumps(store, all, args.velocityJumpTolerance(), file, found)),
                new Check("restitution", List.of(states, "ContactConstraintRecord"), (found, skipped) ->
                        TriageChecks.impacts(store, all, file, found)),
                new Check("momentum", List.of(states, "CollisionResultRecord"), (found, skipped) ->
                        TriageChecks.momentum(store, all, file, found)),
                new Check("solver", List.of("SolverDiagnosticRecord"), (found, skipped) ->
                        TriageChecks.solver(store, all, file, found)));
        List<String> run = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        List<Check> runnable = new ArrayList<>();
        for (Check check : checks) {
            List<String> missing = check.tables().stream().filter(store.missingTables()::contains).toList();
            if (missing.isEmpty()) {
                run.add(check.name());
                runnable.add(check);
            } else {
                skipped.add(new Skipped(check.name().split(" ")[0], "the recording has no " + String.join(" and ",
                        missing) + (missing.size() == 1 ? " table" : " tables")));
            }
        }
        CheckProgress progress = new CheckProgress(context, runnable.size());
        progress.started(runnable.size() + " checks over " + (all.end() - all.start() + 1) + " frames of "
                + store.path().getFileName());
        // The checks only read the recording's immutable series, so they run side by side; each fills its own lists
        // and the lists are joined in this order, so the answer does not depend on timing.
        List<Anomaly> found = new ArrayList<>();
        runnable.parallelStream().map(check -> {
            List<Anomaly> own = new ArrayList<>();
            List<Skipped> ownSkipped = new ArrayList<>();
            check.run().accept(own, ownSkipped);
            progress.finished(check.name().split(" ")[0]);
            return new Scan(own, List.of(), ownSkipped);
        }).toList().forEach(part -> {
            found.addAll(part.anomalies());
            skipped.addAll(part.skipped());
        });
        List<Anomaly> grouped = Findings.grouped(found);
        // An energy injection or loss is the symptom of most other high findings at the same frame (a bad bounce,
        // a kick by the solver, friction beyond the cone), so at equal severity and frame the specific cause comes
        // first.
        grouped.sort(Comparator.comparing(Anomaly::severity).thenComparing(Anomaly::frameId)
                .thenComparing(a -> a.code().startsWith("ENERGY_")));
        return new Scan(List.copyOf(grouped), List.copyOf(run), List.copyOf(skipped));
    }
}
