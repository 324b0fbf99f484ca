package dev.framescope.physics;

import dev.framescope.common.Bounded;
import dev.framescope.physics.PhysicsArgs.TriageArgs;
import dev.framescope.physics.PhysicsModel.BodyMetadata;
import dev.framescope.physics.PhysicsModel.EnergyPoint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code triage_recording}: every check over the whole recording in one call, the anomalies ranked by severity then
 * frame, each with the calls that confirm it. Uses the same rules as the single-purpose tools (named in each
 * anomaly's {@code code}) so a finding can be checked with them.
 */
public final class Triage {

    enum Severity { critical, high, medium }

    /** A steady overlap shorter than this is an impact being resolved, not a contact left interpenetrated. */
    static final int STEADY_MIN_FRAMES = 10;

    /** The number that judges each code's finding: its largest magnitude over the frames is the worst. */
    private static final Map<String, String> WORST_QUANTITY = Map.ofEntries(
            Map.entry("NONFINITE_STATE", "frames_affected"), Map.entry("QUATERNION_NOT_UNIT", "frames_affected"),
            Map.entry("ENERGY_INJECTION", "residual_j"), Map.entry("FRICTION_CONE_VIOLATION", "max_utilisation"),
            Map.entry("CONTACT_CHATTER", "gaps"), Map.entry("NORMAL_FLIP", "flips"),
            Map.entry("EXCESSIVE_PENETRATION", "max_depth_m"), Map.entry("STEADY_PENETRATION", "max_depth_m"),
            Map.entry("NOT_AT_REST", "frames"), Map.entry("RESTITUTION_GAIN", "effective_restitution"),
            Map.entry("STILL_APPROACHING", "pre_normal_velocity_m_s"),
            Map.entry("MOMENTUM_NOT_CONSERVED", "residual_kg_m_s"), Map.entry("SOLVER_NOT_CONVERGED", "residual"));

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

    /** Where a single finding lies before grouping, and the frame of its worst value. */
    private record Span(long first, long last, int count, long worstFrame) {
        static Span at(long frame) {
            return new Span(frame, frame, 1, frame);
        }
    }

    public record TriageReport(int schemaVersion, String summary, String path, int totalFrames,
                               List<String> checksRun, Bounded<Anomaly> anomalies,
                               List<NextCall> recommendedNextCalls) {
    }

    public TriageReport triage(TriageArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange all = FrameRange.of(store, null, null);
        List<Anomaly> found = new ArrayList<>();
        String file = store.path().toString();
        nonfinite(store, all, file, found);
        energy(store, all, args.energyThreshold(), file, found);
        friction(store, all, file, found);
        pairs(store, all, args.penetrationThreshold(), args.slopM(), file, found);
        resting(store, args.velocityThreshold(), file, found);
        impacts(store, all, file, found);
        momentum(store, all, file, found);
        solver(store, all, file, found);
        found = grouped(found);
        // An energy injection is the symptom of most other high findings at the same frame (a bad bounce, a kick
        // by the solver), so at equal severity and frame the specific cause comes first.
        found.sort(Comparator.comparing(Anomaly::severity).thenComparing(Anomaly::frameId)
                .thenComparing(a -> a.code().equals("ENERGY_INJECTION")));
        Set<NextCall> next = new LinkedHashSet<>();
        found.stream().limit(5).forEach(a -> next.addAll(a.nextCalls()));
        String summary = found.isEmpty() ? "No anomalies in " + store.frameCount() + " frames: all checks passed."
                : found.size() + " distinct anomal" + (found.size() == 1 ? "y" : "ies") + " on "
                + found.stream().mapToInt(Anomaly::count).sum() + " frames or events; most severe: " + found.get(0)
                .message();
        return new TriageReport(RecordingQueries.SCHEMA_VERSION, summary, file, store.frameCount(),
                List.of("find_nonfinite_state", "find_energy_anomalies", "check_friction_cone",
                        "get_contact_history (sinking and steady penetration, chatter, normal flips)", "check_resting_contact",
                        "check_restitution", "check_momentum", "get_solver_diagnostics"),
                Bounded.of(found, args.limit()), List.copyOf(next));
    }

    private static NextCall call(String tool, String file, Object... keyValues) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            arguments.put((String) keyValues[i], keyValues[i + 1]);
        }
        arguments.put("recording", file);
        return new NextCall(tool, arguments);
    }

    private static Map<String, Object> numbers(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    private static Anomaly anomaly(Span span, List<Long> bodies, Severity severity, String code, String message,
                                   Map<String, Object> numbers, List<NextCall> nextCalls) {
        String quantity = WORST_QUANTITY.get(code);
        double value = numbers.get(quantity) instanceof Number n ? n.doubleValue() : Double.NaN;
        return new Anomaly(span.first(), span.first(), span.last(), span.count(),
                new Worst(quantity, value, span.worstFrame()), bodies, severity, code, message, numbers, nextCalls);
    }

    /**
     * Folds the findings of one code on the same bodies into one anomaly over their frames, so a defect that recurs
     * on a hundred frames takes one line and cannot push a different defect off the first page.
     */
    static List<Anomaly> grouped(List<Anomaly> found) {
        Map<List<Object>, List<Anomaly>> groups = new LinkedHashMap<>();
        for (Anomaly a : found) {
            groups.computeIfAbsent(List.of(a.code(), a.bodies()), k -> new ArrayList<>()).add(a);
        }
        List<Anomaly> result = new ArrayList<>();
        for (List<Anomaly> group : groups.values()) {
            result.add(group.size() == 1 ? group.get(0) : merged(group));
        }
        return result;
    }

    private static Anomaly merged(List<Anomaly> group) {
        Anomaly first = group.stream().min(Comparator.comparingLong(Anomaly::firstFrame)).orElseThrow();
        Anomaly worst = group.stream().max(Comparator.comparingDouble(Triage::magnitude)).orElseThrow();
        long last = group.stream().mapToLong(Anomaly::lastFrame).max().orElseThrow();
        int count = group.stream().mapToInt(Anomaly::count).sum();
        Set<NextCall> next = new LinkedHashSet<>(first.nextCalls());
        next.addAll(worst.nextCalls());
        Worst w = worst.worst();
        String message = first.message() + String.format(" Found on %d frames in %d–%d; worst %s %s at frame %d.",
                count, first.firstFrame(), last, w.quantity(), w.value(), w.frameId());
        return new Anomaly(first.firstFrame(), first.firstFrame(), last, count, w, first.bodies(), first.severity(),
                first.code(), message, first.numbers(), List.copyOf(next));
    }

    private static double magnitude(Anomaly a) {
        double value = a.worst().value();
        return Double.isNaN(value) ? -1 : Math.abs(value);
    }

    private static void nonfinite(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        Set<Long> reported = new LinkedHashSet<>();
        for (MotionChecks.NonfiniteFinding f : MotionChecks.scanNonfinite(store, all, 1e-6)) {
            boolean unit = f.kind().equals("non-unit quaternion");
            if (!unit && !reported.add(f.bodyId())) {
                continue; // the earliest field of a body is the cause; the others follow from it
            }
            found.add(anomaly(Span.at(f.firstFrame()), List.of(f.bodyId()), unit ? Severity.medium : Severity.critical,
                    unit ? "QUATERNION_NOT_UNIT" : "NONFINITE_STATE", "Body " + f.bodyId() + " " + f.field() + " is "
                    + f.kind() + " from frame " + f.firstFrame() + ".",
                    numbers("field", f.field(), "frames_affected", f.framesAffected()),
                    List.of(call("get_body_state", file, "body_id", f.bodyId(), "frame_id", f.firstFrame()),
                            call("find_nonfinite_state", file))));
        }
    }

    private static void energy(RecordingStore store, FrameRange all, double threshold, String file,
                               List<Anomaly> found) {
        List<Long> inertial = store.bodies().stream().filter(b -> !b.isEnvironment()).map(BodyMetadata::bodyId)
                .toList();
        for (EnergyChecks.EnergyAnomaly a : EnergyChecks.scan(store, all, threshold)) {
            if (!a.kind().equals("injection")) {
                continue;
            }
            long culprit = -1;
            double largest = Double.NEGATIVE_INFINITY;
            for (long body : inertial) {
                double change = bodyEnergyChange(store.bodyEnergy(body), a.frameId());
                if (change > largest) {
                    largest = change;
                    culprit = body;
                }
            }
            found.add(anomaly(Span.at(a.frameId()), culprit < 0 ? List.of() : List.of(culprit), Severity.high,
                    "ENERGY_INJECTION", String.format("%+.3f J of energy appear at frame %d (body %d gains %+.3f J).",
                    a.residualJ(), a.frameId(), culprit, largest),
                    numbers("delta_e_j", a.deltaEJ(), "residual_j", a.residualJ(), "body_delta_e_j", largest),
                    List.of(call("get_frame", file, "frame_id", a.frameId()),
                            call("get_system_energy", file, "start_frame", Math.max(1, a.frameId() - 2),
                                    "end_frame", Math.min(store.frameCount(), a.frameId() + 2)))));
        }
    }

    private static double bodyEnergyChange(List<EnergyPoint> series, long frame) {
        for (int i = 1; i < series.size(); i++) {
            if (series.get(i).frameId() == frame && series.get(i - 1).frameId() == frame - 1) {
                return series.get(i).totalE() - series.get(i - 1).totalE();
            }
        }
        return Double.NEGATIVE_INFINITY;
    }

    private static void friction(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        ContactSeries contacts = store.contactSeries();
        for (long f = all.start(); f <= all.end(); f++) {
            int violations = 0;
            double worst = 0;
            ContactSeries.Friction example = null;
            for (ContactSeries.Friction row : contacts.friction(f)) {
                double tangent = Math.hypot(row.tangent1Lambda(), row.tangent2Lambda());
                double limit = row.mu() * row.normalLambda();
                if (tangent > limit * 1.01 + 1e-9) {
                    violations++;
                    if (example == null || (limit > 0 && tangent / limit > worst)) {
                        worst = limit > 0 ? tangent / limit : Double.POSITIVE_INFINITY;
                        example = row;
                    }
                }
            }
            if (example != null) {
                found.add(anomaly(Span.at(f), List.of(example.bodyA(), example.bodyB()), Severity.high,
                        "FRICTION_CONE_VIOLATION", String.format("Friction exceeds the cone at frame %d: %d row(s), "
                        + "utilisation up to %.3f (bodies %d–%d).", f, violations, worst, example.bodyA(),
                        example.bodyB()), numbers("violating_rows", violations, "max_utilisation", worst),
                        List.of(call("check_friction_cone", file, "frame_id", f))));
            }
        }
    }

    private static void pairs(RecordingStore store, FrameRange all, double threshold, double slop, String file,
                              List<Anomaly> found) {
        ContactSeries contacts = store.contactSeries();
        for (List<Long> pair : contacts.pairs()) {
            ContactHistory.History h = ContactHistory.analyse(contacts, pair.get(0), pair.get(1), all, 1);
            NextCall history = call("get_contact_history", file, "body_a_id", pair.get(0), "body_b_id", pair.get(1));
            if (!h.chatter().isEmpty()) {
                ContactHistory.Burst b = h.chatter().get(0);
                found.add(anomaly(new Span(b.firstFrame(), b.lastFrame(), b.gaps(), b.firstFrame()), pair,
                        Severity.medium, "CONTACT_CHATTER", String.format(
                        "Contact %d–%d flickers: lost for single frames %d times in frames %d–%d.", pair.get(0),
                        pair.get(1), b.gaps(), b.firstFrame(), b.lastFrame()),
                        numbers("gaps", b.gaps(), "last_frame", b.lastFrame(), "transitions", h.transitions()),
                        List.of(call("get_contact_history", file, "body_a_id", pair.get(0), "body_b_id", pair.get(1),
                                "start_frame", Math.max(1, b.firstFrame() - 5), "end_frame",
                                Math.min(store.frameCount(), b.lastFrame() + 5)))));
            }
            if (!h.normalFlipFrames().isEmpty()) {
                List<Long> flips = h.normalFlipFrames();
                long first = flips.get(0);
                found.add(anomaly(new Span(first, flips.get(flips.size() - 1), flips.size(), first), pair,
                        Severity.medium, "NORMAL_FLIP", String.format("Contact normal %d–%d reverses %d times, first "
                        + "at frame %d.", pair.get(0), pair.get(1), flips.size(), first),
                        numbers("flips", flips.size(), "flip_frames", flips), List.of(history)));
            }
            List<Run> sinking = sinking(h.contactRows(), threshold, pair, file, found);
            steady(h.contactRows(), slop, sinking, pair, file, found);
        }
    }

    /** Consecutive frames in contact, each deeper than a depth. */
    private record Run(List<ContactHistory.Row> rows) {
        long first() {
            return rows.get(0).frameId();
        }

        long last() {
            return rows.get(rows.size() - 1).frameId();
        }

        ContactHistory.Row deepest() {
            return rows.stream().max(Comparator.comparingDouble(ContactHistory.Row::depthM)).orElseThrow();
        }

        boolean overlaps(Run other) {
            return first() <= other.last() && other.first() <= last();
        }
    }

    private static List<Run> runsDeeperThan(List<ContactHistory.Row> rows, double depth) {
        List<Run> runs = new ArrayList<>();
        int i = 0;
        while (i < rows.size()) {
            if (!deeper(rows.get(i), depth)) {
                i++;
                continue;
            }
            int end = i;
            while (end + 1 < rows.size() && deeper(rows.get(end + 1), depth)
                    && rows.get(end + 1).frameId() == rows.get(end).frameId() + 1) {
                end++;
            }
            runs.add(new Run(rows.subList(i, end + 1)));
            i = end + 1;
        }
        return runs;
    }

    private static boolean deeper(ContactHistory.Row row, double depth) {
        return row.inContact() && row.depthM() != null && row.depthM() > depth;
    }

    /** Depth above threshold that keeps growing for at least three frames: the body is sinking. */
    private static List<Run> sinking(List<ContactHistory.Row> rows, double threshold, List<Long> pair, String file,
                                     List<Anomaly> found) {
        List<Run> reported = new ArrayList<>();
        for (Run run : runsDeeperThan(rows, threshold)) {
            int growth = 0;
            for (int k = 1; k < run.rows().size(); k++) {
                if (run.rows().get(k).depthM() > run.rows().get(k - 1).depthM()) {
                    growth++;
                }
            }
            if (growth < 2) {
                continue;
            }
            reported.add(run);
            ContactHistory.Row deepest = run.deepest();
            long first = run.first();
            int frames = run.rows().size();
            found.add(anomaly(new Span(first, run.last(), frames, deepest.frameId()), pair, Severity.high,
                    "EXCESSIVE_PENETRATION", String.format("Bodies %d–%d overlap more than %.3f m from frame %d and it "
                    + "keeps growing (deepest %.4f m by frame %d).", pair.get(0), pair.get(1), threshold, first,
                    deepest.depthM(), run.last()), numbers("max_depth_m", deepest.depthM(), "frames", frames),
                    List.of(call("check_penetration", file, "frame_id", first),
                            call("get_contact_history", file, "body_a_id", pair.get(0), "body_b_id",
                                    pair.get(1), "start_frame", first, "end_frame", run.last()))));
        }
        return reported;
    }

    /**
     * Overlap beyond the slop held for {@link #STEADY_MIN_FRAMES} frames or more that is not already reported as
     * sinking: the solver leaves the bodies interpenetrated instead of pushing them apart, which a growth test
     * alone never sees.
     */
    private static void steady(List<ContactHistory.Row> rows, double slop, List<Run> sinking, List<Long> pair,
                               String file, List<Anomaly> found) {
        for (Run run : runsDeeperThan(rows, slop)) {
            int frames = run.rows().size();
            if (frames < STEADY_MIN_FRAMES || sinking.stream().anyMatch(run::overlaps)) {
                continue;
            }
            ContactHistory.Row deepest = run.deepest();
            long first = run.first();
            found.add(anomaly(new Span(first, run.last(), frames, deepest.frameId()), pair, Severity.high,
                    "STEADY_PENETRATION", String.format("Bodies %d–%d stay overlapped beyond the %s m slop on frames "
                    + "%d–%d (%d frames, deepest %s m at frame %d) without being pushed apart.", pair.get(0),
                    pair.get(1), slop, first, run.last(), frames, deepest.depthM(), deepest.frameId()),
                    numbers("max_depth_m", deepest.depthM(), "frames", frames, "slop_m", slop),
                    List.of(call("check_penetration", file, "frame_id", first),
                            call("get_contact_history", file, "body_a_id", pair.get(0), "body_b_id",
                                    pair.get(1), "start_frame", first, "end_frame", run.last()))));
        }
    }

    /** Bodies still in contact and moving through the last 31 frames: they never come to rest. */
    private static void resting(RecordingStore store, double threshold, String file, List<Anomaly> found) {
        long last = store.frameCount();
        ContactSeries contacts = store.contactSeries();
        for (long body : contacts.inertialInContact(last)) {
            List<StateSeries.State> states = store.stateSeries().of(body);
            long f = last;
            for (int i = states.size() - 1; i >= 0; i--) {
                StateSeries.State s = states.get(i);
                if (s.frame() != f || !contacts.inContact(body, f) || !moving(s, threshold)) {
                    break;
                }
                f--;
            }
            long runStart = f + 1;
            if (last - runStart + 1 >= 31) {
                found.add(anomaly(new Span(runStart, last, (int) (last - runStart + 1), runStart), List.of(body),
                        Severity.medium, "NOT_AT_REST", String.format("Body %d "
                        + "is in contact but keeps moving from frame %d to the end (%d frames).", body, runStart,
                        last - runStart + 1), numbers("frames", last - runStart + 1, "velocity_threshold", threshold),
                        List.of(call("check_resting_contact", file, "frame_id", last),
                                call("compare_body_across_frames", file, "body_id", body, "frame_a", runStart,
                                        "frame_b", last))));
            }
        }
    }

    private static boolean moving(StateSeries.State s, double threshold) {
        return !(s.velocity().norm() <= threshold) || !(s.omega().norm() <= threshold);
    }

    private static void impacts(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        for (ImpactChecks.Impact i : ImpactChecks.impacts(store, all, 0.157, 0.5)) {
            if (i.verdict().equals("ok")) {
                continue;
            }
            boolean gaining = i.verdict().equals("energy_gaining");
            found.add(anomaly(Span.at(i.frameId()), List.of(i.bodyAId(), i.bodyBId()), gaining ? Severity.high
                    : Severity.medium, gaining ? "RESTITUTION_GAIN" : "STILL_APPROACHING", String.format("Impact at "
                    + "frame %d: separates at %.3f m/s after hitting at %.3f m/s with e = %.3f (expected %.3f).",
                    i.frameId(), i.postNormalVelocityMPerS(), -i.preNormalVelocityMPerS(), i.effectiveRestitution(),
                    i.expectedPostMPerS()), numbers("pre_normal_velocity_m_s", i.preNormalVelocityMPerS(),
                    "post_normal_velocity_m_s", i.postNormalVelocityMPerS(), "effective_restitution",
                    i.effectiveRestitution()), List.of(call("check_restitution", file, "start_frame", i.frameId(),
                    "end_frame", i.frameId()))));
        }
    }

    private static void momentum(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        for (ImpactChecks.MomentumStep s : ImpactChecks.momentumSteps(store, all, 1e-6, new int[1])) {
            if (s.violation()) {
                found.add(anomaly(Span.at(s.frameId()), s.bodies(), Severity.high, "MOMENTUM_NOT_CONSERVED",
                        String.format("Colliding free bodies %s change momentum by %.3g kg·m/s beyond gravity at "
                                + "frame %d.", s.bodies(), s.residualKgMPerS(), s.frameId()),
                        numbers("residual_kg_m_s", s.residualKgMPerS()),
                        List.of(call("check_momentum", file, "start_frame", s.frameId(), "end_frame", s.frameId()))));
            }
        }
    }

    private static void solver(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        if (store.missingTables().contains("SolverDiagnosticRecord")) {
            return;
        }
        for (long f = all.start(); f <= all.end(); f++) {
            PhysicsModel.SolverDiagnostics row = store.solver(f);
            if (row != null && row.solved() && !row.converged()) {
                found.add(anomaly(Span.at(f), List.of(), Severity.medium, "SOLVER_NOT_CONVERGED", "The contact solver "
                        + "did not converge at frame " + f + " (" + row.iterations() + " iterations, residual "
                        + row.residual() + ").", numbers("iterations", row.iterations(), "residual", row.residual()),
                        List.of(call("get_solver_diagnostics", file, "start_frame", f, "end_frame", f))));
            }
        }
    }
}
