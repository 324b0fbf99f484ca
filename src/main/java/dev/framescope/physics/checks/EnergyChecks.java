package dev.framescope.physics.checks;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.framescope.common.Bounded;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.checks.PhysicsArgs.AnomalyArgs;
import dev.framescope.physics.checks.PhysicsArgs.EnergySeriesArgs;
import dev.framescope.physics.store.Background;
import dev.framescope.physics.store.CollisionRows;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.FrameWindow;
import dev.framescope.physics.store.PhysicsModel.EnergyPoint;
import dev.framescope.physics.store.PhysicsModel.SystemEnergyPoint;
import dev.framescope.physics.store.RecordingSeries.ContactSummary;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Energy series and the energy-anomaly search. Formulas (docs/physics.md): ΔE_k = E_k − E_{k−1} from consecutive
 * {@code total_system_e}, never the stored frame-1 delta (MSD starts its running total at 0, so frame 1's delta is
 * the whole initial energy); expected loss of semi-implicit Euler in free fall −½·m·g²·dt² per body not in
 * contact; position-correction allowance max(m_A, m_B)·|g|·max(depth − slop, 0) per colliding pair (the inertial
 * body's mass against an environment body), the most potential energy split-impulse correction can add; losses are
 * judged against the contact model's bound ({@link EnergyBounds}).
 */
public final class EnergyChecks {

    static final double G = 9.81;
    public static final double SLOP_M = 0.005;

    private final Recordings recordings;

    public EnergyChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    /**
     * See {@link EnergySeries}: points for a short range, min/max buckets for a long one. {@code body_id} is set for
     * one body's series (points are {@link EnergyPoint}s) and absent for the system's ({@link SystemEnergyPoint}s).
     */
    public record EnergySeriesAnswer(int schemaVersion, String summary, Long bodyId, long startFrame, long endFrame,
                                     Bounded<?> points, String resolution, Integer bucketFrames,
                                     Long nextStartFrame, List<EnergySeries.Bucket> buckets) {
    }

    /** The body's series with {@code body_id}, else the system's. */
    public EnergySeriesAnswer energySeries(EnergySeriesArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return energySeries(lease.store(), args);
        }
    }

    private static EnergySeriesAnswer energySeries(RecordingStore store, EnergySeriesArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        if (args.bodyId() == null) {
            return answer(args, range, "System energy, ", EnergySeries.of(store.systemEnergy(),
                    SystemEnergyPoint::frameId, EnergySeries.SYSTEM, range, args.limit(), args.maxBuckets(),
                    args.fullResolution()));
        }
        List<EnergyPoint> all = store.bodyEnergy(args.bodyId());
        if (all.isEmpty()) {
            throw RecordingQueries.bodyNotFound(store, args.bodyId(), 0);
        }
        return answer(args, range, "Body " + args.bodyId() + " energy, ", EnergySeries.of(all,
                EnergyPoint::frameId, EnergySeries.BODY, range, args.limit(), args.maxBuckets(),
                args.fullResolution()));
    }

    private static EnergySeriesAnswer answer(EnergySeriesArgs args, FrameRange range, String what,
                                             EnergySeries.Series<?> series) {
        return new EnergySeriesAnswer(RecordingQueries.SCHEMA_VERSION, what + describe(series, range, args.limit()),
                args.bodyId(), range.start(), range.end(), series.points(), series.resolution(), series.bucketFrames(),
                series.nextStartFrame(), series.buckets());
    }

    private static String describe(EnergySeries.Series<?> series, FrameRange range, int limit) {
        String frames = String.format("frames %d–%d", range.start(), range.end());
        if (series.buckets() != null) {
            return String.format("%s in %d buckets of %d frames (min and max kept per bucket): %s. Pass "
                    + "full_resolution: true, or a shorter range, for every frame.", frames, series.buckets().size(),
                    series.bucketFrames(), series.extremes());
        }
        int shown = series.points().preview().size();
        return frames + " frame by frame: " + series.extremes() + (series.nextStartFrame() == null ? "."
                : String.format("; %d of %d points here%s, the next page starts at frame %d.", shown,
                series.points().count(), shown < limit ? " (as many as fit the 64 KiB answer)" : "",
                series.nextStartFrame()));
    }

    /**
     * One listed frame. {@code residualJ} = ΔE − expected free-fall change. Kinds: {@code injection} (residual above
     * threshold + allowance), {@code loss_at_contact} / {@code loss_without_contact} (a loss beyond the contact
     * model's bound by more than the threshold: residual < −(threshold + loss_bound_j), on a frame with or without
     * collisions), {@code expected_loss} (a loss above the threshold that the bound explains; listed only with
     * include_expected), {@code loss_not_judged} (a loss at contact beyond the part of the bound the recording allows
     * when it lacks the friction or contact rows the bound needs), {@code nonfinite} (the energy is NaN or infinite:
     * see find_nonfinite_state).
     * {@code lossBeyondBoundJ} = −residual − loss bound: positive is unexplained, negative is the margin left.
     * {@code bodyId}: the inertial body whose own recorded energy ({@code EnergyRecord.total_e}) changed most the
     * frame's way (rose most for an injection, fell most for a loss), {@code bodyDeltaEJ} its signed change; absent
     * without body energies, for an expected loss and for a non-finite frame. The body check 'all' names in its
     * finding.
     */
    public record EnergyAnomaly(long frameId, double simulationTime, @JsonProperty("delta_e_j") double deltaEJ,
                                double expectedFreeFallJ, double positionCorrectionAllowanceJ, double residualJ,
                                String kind, boolean collisionActive, boolean msdInjectionFlag, Double lossBoundJ,
                                Double lossBeyondBoundJ, EnergyBounds.Bound lossBound, Long bodyId,
                                @JsonProperty("body_delta_e_j") Double bodyDeltaEJ) {
        boolean isLoss() {
            return kind.equals("loss_at_contact") || kind.equals("loss_without_contact");
        }
    }

    public record EnergyAnomalies(int schemaVersion, String summary, double thresholdJ, long startFrame,
                                  long endFrame, int injections, int lossesAtContact, int lossesWithoutContact,
                                  int msdInjectionFlags, String baselineNote, Bounded<EnergyAnomaly> anomalies,
                                  int expectedLosses, Map<String, Integer> expectedLossesExplainedBy,
                                  LambdaConvention lambda, String lossBoundRule, int nonfiniteFrames,
                                  int lossesNotJudged) {
    }

    static final String LOSS_BOUND_RULE = "A loss is expected when −(ΔE − expected free fall) ≤ threshold + bound, "
            + "bound = Σ impacts (1 − e²)·½·m_eff·u⁻² (u⁻ = a pair's most negative pre_impact_rel_vel_normal, e its "
            + "effective restitution, m_eff = max(reduced mass, P_n/((1 + e)·|u⁻|)), P_n the pair's normal impulse) "
            + "+ Σ friction rows μ·|λn|·v_slip·dt (v_slip = larger tangential speed at the contact at step start and "
            + "end) + Σ bodies in contact ½·m·g²·dt² + Σ inertial pairs max(m)·g·max(depth − 0.005 m, 0).";

    public EnergyAnomalies anomalies(AnomalyArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            // A first scan reads what it needs itself (FrameWindow): the background read gives way meanwhile.
            return Background.foreground(() -> anomalies(lease.store(), args));
        }
    }

    private static EnergyAnomalies anomalies(RecordingStore store, AnomalyArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        Scan scan = scan(store, range, args.threshold(), args.lambdaUnit());
        List<EnergyAnomaly> found = scan.frames();
        List<EnergyAnomaly> injections = found.stream().filter(a -> a.kind().equals("injection")).toList();
        int atContact = (int) found.stream().filter(a -> a.kind().equals("loss_at_contact")).count();
        int withoutContact = (int) found.stream().filter(a -> a.kind().equals("loss_without_contact")).count();
        List<EnergyAnomaly> expected = found.stream().filter(a -> a.kind().equals("expected_loss")).toList();
        int nonfinite = (int) found.stream().filter(a -> a.kind().equals("nonfinite")).count();
        int notJudged = (int) found.stream().filter(a -> a.kind().equals("loss_not_judged")).count();
        Map<String, Integer> explainedBy = new TreeMap<>();
        expected.forEach(a -> explainedBy.merge(a.lossBound().dominant(), 1, Integer::sum));
        int msdFlags = (int) store.systemEnergy().stream()
                .filter(p -> p.frameId() > 1 && range.contains(p.frameId()) && p.energyInjection()).count();
        // Injections first, then unexplained losses: what a caller most likely looks for.
        List<EnergyAnomaly> ordered = new ArrayList<>(injections);
        found.stream().filter(EnergyAnomaly::isLoss).forEach(ordered::add);
        found.stream().filter(a -> a.kind().equals("loss_not_judged")).forEach(ordered::add);
        found.stream().filter(a -> a.kind().equals("nonfinite")).forEach(ordered::add);
        if (args.includeExpected()) {
            ordered.addAll(expected);
        }
        String summary = injections.isEmpty()
                ? "No energy injection above " + Findings.quantity(args.threshold(), "J") + " in frames "
                + range.start() + "–" + range.end()
                : injections.size() + " energy injection(s), first at frame " + injections.get(0).frameId()
                + " (" + Findings.signed(injections.get(0).residualJ(), "J") + body(injections.get(0)) + ")";
        Optional<EnergyAnomaly> firstLoss = found.stream().filter(EnergyAnomaly::isLoss).findFirst();
        summary += "; " + (atContact + withoutContact) + " loss(es) beyond the contact model's bound (" + atContact
                + " at contact, " + withoutContact + " without contact" + firstLoss.map(a -> "; first at frame "
                + a.frameId() + ", " + Findings.quantity(a.lossBeyondBoundJ(), "J") + " beyond it" + body(a))
                .orElse("") + ")";
        if (notJudged > 0) {
            summary += "; " + notJudged(notJudged, scan.missingTables());
        }
        if (nonfinite > 0) {
            summary += "; " + nonfinite + " frame(s) whose energy change is not finite (an energy recorded NULL or "
                    + "±Inf; listed as nonfinite, not judged)";
        }
        List<String> by = new ArrayList<>();
        explainedBy.forEach((term, n) -> by.add(n + " mostly by " + term));
        summary += expected.isEmpty() ? "." : "; " + expected.size() + " larger loss(es) within the bound ("
                + String.join(", ", by) + (args.includeExpected() ? "), listed as expected_loss."
                : "; include_expected lists them).");
        return new EnergyAnomalies(RecordingQueries.SCHEMA_VERSION, summary, args.threshold(), range.start(),
                range.end(), injections.size(), atContact, withoutContact, msdFlags,
                "Frame 1 is never listed: MSD-CPP's running total starts at 0, so its stored delta_e is the whole "
                        + "initial energy. ΔE is taken between consecutive frames instead; get_energy_series has "
                        + "every frame's energy.",
                Bounded.of(ordered, args.limit()), expected.size(), explainedBy, scan.lambda(), LOSS_BOUND_RULE,
                nonfinite, notJudged);
    }

    /** ", body 2 gains 45 J": the body a listed frame names, by its own change; nothing when it names none. */
    private static String body(EnergyAnomaly a) {
        if (a.bodyId() == null || a.bodyDeltaEJ() == null || !Double.isFinite(a.bodyDeltaEJ())) {
            return "";
        }
        double change = a.bodyDeltaEJ();
        boolean gains = a.kind().equals("injection");
        return (gains ? change > 0 : change < 0) ? ", body " + a.bodyId() + (gains ? " gains " : " loses ")
                + Findings.quantity(Math.abs(change), "J") : ", no inertial body's own energy "
                + (gains ? "rises" : "falls");
    }

    /**
     * The frames a scan lists (expected losses included), the λ convention the bounds used, if any, and the tables
     * the bound needs that the recording lacks.
     */
    record Scan(List<EnergyAnomaly> frames, LambdaConvention lambda, List<String> missingTables) {
        int notJudged() {
            return (int) frames.stream().filter(a -> a.kind().equals("loss_not_judged")).count();
        }
    }

    /** "13 loss(es) at contact not judged: the recording has no FrictionConstraintRecord table, …". */
    static String notJudged(int count, List<String> missingTables) {
        return count + " loss(es) at contact not judged: the recording has no " + String.join(" or ", missingTables)
                + " table, so the loss bound lacks its " + (missingTables.contains("ContactConstraintRecord")
                ? "impact and friction terms" : missingTables.contains("FrictionConstraintRecord")
                ? "friction term" : "friction term (no body states to take the slip from)")
                + " (listed as loss_not_judged)";
    }

    /** One step the scan lists or must bound: ΔE, the free-fall expectation, the residual and the frame's contacts. */
    private record Step(SystemEnergyPoint point, double dt, List<ContactSummary> contacts, double allowance,
                        double expected, double delta, double residual, String kind) {
    }

    /**
     * Every frame of {@code range} (after frame 1) whose energy change is an injection, a loss above the threshold
     * (beyond the contact bound, or expected) or not finite. With a null {@code unit} losses are not judged (no
     * bound is computed, nothing but injections and non-finite frames is listed): for callers that mark injections.
     * The bounds read the contacts and states of the losses' frames only, not the whole recording ({@link
     * FrameWindow}), so a first scan right after loading does not wait for the whole-recording series.
     */
    static Scan scan(RecordingStore store, FrameRange range, double threshold, LambdaUnit unit) {
        if (unit != null && store.hasStates()) {
            // Loss bounds read impulses by the λ convention, which comes from the recording's first frames, not
            // from the losses: measured beside the scan, it is ready when the first loss at contact needs it.
            LambdaConvention.measureAhead(store, unit);
        }
        Map<Long, Double> masses = MomentumChecks.masses(store);
        MassTable table = new MassTable(masses);
        CollisionRows contacts = store.collisionRows();
        List<SystemEnergyPoint> energy = store.systemEnergy();
        List<Step> steps = new ArrayList<>();
        for (int i = 1; i < energy.size(); i++) {
            SystemEnergyPoint point = energy.get(i);
            SystemEnergyPoint previous = energy.get(i - 1);
            if (!range.contains(point.frameId()) || point.frameId() != previous.frameId() + 1) {
                continue;
            }
            double dt = point.simulationTime() - previous.simulationTime();
            int first = contacts.start(point.frameId());
            int end = contacts.end(point.frameId());
            double allowance = table.allowance(contacts, first, end);
            double expected = table.freeFall(contacts, first, end, dt);
            double delta = point.totalSystemE() - previous.totalSystemE();
            double residual = delta - expected;
            String kind = residual > threshold + allowance ? "injection" : !Double.isFinite(delta) ? "nonfinite" : null;
            if (kind != null || residual < -threshold && unit != null) {
                steps.add(new Step(point, dt, contacts.at(point.frameId()), allowance, expected, delta, residual,
                        kind));
            }
        }
        List<Long> lossFrames = steps.stream().filter(step -> step.residual() < -threshold && unit != null)
                .map(step -> step.point().frameId()).toList();
        EnergyBounds bounds = new EnergyBounds(store, masses, unit, lossFrames.isEmpty() ? null
                : store.window(FrameWindow.spansWithPrevious(lossFrames)));
        List<EnergyAnomaly> found = new ArrayList<>();
        for (Step step : steps) {
            String kind = step.kind();
            EnergyBounds.Bound bound = null;
            if (step.residual() < -threshold && unit != null) {
                bound = bounds.at(step.point().frameId(), step.dt(), touching(step.contacts()), step.contacts());
                kind = step.residual() >= -(threshold + bound.totalJ()) ? "expected_loss"
                        : step.contacts().isEmpty() ? "loss_without_contact"
                        : bounds.missingTables().isEmpty() ? "loss_at_contact" : "loss_not_judged";
            }
            long frame = step.point().frameId();
            BodyChange body = kind.equals("nonfinite") || kind.equals("expected_loss") ? null
                    : BodyChange.at(store, frame, kind.equals("injection") ? 1 : -1);
            found.add(new EnergyAnomaly(frame, step.point().simulationTime(), step.delta(), step.expected(),
                    step.allowance(), step.residual(), kind, !step.contacts().isEmpty(),
                    step.point().energyInjection(), bound == null ? null : bound.totalJ(),
                    bound == null ? null : -step.residual() - bound.totalJ(), bound,
                    body == null ? null : body.bodyId(), body == null ? null : body.deltaEJ()));
        }
        return new Scan(found, bounds.convention(), bounds.missingTables());
    }

    /** The inertial bodies in contact this frame. */
    private static Set<Long> touching(List<ContactSummary> frameContacts) {
        Set<Long> touching = new HashSet<>();
        for (ContactSummary c : frameContacts) {
            for (long id : new long[] {c.bodyAId(), c.bodyBId()}) {
                if ((id & RecordingStore.ENVIRONMENT_FLAG) == 0) {
                    touching.add(id);
                }
            }
        }
        return touching;
    }

    /**
     * The inertial bodies' masses as arrays, for the per-frame sums of every step of a scan: boxed ids in sets and
     * maps cost most of a scan's time on the 10,000-frame recording. Sums run over the bodies in the map's order, as
     * they always did, so they are the same to the bit. Not thread-safe: one per scan.
     */
    private static final class MassTable {
        private final long[] ids;
        private final double[] kg;
        private final boolean[] touching;
        /** Body id − lowest id → its index + 1 (0: no mass), where the ids span few values, as instance ids do. */
        private final int[] slots;
        private final long lowest;

        MassTable(Map<Long, Double> masses) {
            ids = masses.keySet().stream().mapToLong(Long::longValue).toArray();
            kg = masses.values().stream().mapToDouble(Double::doubleValue).toArray();
            touching = new boolean[ids.length];
            lowest = Arrays.stream(ids).min().orElse(0);
            long span = Arrays.stream(ids).max().orElse(0) - lowest;
            slots = span < 1 << 16 ? new int[(int) span + 1] : null;
            for (int i = 0; slots != null && i < ids.length; i++) {
                slots[(int) (ids[i] - lowest)] = i + 1;
            }
        }

        /** The index of a body with a mass, or −1 (an environment body, or one without a mass). */
        private int indexOf(long id) {
            if (slots != null) {
                return id < lowest || id - lowest >= slots.length ? -1 : slots[(int) (id - lowest)] - 1;
            }
            for (int i = 0; i < ids.length; i++) {
                if (ids[i] == id) {
                    return i;
                }
            }
            return -1;
        }

        private void touch(long id) {
            int i = indexOf(id);
            if (i >= 0) {
                touching[i] = true;
            }
        }

        private double massOf(long id) {
            int i = indexOf(id);
            return i < 0 ? 0 : kg[i];
        }

        /**
         * Joules a resolved overlap may release: per contact (rows {@code first} until {@code end}), the heavier
         * body's m·g·(depth − slop).
         */
        double allowance(CollisionRows rows, int first, int end) {
            double allowance = 0;
            for (int row = first; row < end; row++) {
                double depth = Double.isFinite(rows.depth(row)) ? rows.depth(row) : 0;
                double raised = Math.max(massOf(rows.bodyA(row)), massOf(rows.bodyB(row)));
                allowance += raised * G * Math.max(depth - SLOP_M, 0);
            }
            return allowance;
        }

        /** The energy change free fall explains for the bodies not in contact: −½·m·g²·dt² each. */
        double freeFall(CollisionRows rows, int first, int end, double dt) {
            Arrays.fill(touching, false);
            for (int row = first; row < end; row++) {
                touch(rows.bodyA(row));
                touch(rows.bodyB(row));
            }
            double expected = 0;
            for (int i = 0; i < ids.length; i++) {
                if (!touching[i]) {
                    expected -= 0.5 * kg[i] * G * G * dt * dt;
                }
            }
            return expected;
        }
    }
}
