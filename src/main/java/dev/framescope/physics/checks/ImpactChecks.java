package dev.framescope.physics.checks;

import dev.framescope.common.Bounded;
import dev.framescope.physics.checks.PhysicsArgs.RestitutionArgs;
import dev.framescope.physics.store.ContactSeries;
import dev.framescope.physics.store.FrameRange;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.Recordings;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.StateSeries.State;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * check_restitution. An impact is one approach event of one pair: the run of consecutive frames in which one of the
 * pair's contact rows has u⁻ = pre_impact_rel_vel_normal below −rest_velocity (a box landing on its four corners,
 * or approaching over several frames, is one impact). For every such row, u⁺ = (v_B + ω_B×r_B − v_A − ω_A×r_A)·n
 * from the post-step states of the same frame (environment bodies at rest). The impact gains energy when a row has
 * u⁺ > −e·u⁻ + tolerance, and is still approaching when a row of its last frame has u⁺ < −tolerance. Stateless.
 */
public final class ImpactChecks {

    private final Recordings recordings;

    public ImpactChecks(Recordings recordings) {
        this.recordings = recordings;
    }

    /**
     * One impact. {@code frameId} is its first frame (also {@code firstFrame}); the velocities, restitution and
     * {@code worstFrame} are of its representative row: the one that gains most energy, else the last frame's most
     * approaching one when still approaching, else the fastest approach.
     */
    public record Impact(long frameId, long bodyAId, long bodyBId, double preNormalVelocityMPerS,
                         double effectiveRestitution, double expectedPostMPerS, double postNormalVelocityMPerS,
                         String verdict, long firstFrame, long lastFrame, int frames, int contactRows,
                         long worstFrame) {
    }

    public record RestitutionReport(int schemaVersion, String summary, long startFrame, long endFrame,
                                    double toleranceMPerS, int impacts, int energyGaining, int stillApproaching,
                                    Bounded<Impact> checked, int contactRows) {
    }

    public RestitutionReport restitution(RestitutionArgs args) {
        try (Recordings.Lease lease = recordings.lease(args.recording())) {
            return restitution(lease.store(), args);
        }
    }

    private static RestitutionReport restitution(RecordingStore store, RestitutionArgs args) {
        FrameRange range = FrameRange.of(store, args.startFrame(), args.endFrame());
        List<Impact> impacts = impacts(store, range, args.tolerance(), args.restVelocity());
        List<Impact> bad = impacts.stream().filter(i -> !i.verdict().equals("ok")).toList();
        List<Impact> ordered = new ArrayList<>(bad);
        impacts.stream().filter(i -> i.verdict().equals("ok")).forEach(ordered::add);
        int gaining = (int) bad.stream().filter(i -> i.verdict().equals("energy_gaining")).count();
        int rows = impacts.stream().mapToInt(Impact::contactRows).sum();
        String summary = impacts.isEmpty() ? "No impacts faster than " + Findings.quantity(args.restVelocity(), "m/s")
                + " in frames "
                + range.start() + "–" + range.end() + "."
                : impacts.size() + " impact(s) (" + rows + " contact row(s) approaching faster than "
                + Findings.quantity(args.restVelocity(), "m/s") + "); " + gaining + " bounce(s) gain energy, " + (bad.size() - gaining)
                + " still approaching" + (bad.isEmpty() ? "" : ", first at frame " + bad.get(0).frameId()) + ".";
        return new RestitutionReport(RecordingQueries.SCHEMA_VERSION, summary, range.start(), range.end(),
                args.tolerance(), impacts.size(), gaining, bad.size() - gaining, Bounded.of(ordered, args.limit()),
                rows);
    }

    /** One impact row: the contact row, its post-step normal velocity and how far it is above the model. */
    private record Row(long frame, ContactSeries.Constraint contact, double post, double expected) {
        double gain() {
            return post - expected;
        }
    }

    /** Every impact in {@code range}, by first frame. */
    static List<Impact> impacts(RecordingStore store, FrameRange range, double tolerance, double restVelocity) {
        StateSeries states = store.stateSeries();
        ContactSeries contacts = store.contactSeries();
        Map<List<Long>, List<List<Row>>> byPair = new LinkedHashMap<>(); // pair → runs → rows
        for (long f = range.start(); f <= range.end(); f++) {
            for (ContactSeries.Constraint c : contacts.constraints(f)) {
                if (!(c.preNormalVelocity() < -restVelocity)) {
                    continue;
                }
                Vec3 va = pointVelocity(states.at(c.bodyA(), f), c.leverA());
                Vec3 vb = pointVelocity(states.at(c.bodyB(), f), c.leverB());
                Row row = new Row(f, c, vb.minus(va).dot(c.normal()), -c.restitution() * c.preNormalVelocity());
                List<List<Row>> runs = byPair.computeIfAbsent(List.of(c.bodyA(), c.bodyB()), k -> new ArrayList<>());
                List<Row> last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
                long lastFrame = last == null ? Long.MIN_VALUE : last.get(last.size() - 1).frame();
                if (lastFrame == f || lastFrame == f - 1) {
                    last.add(row);
                } else {
                    runs.add(new ArrayList<>(List.of(row)));
                }
            }
        }
        List<Impact> impacts = new ArrayList<>();
        byPair.values().forEach(runs -> runs.forEach(run -> impacts.add(impact(run, tolerance))));
        impacts.sort(Comparator.comparingLong(Impact::firstFrame));
        return impacts;
    }

    private static Impact impact(List<Row> run, double tolerance) {
        long first = run.get(0).frame();
        long last = run.get(run.size() - 1).frame();
        Row gaining = run.stream().max(Comparator.comparingDouble(Row::gain)).orElseThrow();
        Row approaching = run.stream().filter(r -> r.frame() == last).min(Comparator.comparingDouble(Row::post))
                .orElseThrow();
        String verdict;
        Row shown;
        if (gaining.gain() > tolerance) {
            verdict = "energy_gaining";
            shown = gaining;
        } else if (approaching.post() < -tolerance) {
            verdict = "still_approaching";
            shown = approaching;
        } else {
            verdict = "ok";
            shown = run.stream().min(Comparator.comparingDouble(r -> r.contact().preNormalVelocity())).orElseThrow();
        }
        ContactSeries.Constraint c = shown.contact();
        return new Impact(first, c.bodyA(), c.bodyB(), c.preNormalVelocity(), c.restitution(), shown.expected(),
                shown.post(), verdict, first, last, (int) (last - first + 1), run.size(), shown.frame());
    }

    /** Velocity of the material point at lever arm r; an environment body (no state) is at rest. */
    private static Vec3 pointVelocity(State state, Vec3 lever) {
        if (state == null) {
            return Vec3.ZERO;
        }
        return state.velocity().plus(state.omega().cross(lever));
    }
}
