package dev.framescope.physics.checks;

import dev.framescope.physics.store.BodyIds;
import dev.framescope.physics.store.PhysicsModel.CollisionInfo;
import dev.framescope.physics.store.PhysicsModel.ContactPoint;
import dev.framescope.physics.store.PhysicsModel.FrictionConstraintInfo;
import dev.framescope.physics.store.RecordingStore;
import dev.framescope.physics.store.StateSeries;
import dev.framescope.physics.store.Vec3;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each friction row of one frame acts. MSD-CPP does not link a friction row to its contact point, but both
 * follow the contact manifold's order within a pair, so the n-th friction row of a pair belongs to the n-th contact
 * point of the pair's collision row at that frame. When the counts differ, the point is rebuilt from the row's lever
 * arm: body A's centre of mass at the start of the step (its recorded position one frame earlier, since states are
 * post-step) plus lever_arm_a. Not thread-safe: one instance per call.
 */
final class ContactPoints {

    static final String SOURCE = "contact_point is the collision's witness point on body A (ContactPointRecord."
            + "pointA, world m) of the same pair, the n-th point for the pair's n-th friction row "
            + "(contact_point_from: collision); where the pair's collision has a different number of points, body A's "
            + "position at frame k−1 (its centre of mass at the start of step k; frame 1 uses its own) + lever_arm_a "
            + "(contact_point_from: lever_arm)";

    /** A friction row's contact point and where it came from (collision, lever_arm), or null point and why not. */
    record Located(Vec3 point, String from) {
    }

    private final RecordingStore store;
    private final long frame;
    private final Map<List<Long>, List<ContactPoint>> points = new HashMap<>();
    private final Map<List<Long>, Integer> rows = new HashMap<>();
    private final Map<List<Long>, Integer> seen = new HashMap<>();

    ContactPoints(RecordingStore store, long frame, List<FrictionConstraintInfo> friction) {
        this.store = store;
        this.frame = frame;
        for (CollisionInfo c : store.collisions(frame)) {
            points.put(List.of(c.bodyAId(), c.bodyBId()), c.contacts());
        }
        friction.forEach(f -> rows.merge(List.of(f.bodyAId(), f.bodyBId()), 1, Integer::sum));
    }

    /** The point of {@code f}; call once per row, in the frame's row order. */
    Located next(FrictionConstraintInfo f) {
        List<Long> pair = List.of(f.bodyAId(), f.bodyBId());
        int n = seen.merge(pair, 1, Integer::sum) - 1;
        List<ContactPoint> found = points.getOrDefault(pair, List.of());
        if (found.size() == rows.get(pair)) {
            return new Located(found.get(n).pointA(), "collision");
        }
        StateSeries.State a = BodyIds.isEnvironment(f.bodyAId()) || !store.hasStates() ? null
                : store.stateSeries().at(f.bodyAId(), Math.max(1, frame - 1));
        if (a == null || f.leverArmA() == null || !f.leverArmA().isFinite()) {
            return new Located(null, "not available: no matching collision point and no lever arm with a state");
        }
        return new Located(a.position().plus(f.leverArmA()), "lever_arm");
    }
}
