package dev.framescope.physics.checks;

import static dev.framescope.physics.checks.Findings.anomaly;
import static dev.framescope.physics.checks.Findings.call;
import static dev.framescope.physics.checks.Findings.check;
import static dev.framescope.physics.checks.Findings.numbers;

import dev.framescope.physics.checks.Findings.Span;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.checks.PhysicsArgs.TriageArgs;
import dev.framescope.physics.checks.Triage.Anomaly;
import dev.framescope.physics.checks.Triage.Severity;
import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.StateSeries;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Triage's checks of state, friction, rest, velocity jumps, impacts, momentum and the solver, one method each (energy:
 * {@link EnergyFindings}; contact pairs: {@link PairFindings}).
 */
final class TriageChecks {

    /** Triage's fixed tolerances, as the single-purpose tools' defaults; echoed in its answer. */
    static final double QUATERNION_TOLERANCE = 1e-6;
    static final double FRICTION_RELATIVE_TOLERANCE = 0.01;
    static final double FRICTION_ABSOLUTE_TOLERANCE_N = 1e-9;

    private TriageChecks() {
    }

    static void nonfinite(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        Set<Long> reported = new LinkedHashSet<>();
        for (MotionChecks.NonfiniteFinding f : MotionChecks.scanNonfinite(store, all, QUATERNION_TOLERANCE)) {
            boolean unit = f.kind().equals("non-unit quaternion");
            if (!unit && !reported.add(f.bodyId())) {
                continue; // the earliest field of a body is the cause; the others follow from it
            }
            long worstFrame = unit ? f.worstFrame() : f.firstFrame();
            String norm = unit ? String.format(" (|q| = %s%s)", Findings.number(f.quaternionNorm()),
                    f.framesAffected() == 1 ? "" : " at frame " + worstFrame + ", the furthest from 1") : "";
            found.add(anomaly(new Span(f.firstFrame(), f.lastFrame(), f.framesAffected(), worstFrame),
                    List.of(f.bodyId()), unit ? Severity.medium : Severity.critical,
                    unit ? "QUATERNION_NOT_UNIT" : "NONFINITE_STATE", "Body " + f.bodyId() + " " + f.field() + " is "
                    + (unit ? "a " : "") + f.kind() + " " + f.frames() + norm + ".",
                    unit ? numbers("field", f.field(), "frames_affected", f.framesAffected(), "quaternion_norm",
                            f.quaternionNorm(), "norm_error", f.quaternionNormError())
                            : numbers("field", f.field(), "frames_affected", f.framesAffected()),
                    List.of(call("get_recording_frame", file, "body_id", f.bodyId(), "frame_id", f.firstFrame()),
                            check("nonfinite", file))));
        }
    }

    static void friction(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        ContactSeries contacts = store.contactSeries();
        for (long f = all.start(); f <= all.end(); f++) {
            int violations = 0;
            double worst = 0;
            double worstBox = 0;
            ContactSeries.Friction example = null;
            for (ContactSeries.Friction row : contacts.friction(f)) {
                double tangent = Math.hypot(row.tangent1Lambda(), row.tangent2Lambda());
                double limit = row.mu() * row.normalLambda();
                if (tangent > limit * (1 + FRICTION_RELATIVE_TOLERANCE) + FRICTION_ABSOLUTE_TOLERANCE_N) {
                    violations++;
                    if (example == null || (limit > 0 && tangent / limit > worst)) {
                        worst = limit > 0 ? tangent / limit : Double.POSITIVE_INFINITY;
                        worstBox = ContactChecks.boxUtilisation(row.mu(), row.normalLambda(), row.tangent1Lambda(),
                                row.tangent2Lambda());
                        example = row;
                    }
                }
            }
            if (example != null) {
                found.add(anomaly(Span.at(f), List.of(example.bodyA(), example.bodyB()), Severity.high,
                        "FRICTION_CONE_VIOLATION", String.format("Friction exceeds the cone at frame %d: %d row(s), "
                        + "|λt|/(μ·λn) up to %s (inscribed box max|λt_i|/(μ/√2·λn) %s; %s).", f,
                        violations, Findings.number(worst), Findings.number(worstBox),
                        BodyIds.pair(store, example.bodyA(), example.bodyB())), numbers("violating_rows", violations,
                        "max_utilisation", worst, "box_utilisation", worstBox),
                        List.of(check("friction_cone", file, "frame_id", f))));
            }
        }
    }

