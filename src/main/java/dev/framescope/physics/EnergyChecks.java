package dev.framescope.physics;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.framescope.common.Bounded;
import dev.framescope.physics.PhysicsArgs.AnomalyArgs;
import dev.framescope.physics.PhysicsArgs.BodyRangeArgs;
import dev.framescope.physics.PhysicsArgs.SystemEnergyArgs;
import dev.framescope.physics.PhysicsModel.BodyMetadata;
import dev.framescope.physics.PhysicsModel.EnergyPoint;
import dev.framescope.physics.PhysicsModel.SystemEnergyPoint;
import dev.framescope.physics.RecordingSeries.ContactSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Energy series and the energy-anomaly search. Formulas (docs/physics.md): ΔE_k = E_k − E_{k−1} from consecutive
 * {@code total_system_e}, never the stored frame-1 delta (MSD starts its running total at 0, so frame 1's delta is
 * the whole initial energy); expected loss of semi-implicit Euler in free fall −½·m·g²·dt² per body not in
 * contact; position-correction allowance m·|g|·max(depth − slop, 0) per body in ground contact, the most potential
 * energy split-impulse correction can add.
 */
public final class EnergyChecks {

    static final double G = 9.81;
    static final double SLOP_M = 0.005;

    private final Recordings recordings;

    public EnergyChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    /** See {@link EnergySeries}: points for a short range, min/max buckets for a long one. */
    public record SystemEnergySeries(int schemaVersion, String summary, long startFrame, long endFrame,
                                     Bounded<SystemEnergyPoint> points, String resolution, Integer bucketFrames,
                                     Long nextStartFrame, List<EnergySeries.Bucket> buckets) {
    }

    public SystemEnergySeries systemEnergy(SystemEnergyArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        EnergySeries.Series<SystemEnergyPoint> series = EnergySeries.of(store.systemEnergy(),
                SystemEnergyPoint::frameId, EnergySeries.SYSTEM, range, args.limit(), args.maxBuckets(),
                args.fullResolution());
        return new SystemEnergySeries(RecordingQueries.SCHEMA_VERSION, "System energy, " + describe(series, range),
                range.start(), range.end(), series.points(), series.resolution(), series.bucketFrames(),
                series.nextStartFrame(), series.buckets());
    }

    public record BodyEnergySeries(int schemaVersion, String summary, long bodyId, long startFrame, long endFrame,
                                   Bounded<EnergyPoint> points, String resolution, Integer bucketFrames,
                                   Long nextStartFrame, List<EnergySeries.Bucket> buckets) {
    }

    public BodyEnergySeries bodyEnergy(BodyRangeArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        List<EnergyPoint> all = store.bodyEnergy(args.bodyId());
        if (all.isEmpty()) {
            throw RecordingQueries.bodyNotFound(store, args.bodyId(), 0);
        }
        EnergySeries.Series<EnergyPoint> series = EnergySeries.of(all, EnergyPoint::frameId, EnergySeries.BODY,
                range, args.limit(), args.maxBuckets(), args.fullResolution());
        return new BodyEnergySeries(RecordingQueries.SCHEMA_VERSION, "Body " + args.bodyId() + " energy, "
                + describe(series, range), args.bodyId(), range.start(), range.end(), series.points(),
                series.resolution(), series.bucketFrames(), series.nextStartFrame(), series.buckets());
    }

    private static String describe(EnergySeries.Series<?> series, FrameRange range) {
        String frames = String.format("frames %d–%d", range.start(), range.end());
        if (series.buckets() != null) {
            return String.format("%s in %d buckets of %d frames (min and max kept per bucket): %s. Pass "
                    + "full_resolution: true, or a shorter range, for every frame.", frames, series.buckets().size(),
                    series.bucketFrames(), series.extremes());
        }
        return frames + " frame by frame: " + series.extremes() + (series.nextStartFrame() == null ? "."
                : String.format("; %d of %d points here, the next page starts at frame %d.",
                series.points().preview().size(), series.points().count(), series.nextStartFrame()));
    }

    /**
     * One listed frame. {@code residualJ} = ΔE − expected free-fall change. Kinds: {@code injection} (residual above
     * threshold + allowance), {@code loss_at_contact} (below −threshold on a frame with collisions: impacts and
     * friction dissipate), {@code loss_without_contact} (below −threshold with no collision: numerical damping),
     * {@code nonfinite} (the energy is NaN or infinite: see find_nonfinite_state).
     */
    public record EnergyAnomaly(long frameId, double simulationTime, @JsonProperty("delta_e_j") double deltaEJ, double expectedFreeFallJ,
                                double positionCorrectionAllowanceJ, double residualJ, String kind,
                                boolean collisionActive, boolean msdInjectionFlag) {
    }

