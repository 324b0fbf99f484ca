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

    private final Recordings recordings;

    public Triage(Recordings recordings) {
        this.recordings = recordings;
    }

    public record NextCall(String tool, Map<String, Object> arguments) {
    }

    public record Anomaly(long frameId, List<Long> bodies, Severity severity, String code, String message,
                          Map<String, Object> numbers, List<NextCall> nextCalls) {
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
        pairs(store, all, args.penetrationThreshold(), file, found);
        resting(store, args.velocityThreshold(), file, found);
        impacts(store, all, file, found);
        momentum(store, all, file, found);
        solver(store, all, file, found);
        // An energy injection is the symptom of most other high findings at the same frame (a bad bounce, a kick
        // by the solver), so at equal severity and frame the specific cause comes first.
        found.sort(Comparator.comparing(Anomaly::severity).thenComparing(Anomaly::frameId)
                .thenComparing(a -> a.code().equals("ENERGY_INJECTION")));
        Set<NextCall> next = new LinkedHashSet<>();
        found.stream().limit(5).forEach(a -> next.addAll(a.nextCalls()));
        String summary = found.isEmpty() ? "No anomalies in " + store.frameCount() + " frames: all checks passed."
                : found.size() + " anomal" + (found.size() == 1 ? "y" : "ies") + "; most severe: " + found.get(0)
                .message();
        return new TriageReport(RecordingQueries.SCHEMA_VERSION, summary, file, store.frameCount(),
                List.of("find_nonfinite_state", "find_energy_anomalies", "check_friction_cone",
                        "get_contact_history (penetration trend, chatter, normal flips)", "check_resting_contact",
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

    private static void nonfinite(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        Set<Long> reported = new LinkedHashSet<>();
        for (MotionChecks.NonfiniteFinding f : MotionChecks.scanNonfinite(store, all, 1e-6)) {
            boolean unit = f.kind().equals("non-unit quaternion");
            if (!unit && !reported.add(f.bodyId())) {
                continue; // the earliest field of a body is the cause; the others follow from it
            }
            found.add(new Anomaly(f.firstFrame(), List.of(f.bodyId()), unit ? Severity.medium : Severity.critical,
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
            found.add(new Anomaly(a.frameId(), culprit < 0 ? List.of() : List.of(culprit), Severity.high,
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
                found.add(new Anomaly(f, List.of(example.bodyA(), example.bodyB()), Severity.high,
                        "FRICTION_CONE_VIOLATION", String.format("Friction exceeds the cone at frame %d: %d row(s), "
                        + "utilisation up to %.3f (bodies %d–%d).", f, violations, worst, example.bodyA(),
                        example.bodyB()), numbers("violating_rows", violations, "max_utilisation", worst),
                        List.of(call("check_friction_cone", file, "frame_id", f))));
            }
        }
    }

    private static void pairs(RecordingStore store, FrameRange all, double threshold, String file,
                              List<Anomaly> found) {
        ContactSeries contacts = store.contactSeries();
        for (List<Long> pair : contacts.pairs()) {
            ContactHistory.History h = ContactHistory.analyse(contacts, pair.get(0), pair.get(1), all, 1);
            NextCall history = call("get_contact_history", file, "body_a_id", pair.get(0), "body_b_id", pair.get(1));
            if (!h.chatter().isEmpty()) {
                ContactHistory.Burst b = h.chatter().get(0);
                found.add(new Anomaly(b.firstFrame(), pair, Severity.medium, "CONTACT_CHATTER", String.format(
                        "Contact %d–%d flickers: lost for single frames %d times in frames %d–%d.", pair.get(0),
                        pair.get(1), b.gaps(), b.firstFrame(), b.lastFrame()),
                        numbers("gaps", b.gaps(), "last_frame", b.lastFrame(), "transitions", h.transitions()),
                        List.of(call("get_contact_history", file, "body_a_id", pair.get(0), "body_b_id", pair.get(1),
                                "start_frame", Math.max(1, b.firstFrame() - 5), "end_frame",
                                Math.min(store.frameCount(), b.lastFrame() + 5)))));
            }
            if (!h.normalFlipFrames().isEmpty()) {
                long first = h.normalFlipFrames().get(0);
                found.add(new Anomaly(first, pair, Severity.medium, "NORMAL_FLIP", String.format("Contact normal "
                        + "%d–%d reverses %d times, first at frame %d.", pair.get(0), pair.get(1),
                        h.normalFlipFrames().size(), first), numbers("flip_frames", h.normalFlipFrames()),
                        List.of(history)));
            }
            sinking(h.contactRows(), threshold, pair, file, found);
        }
    }

    /** Depth above threshold that keeps growing for at least three frames: the body is sinking. */
    private static void sinking(List<ContactHistory.Row> rows, double threshold, List<Long> pair, String file,
                                List<Anomaly> found) {
        int i = 0;
        while (i < rows.size()) {
            if (!deeper(rows.get(i), threshold)) {
                i++;
                continue;
            }
            int end = i;
            int growth = 0;
            double deepest = rows.get(i).depthM();
            while (end + 1 < rows.size() && deeper(rows.get(end + 1), threshold)
                    && rows.get(end + 1).frameId() == rows.get(end).frameId() + 1) {
                if (rows.get(end + 1).depthM() > rows.get(end).depthM()) {
                    growth++;
                }
                deepest = Math.max(deepest, rows.get(end + 1).depthM());
                end++;
            }
            if (growth >= 2) {
                long first = rows.get(i).frameId();
                found.add(new Anomaly(first, pair, Severity.high, "EXCESSIVE_PENETRATION", String.format("Bodies "
                        + "%d–%d overlap more than %.3f m from frame %d and it keeps growing (deepest %.4f m by "
                        + "frame %d).", pair.get(0), pair.get(1), threshold, first, deepest,
                        rows.get(end).frameId()), numbers("max_depth_m", deepest, "frames", end - i + 1),
                        List.of(call("check_penetration", file, "frame_id", first),
                                call("get_contact_history", file, "body_a_id", pair.get(0), "body_b_id",
                                        pair.get(1), "start_frame", first, "end_frame", rows.get(end).frameId()))));
            }
            i = end + 1;
        }
    }

    private static boolean deeper(ContactHistory.Row row, double threshold) {
        return row.inContact() && row.depthM() != null && row.depthM() > threshold;
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
                found.add(new Anomaly(runStart, List.of(body), Severity.medium, "NOT_AT_REST", String.format("Body %d "
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
            found.add(new Anomaly(i.frameId(), List.of(i.bodyAId(), i.bodyBId()), gaining ? Severity.high
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
                found.add(new Anomaly(s.frameId(), s.bodies(), Severity.high, "MOMENTUM_NOT_CONSERVED",
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
                found.add(new Anomaly(f, List.of(), Severity.medium, "SOLVER_NOT_CONVERGED", "The contact solver "
                        + "did not converge at frame " + f + " (" + row.iterations() + " iterations, residual "
                        + row.residual() + ").", numbers("iterations", row.iterations(), "residual", row.residual()),
                        List.of(call("get_solver_diagnostics", file, "start_frame", f, "end_frame", f))));
            }
        }
    }
}
