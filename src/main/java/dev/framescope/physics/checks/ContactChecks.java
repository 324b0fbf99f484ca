package dev.framescope.physics.checks;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.framescope.common.Bounded;
import dev.framescope.physics.checks.ContactPoints.Located;
import dev.framescope.physics.checks.LambdaConvention.LambdaUnit;
import dev.framescope.physics.checks.PhysicsArgs.FrictionConeArgs;
import dev.framescope.physics.checks.PhysicsArgs.PenetrationArgs;
import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.PhysicsModel.CollisionInfo;
import dev.framescope.physics.store.PhysicsModel.ContactConstraintInfo;
import dev.framescope.physics.store.PhysicsModel.ContactPoint;
import dev.framescope.physics.store.PhysicsModel.FrictionConstraintInfo;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.List;

/** Per-frame contact checks: the friction cone and penetration depth. */
public final class ContactChecks {

    private final Recordings recordings;

    public ContactChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    /**
     * One friction row. |λt| = √(λt1² + λt2²); limit = μ·λn; utilisation = |λt| / limit (≈ 1 sliding, < 1
     * sticking); violation when |λt| > limit·(1 + ε_rel) + ε_abs; margin = limit·(1 + ε_rel) + ε_abs − |λt|
     * (negative = violated); {@code negativeNormal} when λn < −ε_abs (a pulling contact). {@code boxUtilisation} =
     * max(|λt1|, |λt2|) / (μ/√2·λn), the inscribed box MSD-CPP's solver enforces (≈ 1 when it saturates while
     * sliding). {@code contactPoint}: see {@link FrictionConeReport#contactPointSource}. {@code tangent1Force},
     * {@code tangent2Force}, {@code totalTangentForce}, {@code exceedsLimit} and {@code margin} repeat λt1, λt2, |λt|,
     * violation and margin_n under the MSD-CPP replay server's names.
     */
    public record ConeRow(int index, @JsonProperty("body_a_id") long bodyAId, @JsonProperty("body_b_id") long bodyBId,
                          double frictionCoefficient, double normalLambdaN, double tangentLambdaN, double limitN,
                          Double utilisation, double marginN, boolean violation, boolean negativeNormal,
                          double tangent1LambdaN, double tangent2LambdaN, double boxLimitN, Double boxUtilisation,
                          Vec3 contactPoint, String contactPointFrom, double tangent1Force, double tangent2Force,
                          double totalTangentForce, boolean exceedsLimit, double margin) {
    }

    public record FrictionConeReport(int schemaVersion, String summary, long frameId, String model,
                                     double relativeTolerance, double absoluteToleranceN, int rows, int violations,
                                     Bounded<ConeRow> checked, String lambdaUnit, LambdaConvention lambda,
                                     String contactPointSource) {
    }

