package dev.framescope.physics.checks;

import static dev.framescope.physics.checks.Findings.anomaly;
import static dev.framescope.physics.checks.Findings.call;
import static dev.framescope.physics.checks.Findings.check;
import static dev.framescope.physics.checks.Findings.numbers;

import dev.framescope.physics.checks.Findings.Span;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.checks.Triage.Anomaly;
import dev.framescope.physics.checks.Triage.NextCall;
import dev.framescope.physics.checks.Triage.Severity;
import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.EnergyPoint;
import dev.framescope.physics.store.PhysicsModel.SystemEnergyPoint;
import dev.framescope.physics.store.RecordingStore;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Triage's energy findings: energy recorded non-finite (NONFINITE_ENERGY: those frames cannot be judged, which must
 * not pass for "no anomaly"), and injections and losses beyond the contact model's bound (ENERGY_INJECTION,
 * ENERGY_LOSS) by {@link EnergyChecks}' rules.
 */
final class EnergyFindings {

    private EnergyFindings() {
    }

    /**
     * Frames of {@code range} whose recorded total energy, the system's or a body's, is NaN (stored as NULL) or
     * infinite: one finding over them, on the bodies whose own total is affected.
     */
    static void nonfinite(RecordingStore store, FrameRange range, String file, List<Anomaly> found) {
        SortedSet<Long> frames = new TreeSet<>();
        List<String> what = new ArrayList<>();
        List<Long> bodies = new ArrayList<>();
        boolean infinite = false;
        if (!store.missingTables().contains("EnergyRecord")) {
            for (long body : BodyIds.inertial(store)) {
                boolean affected = false;
                for (EnergyPoint p : store.bodyEnergy(body)) {
                    if (range.contains(p.frameId()) && !Double.isFinite(p.totalE())) {
                        frames.add(p.frameId());
                        infinite |= Double.isInfinite(p.totalE());
                        affected = true;
                    }
                }
                if (affected) {
                    bodies.add(body);
                    what.add("body " + body + "'s total_e");
                }
            }
        }
        if (!store.missingTables().contains("SystemEnergyRecord")) {
            boolean affected = false;
            for (SystemEnergyPoint p : store.systemEnergy()) {
                if (range.contains(p.frameId()) && !Double.isFinite(p.totalSystemE())) {
                    frames.add(p.frameId());
                    infinite |= Double.isInfinite(p.totalSystemE());
                    affected = true;
                }
            }
            if (affected) {
                what.add("the system's total_system_e");
            }
        }
        if (frames.isEmpty()) {
            return;
        }
        long first = frames.first();
        long last = frames.last();
        int count = frames.size();
        long span = range.end() - range.start() + 1;
        String where = count == 1 ? "at frame " + first : count == span ? "on all " + count + " frames (" + first
                + "–" + last + ")" : "on " + count + " frames in " + first + "–" + last;
        String names = what.size() <= 4 ? join(what) : join(what.subList(0, 3)) + " and " + (what.size() - 3)
                + " more";
        found.add(anomaly(new Span(first, last, count, first), List.copyOf(bodies), Severity.high,
                "NONFINITE_ENERGY", "Recorded energy is not finite (" + (infinite ? "NULL or ±Inf" : "NULL") + ") "
                + where + ": " + names + "; the energy checks cannot judge " + (count == 1 ? "that frame"
                : "those frames") + ".", numbers("frames_affected", count, "fields", what),
                List.of(call("get_energy_series", file, "start_frame", first, "end_frame",
                        Math.min(last, first + 4)), check("nonfinite", file))));
    }

    private static String join(List<String> parts) {
        return parts.size() == 1 ? parts.get(0) : String.join(", ", parts.subList(0, parts.size() - 1)) + " and "
                + parts.get(parts.size() - 1);
    }

    /**
     * Injections (ENERGY_INJECTION) and losses beyond the contact model's bound (ENERGY_LOSS), each blamed on the
     * body whose own energy changed most in that direction at that frame ({@link BodyChange}, as the energy check).
     */
    static void changes(RecordingStore store, FrameRange all, double threshold, String file, List<Anomaly> found,
                        List<Triage.Skipped> skipped) {
        EnergyChecks.Scan scan = EnergyChecks.scan(store, all, threshold, LambdaUnit.auto);
        if (scan.notJudged() > 0) {
            skipped.add(new Triage.Skipped("energy (losses at contact)", EnergyChecks.notJudged(scan.notJudged(),
                    scan.missingTables())));
        }
        for (EnergyChecks.EnergyAnomaly a : scan.frames()) {
            boolean injection = a.kind().equals("injection");
            if (!injection && !a.isLoss()) {
                continue;
            }
            List<NextCall> next = List.of(call("get_recording_frame", file, "frame_id", a.frameId()),
                    call("get_energy_series", file, "start_frame", Math.max(1, a.frameId() - 2),
                            "end_frame", Math.min(store.frameCount(), a.frameId() + 2)));
            List<Long> bodies = a.bodyId() == null ? List.of() : List.of(a.bodyId());
            String culprit = culprit(a, injection ? "gains" : "loses");
            if (injection) {
                found.add(anomaly(Span.at(a.frameId()), bodies, Severity.high, "ENERGY_INJECTION", String.format(
                        "%s of energy appear at frame %d beyond the integrator's expected change (ΔE = %s%s).",
                        Findings.signed(a.residualJ(), "J"), a.frameId(), Findings.signed(a.deltaEJ(), "J"),
                        culprit), numbers("delta_e_j", a.deltaEJ(), "residual_j", a.residualJ(),
                        "body_delta_e_j", a.bodyDeltaEJ()), next));
            } else {
                found.add(anomaly(Span.at(a.frameId()), bodies, Severity.high, "ENERGY_LOSS", String.format(
                        "%s of energy vanish at frame %d beyond what the contacts may dissipate (%s lost, bound "
                        + "%s%s).", Findings.quantity(a.lossBeyondBoundJ(), "J"), a.frameId(),
                        Findings.quantity(-a.residualJ(), "J"), Findings.quantity(a.lossBoundJ(), "J"),
                        culprit), numbers("delta_e_j", a.deltaEJ(), "loss_beyond_bound_j",
                        a.lossBeyondBoundJ(), "loss_bound_j", a.lossBoundJ(), "body_delta_e_j", a.bodyDeltaEJ()),
                        List.of(check("energy", file, "start_frame", a.frameId(), "end_frame",
                                a.frameId(), "include_expected", true), next.get(0))));
            }
        }
    }

    /**
     * "; body 2 loses 1.619 J": the body the finding names, by how much (a positive amount: the verb carries the
     * direction); nothing when no inertial body's energy is recorded, and when no body's energy changed that way,
     * says so.
     */
    private static String culprit(EnergyChecks.EnergyAnomaly a, String verb) {
        if (a.bodyId() == null) {
            return "";
        }
        double amountJ = verb.equals("gains") ? a.bodyDeltaEJ() : -a.bodyDeltaEJ();
        return amountJ > 0 ? "; body " + a.bodyId() + " " + verb + " " + Findings.quantity(amountJ, "J")
                : "; no inertial body's own energy " + (verb.equals("gains") ? "rises" : "falls");
    }
}