    /**
     * Bodies in contact at the last frame that are neither at rest nor sliding or rolling (see {@link RestingContact})
     * and have moved in contact for at least the rest window: they never come to rest. A box still sliding, or one
     * that slid and stopped, is not a failure.
     */
    static void resting(RecordingStore store, FrameRange range, TriageArgs args, String file, List<Anomaly> found) {
        long last = range.end();
        RestingContact.Rules rules = new RestingContact.Rules(args.velocityThreshold(),
                args.angularVelocityThreshold(), args.restWindowFrames());
        for (long body : store.contactSeries().inertialInContact(last).stream().sorted().toList()) {
            RestingContact.Verdict v = RestingContact.judge(store, body, last, rules);
            RestingContact.Motion m = v.motion();
            if (m == null || v.travelling() || m.frames() < args.restWindowFrames()) {
                continue;
            }
            found.add(anomaly(new Span(m.firstFrame(), last, m.frames(), m.firstFrame()), List.of(body),
                    Severity.medium, "NOT_AT_REST", String.format("Body %d is in contact but never comes to rest: %s "
                    + "on frames %d–%d (%d frames, to the %s); in frames %d–%d its velocity reverses %d "
                    + "times and it moves %s net over a %s path; |v| = %s m/s, |ω| = %s rad/s at the end.", body,
                    v.state(), m.firstFrame(), last, m.frames(), last == store.frameCount() ? "last frame"
                    : "end of the frames checked", m.classifiedFromFrame(), last, m.reversals(),
                    Findings.metres(m.netDisplacementM()), Findings.metres(m.pathLengthM()),
                    Findings.number(v.speedMPerS()), Findings.number(v.angularSpeedRadS())),
                    numbers("frames", m.frames(), "state", v.state(), "reversals", m.reversals(),
                            "net_displacement_m", m.netDisplacementM(), "path_length_m", m.pathLengthM(),
                            "velocity_threshold", args.velocityThreshold(), "angular_velocity_threshold",
                            args.angularVelocityThreshold()),
                    List.of(check("resting_contact", file, "frame_id", last),
                            check("body_motion", file, "body_id", body, "start_frame", m.firstFrame(),
                                    "end_frame", last))));
        }
    }

    /** Steps without contact whose velocity change the recorded acceleration does not explain (VelocityChanges). */
    static void velocityJumps(RecordingStore store, FrameRange all, double tolerance, String file,
                              List<Anomaly> found) {
        ContactSeries contacts = store.contactSeries();
        for (long body : BodyIds.inertial(store)) {
            for (long k = Math.max(2, all.start()); k <= all.end(); k++) {
                if (contacts.inContact(body, k)) {
                    continue; // a step with contact is explained by its impulses (VelocityChanges), never flagged
                }
                VelocityChanges.Step step = VelocityChanges.step(store, body, k, tolerance);
                if (step == null || !step.unexplained()) {
                    continue;
                }
                StateSeries.State before = store.stateSeries().at(body, k - 1);
                StateSeries.State now = store.stateSeries().at(body, k);
                found.add(anomaly(Span.at(k), List.of(body), Severity.high, "VELOCITY_JUMP", String.format("Body %d "
                        + "is not in contact at frame %d, yet its speed goes %s → %s m/s: |Δv − a·dt| = %s m/s "
                        + "beyond the recorded acceleration (|Δv − g·dt| = %s m/s; tolerance %s m/s).", body, k,
                        Findings.number(before.velocity().norm()), Findings.number(now.velocity().norm()),
                        Findings.number(step.residual()), Findings.number(step.residualVsGravityMPerS()),
                        Findings.number(tolerance)), numbers("residual_m_s", step.residual(),
                        "residual_vs_gravity_m_s", step.residualVsGravityMPerS(), "speed_before_m_s",
                        before.velocity().norm(), "speed_after_m_s", now.velocity().norm()),
                        List.of(check("body_motion", file, "body_id", body, "start_frame", k - 1,
                                "end_frame", k), call("get_recording_frame", file, "frame_id", k))));
            }
        }
    }