    public FrictionConeReport frictionCone(FrictionConeArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return frictionCone(lease.store(), args);
        }
    }

    private static FrictionConeReport frictionCone(RecordingStore store, FrictionConeArgs args) {
        store.require("FrictionConstraintRecord", "the friction_cone check");
        long frame = FrameRange.frame(store, "frame_id", args.frameId());
        if (args.bodyId() != null) {
            BodyIds.requireKnown(store, "body_id", args.bodyId());
        }
        List<FrictionConstraintInfo> rows = store.friction(frame);
        // The ratios below need no unit, but a reader of λ does: MSD-CPP documents newtons and records impulses.
        LambdaConvention lambda = LambdaConvention.of(store, LambdaUnit.auto);
        ContactPoints points = new ContactPoints(store, frame, rows);
        List<ConeRow> checked = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            FrictionConstraintInfo f = rows.get(i);
            Located point = points.next(f);
            if (args.bodyId() != null && f.bodyAId() != args.bodyId() && f.bodyBId() != args.bodyId()) {
                continue;
            }
            checked.add(cone(i, f, args.relativeTolerance(), args.absoluteToleranceN(), point));
        }
        List<ConeRow> violations = checked.stream().filter(r -> r.violation() || r.negativeNormal()).toList();
        List<ConeRow> ordered = new ArrayList<>(violations);
        checked.stream().filter(r -> !violations.contains(r)).forEach(ordered::add);
        double worst = checked.stream().map(ConeRow::utilisation).filter(u -> u != null).mapToDouble(u -> u)
                .max().orElse(0);
        double worstBox = checked.stream().map(ConeRow::boxUtilisation).filter(u -> u != null).mapToDouble(u -> u)
                .max().orElse(0);
        String summary = checked.isEmpty() ? "No friction rows at frame " + frame
                + (args.bodyId() != null ? " for body " + args.bodyId() : "") + "."
                : String.format("Frame %d: %d of %d friction rows violate the cone (max |λt|/(μ·λn) %s; max inscribed-"
                + "box utilisation %s; λ in %s).", frame, violations.size(), checked.size(), Findings.number(worst),
                Findings.number(worstBox), lambda.unit());
        return new FrictionConeReport(RecordingQueries.SCHEMA_VERSION, summary, frame,
                "circular cone |λt| ≤ μ·λn; MSD-CPP's solver enforces the inscribed box |λt_i| ≤ μ/√2·λn, which "
                        + "lies inside it", args.relativeTolerance(), args.absoluteToleranceN(), checked.size(),
                violations.size(), Bounded.of(ordered, args.limit()), lambda.unit(), lambda, ContactPoints.SOURCE);
    }

    static ConeRow cone(int index, FrictionConstraintInfo f, double relative, double absolute, Located point) {
        double tangent = Math.hypot(f.tangent1Lambda(), f.tangent2Lambda());
        double limit = f.frictionCoefficient() * f.normalLambda();
        double bound = limit * (1 + relative) + absolute;
        Double utilisation = limit > 0 ? tangent / limit : null;
        double boxLimit = limit / Math.sqrt(2);
        double box = boxUtilisation(f.frictionCoefficient(), f.normalLambda(), f.tangent1Lambda(),
                f.tangent2Lambda());
        boolean violation = tangent > bound;
        return new ConeRow(index, f.bodyAId(), f.bodyBId(), f.frictionCoefficient(), f.normalLambda(), tangent,
                limit, utilisation, bound - tangent, violation, f.normalLambda() < -absolute, f.tangent1Lambda(),
                f.tangent2Lambda(), boxLimit, Double.isNaN(box) ? null : box, point.point(), point.from(),
                f.tangent1Lambda(), f.tangent2Lambda(), tangent, violation, bound - tangent);
    }

    /** max(|λt1|, |λt2|) / (μ/√2·λn); NaN when the bound is not positive. */
    static double boxUtilisation(double mu, double normalLambda, double tangent1Lambda, double tangent2Lambda) {
        double boxLimit = mu * normalLambda / Math.sqrt(2);
        return boxLimit > 0 ? Math.max(Math.abs(tangent1Lambda), Math.abs(tangent2Lambda)) / boxLimit : Double.NaN;
    }

    /**
     * One colliding pair. {@code maxDepthM} is the largest of the pair's EPA depth, its contact points' depths and
     * its contact constraints' depths (positive = overlap). Band: ok ≤ 0.005 m (slop), warn ≤ threshold, violation
     * above.
     */
    public record PenetrationRow(@JsonProperty("body_a_id") long bodyAId, @JsonProperty("body_b_id") long bodyBId, double penetrationDepthM, double maxPointDepthM,
                                 double maxConstraintDepthM, double maxDepthM, String band, boolean flagged) {
    }

    public record PenetrationReport(int schemaVersion, String summary, long frameId, double thresholdM, int pairs,
                                    int flagged, Bounded<PenetrationRow> pairsChecked) {
    }

    public PenetrationReport penetration(PenetrationArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return penetration(lease.store(), args);
        }
    }

    private static PenetrationReport penetration(RecordingStore store, PenetrationArgs args) {
        long frame = FrameRange.frame(store, "frame_id", args.frameId());
        List<ContactConstraintInfo> constraints = store.contactConstraints(frame);
        List<PenetrationRow> rows = new ArrayList<>();
        for (CollisionInfo c : store.collisions(frame)) {
            double points = c.contacts().stream().mapToDouble(ContactPoint::depth).filter(Double::isFinite).max()
                    .orElse(Double.NaN);
            double constraint = constraints.stream()
                    .filter(k -> k.bodyAId() == c.bodyAId() && k.bodyBId() == c.bodyBId())
                    .mapToDouble(ContactConstraintInfo::penetrationDepth).filter(Double::isFinite).max()
                    .orElse(Double.NaN);
            double max = maxFinite(c.penetrationDepth(), points, constraint);
            String band = max <= EnergyChecks.SLOP_M ? "ok" : max <= args.threshold() ? "warn" : "violation";
            rows.add(new PenetrationRow(c.bodyAId(), c.bodyBId(), c.penetrationDepth(), points, constraint, max,
                    band, max > args.threshold()));
        }
        rows.sort((a, b) -> Double.compare(b.maxDepthM(), a.maxDepthM()));
        long flagged = rows.stream().filter(PenetrationRow::flagged).count();
        String summary = rows.isEmpty() ? "No colliding pairs at frame " + frame + "."
                : String.format("Frame %d: %d of %d pairs deeper than %s (deepest %s, %s).", frame,
                flagged, rows.size(), Findings.metres(args.threshold()), Findings.metres(rows.get(0).maxDepthM()),
                BodyIds.pair(store, rows.get(0).bodyAId(), rows.get(0).bodyBId()));
        return new PenetrationReport(RecordingQueries.SCHEMA_VERSION, summary, frame, args.threshold(), rows.size(),
                (int) flagged, Bounded.of(rows, 50));
    }

    private static double maxFinite(double... values) {
        double max = Double.NaN;
        for (double v : values) {
            if (Double.isFinite(v) && (Double.isNaN(max) || v > max)) {
                max = v;
            }
        }
        return max;
    }
}
