package dev.framescope.physics;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every body state of a recording, per body in frame order, read once with sequential scans. Angular velocity is
 * derived as MSD-CPP defines it from orientation and quaternion rate.
 */
final class StateSeries {

    /** One body's post-step state at one frame. */
    record State(long frame, Vec3 position, Vec3 velocity, Quat orientation, Quat rate, Vec3 omega) {
    }

    private final Map<Long, List<State>> byBody;

    private StateSeries(Map<Long, List<State>> byBody) {
        this.byBody = byBody;
    }

    static StateSeries read(Connection db) throws SQLException {
        String[] xyz = {"x", "y", "z"};
        Columns dynamic = Columns.read(db, "AssetDynamicStateRecord", new String[0],
                new String[] {"body_id", "kinematicState_id", "frame_id"});
        Columns inertial = Columns.read(db, "InertialStateRecord", new String[0],
                new String[] {"position_id", "velocity_id", "orientation_id", "quaternionRate_id"});
        Columns positions = Columns.read(db, "CoordinateRecord", xyz, new String[0]);
        Columns velocities = Columns.read(db, "VelocityRecord", xyz, new String[0]);
        Columns orientations = Columns.read(db, "QuaternionDRecord", new String[] {"w", "x", "y", "z"}, new String[0]);
        Columns rates = Columns.read(db, "Vector4DRecord", new String[] {"x", "y", "z", "w"}, new String[0]);
        Map<Long, List<State>> byBody = new HashMap<>();
        for (int id = 1; id < dynamic.size(); id++) {
            long body = dynamic.integer(0, id);
            long kinematic = dynamic.integer(1, id);
            long frame = dynamic.integer(2, id);
            if (frame == 0 || kinematic <= 0 || kinematic >= inertial.size()) {
                continue;
            }
            long o = inertial.integer(2, kinematic);
            long r = inertial.integer(3, kinematic);
            Quat q = new Quat(orientations.real(0, o), orientations.real(1, o), orientations.real(2, o),
                    orientations.real(3, o));
            Quat rate = new Quat(rates.real(3, r), rates.real(0, r), rates.real(1, r), rates.real(2, r));
            byBody.computeIfAbsent(body, k -> new ArrayList<>()).add(new State(frame,
                    positions.vec(inertial.integer(0, kinematic)), velocities.vec(inertial.integer(1, kinematic)),
                    q, rate, q.omegaFromRate(rate)));
        }
        byBody.values().forEach(list -> list.sort((a, b) -> Long.compare(a.frame(), b.frame())));
        return new StateSeries(byBody);
    }

    List<Long> bodies() {
        return byBody.keySet().stream().sorted().toList();
    }

    List<State> of(long body) {
        return byBody.getOrDefault(body, List.of());
    }

    /** The state of {@code body} at {@code frame}, or null. States are one per frame, so this is an index. */
    State at(long body, long frame) {
        List<State> states = of(body);
        int i = (int) frame - (states.isEmpty() ? 0 : (int) states.get(0).frame());
        if (i >= 0 && i < states.size() && states.get(i).frame() == frame) {
            return states.get(i);
        }
        for (State s : states) {
            if (s.frame() == frame) {
                return s;
            }
        }
        return null;
    }
}