    private static String impactMessage(RecordingStore store, ImpactChecks.Impact i, boolean gaining) {
        String when = i.frames() == 1 ? "at frame " + i.firstFrame()
                : "over frames " + i.firstFrame() + "–" + i.lastFrame();
        String outcome = gaining ? String.format("separates at %s m/s, more than e·u⁻ = %s m/s allows (e = %s, "
                        + "tolerance 0.157 m/s)", Findings.number(i.postNormalVelocityMPerS()),
                Findings.number(i.expectedPostMPerS()), Findings.number(i.effectiveRestitution()))
                : String.format("is still approaching at %s m/s after the solve (expected to separate at %s m/s, "
                        + "e = %s)", Findings.number(-i.postNormalVelocityMPerS()),
                Findings.number(i.expectedPostMPerS()), Findings.number(i.effectiveRestitution()));
        return String.format("%s hit %s at %s m/s (%d contact row%s) and %s.",
                Findings.capitalised(BodyIds.pair(store, i.bodyAId(), i.bodyBId())), when,
                Findings.number(-i.preNormalVelocityMPerS()), i.contactRows(), i.contactRows() == 1 ? "" : "s",
                outcome);
    }

    /** One finding per impact (a pair's approach event), not per contact row. */
    static void impacts(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        for (ImpactChecks.Impact i : ImpactChecks.impacts(store, all, 0.157, 0.5)) {
            if (i.verdict().equals("ok")) {
                continue;
            }
            boolean gaining = i.verdict().equals("energy_gaining");
            found.add(anomaly(new Span(i.firstFrame(), i.lastFrame(), 1, i.worstFrame()), List.of(i.bodyAId(),
                    i.bodyBId()), gaining ? Severity.high : Severity.medium, gaining ? "RESTITUTION_GAIN"
                    : "STILL_APPROACHING", impactMessage(store, i, gaining),
                    numbers("pre_normal_velocity_m_s", i.preNormalVelocityMPerS(), "post_normal_velocity_m_s",
                            i.postNormalVelocityMPerS(), "effective_restitution", i.effectiveRestitution(),
                            "contact_rows", i.contactRows()),
                    List.of(check("restitution", file, "start_frame", i.firstFrame(), "end_frame",
                            i.lastFrame()))));
        }
    }

    /** Pairs in contact whose impulses on each other are not equal and opposite (check_momentum's rule). */
    static void momentum(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        for (MomentumChecks.MomentumStep s : MomentumChecks.scan(store, all, 1e-6, LambdaUnit.auto).steps()) {
            if (s.violation()) {
                found.add(anomaly(Span.at(s.frameId()), s.bodies(), Severity.high, "MOMENTUM_NOT_CONSERVED",
                        String.format("Bodies %d and %d do not exert equal and opposite impulses on each other at "
                                + "frame %d: |J_A←B + J_B←A| = %s.", s.bodies().get(0), s.bodies().get(1),
                                s.frameId(), Findings.quantity(s.residualKgMPerS(), "kg·m/s")),
                        numbers("residual_kg_m_s", s.residualKgMPerS()),
                        List.of(check("momentum", file, "start_frame", s.frameId(), "end_frame", s.frameId()))));
            }
        }
    }

    static void solver(RecordingStore store, FrameRange all, String file, List<Anomaly> found) {
        for (long f = all.start(); f <= all.end(); f++) {
            PhysicsModel.SolverDiagnostics row = store.solver(f);
            if (row != null && row.solved() && !row.converged()) {
                found.add(anomaly(Span.at(f), List.of(), Severity.medium, "SOLVER_NOT_CONVERGED", "The contact solver "
                        + "did not converge at frame " + f + " (" + row.iterations() + " iterations, residual "
                        + (Double.isNaN(row.residual()) ? "not recorded (NULL)" : Findings.number(row.residual()))
                        + ").", numbers("iterations", row.iterations(), "residual", row.residual()),
                        List.of(check("solver", file, "start_frame", f, "end_frame", f))));
            }
        }
    }
}