    public record EnergyAnomalies(int schemaVersion, String summary, double thresholdJ, long startFrame,
                                  long endFrame, int injections, int lossesAtContact, int lossesWithoutContact,
                                  int msdInjectionFlags, String baselineNote, Bounded<EnergyAnomaly> anomalies) {
    }

    public EnergyAnomalies anomalies(AnomalyArgs args) {
        RecordingStore store = recordings.resolve(args.recording());
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        List<EnergyAnomaly> found = scan(store, range, args.threshold());
        List<EnergyAnomaly> injections = found.stream().filter(a -> a.kind().equals("injection")).toList();
        int atContact = (int) found.stream().filter(a -> a.kind().equals("loss_at_contact")).count();
        int withoutContact = (int) found.stream().filter(a -> a.kind().equals("loss_without_contact")).count();
        int msdFlags = (int) store.systemEnergy().stream()
                .filter(p -> p.frameId() > 1 && range.contains(p.frameId()) && p.energyInjection()).count();
        // Injections first: they are what a caller most likely looks for.
        List<EnergyAnomaly> ordered = new ArrayList<>(injections);
        found.stream().filter(a -> !a.kind().equals("injection")).forEach(ordered::add);
        String summary = injections.isEmpty()
                ? "No energy injection above " + args.threshold() + " J in frames " + range.start() + "–" + range.end()
                : injections.size() + " energy injection(s), first at frame " + injections.get(0).frameId()
                + String.format(" (%+.3f J)", injections.get(0).residualJ());
        summary += "; " + atContact + " loss(es) at contact frames, " + withoutContact + " without contact.";
        return new EnergyAnomalies(RecordingQueries.SCHEMA_VERSION, summary, args.threshold(), range.start(),
                range.end(), injections.size(), atContact, withoutContact, msdFlags,
                "Frame 1 is never listed: MSD-CPP's running total starts at 0, so its stored delta_e is the whole "
                        + "initial energy. ΔE is taken between consecutive frames instead.",
                Bounded.of(ordered, args.limit()));
    }

    /** Every frame of {@code range} (after its first frame 1) whose energy change is anomalous. */
    static List<EnergyAnomaly> scan(RecordingStore store, FrameRange range, double threshold) {
        Map<Long, Double> masses = new HashMap<>();
        for (BodyMetadata body : store.bodies()) {
            if (!body.isEnvironment() && body.mass() != null) {
                masses.put(body.bodyId(), body.mass());
            }
        }
        Map<Long, List<ContactSummary>> contacts = store.contactSummaries();
        List<SystemEnergyPoint> energy = store.systemEnergy();
        List<EnergyAnomaly> found = new ArrayList<>();
        for (int i = 1; i < energy.size(); i++) {
            SystemEnergyPoint point = energy.get(i);
            SystemEnergyPoint previous = energy.get(i - 1);
            if (!range.contains(point.frameId()) || point.frameId() != previous.frameId() + 1) {
                continue;
            }
            double dt = point.simulationTime() - previous.simulationTime();
            List<ContactSummary> frameContacts = contacts.getOrDefault(point.frameId(), List.of());
            Set<Long> touching = new HashSet<>();
            double allowance = 0;
            for (ContactSummary c : frameContacts) {
                touching.add(c.bodyAId());
                touching.add(c.bodyBId());
                if ((c.bodyBId() & RecordingStore.ENVIRONMENT_FLAG) != 0) {
                    double depth = Double.isFinite(c.penetrationDepth()) ? c.penetrationDepth() : 0;
                    allowance += masses.getOrDefault(c.bodyAId(), 0.0) * G * Math.max(depth - SLOP_M, 0);
                }
            }
            double expected = 0;
            for (Map.Entry<Long, Double> body : masses.entrySet()) {
                if (!touching.contains(body.getKey())) {
                    expected -= 0.5 * body.getValue() * G * G * dt * dt;
                }
            }
            double delta = point.totalSystemE() - previous.totalSystemE();
            double residual = delta - expected;
            String kind = residual > threshold + allowance ? "injection"
                    : residual < -threshold ? (frameContacts.isEmpty() ? "loss_without_contact" : "loss_at_contact")
                    : !Double.isFinite(delta) ? "nonfinite" : null;
            if (kind != null) {
                found.add(new EnergyAnomaly(point.frameId(), point.simulationTime(), delta, expected, allowance,
                        residual, kind, !frameContacts.isEmpty(), point.energyInjection()));
            }
        }
        return found;
    }
}
