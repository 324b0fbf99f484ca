package dev.framescope.physics;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
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

    /** One body's post-step state at one frame; {@code acceleration} as recorded (NaN when the row has none). */
    record State(long frame, Vec3 position, Vec3 velocity, Quat orientation, Quat rate, Vec3 omega,
                 Vec3 acceleration) {
    }

    private final Map<Long, List<State>> byBody;

    private StateSeries(Map<Long, List<State>> byBody) {
        this.byBody = byBody;
    }

    /**
     * One join over the state tables. Reading through JDBC costs per value fetched, so the join, which fetches
     * only the columns states need, beats scanning the shared pools (most of whose rows are contact points).
     */
    static StateSeries read(Connection db, boolean legacy) throws SQLException {
        Map<Long, List<State>> byBody = new HashMap<>();
        try (Statement st = db.createStatement();
             ResultSet rs = st.executeQuery(RecordingStore.stateJoin(legacy) + " ORDER BY "
                     + (legacy ? "isr" : "adr") + ".id")) {
            while (rs.next()) {
                Quat q = new Quat(r(rs, 12), r(rs, 13), r(rs, 14), r(rs, 15));
                Quat rate = new Quat(r(rs, 19), r(rs, 16), r(rs, 17), r(rs, 18)); // stored x, y, z, w
                byBody.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(new State(rs.getLong(2),
                        new Vec3(r(rs, 3), r(rs, 4), r(rs, 5)), new Vec3(r(rs, 6), r(rs, 7), r(rs, 8)), q, rate,
                        q.omegaFromRate(rate), new Vec3(r(rs, 9), r(rs, 10), r(rs, 11))));
            }
        }
        byBody.values().forEach(list -> list.sort((a, b) -> Long.compare(a.frame(), b.frame())));
        return new StateSeries(byBody);
    }

    private static double r(ResultSet rs, int column) throws SQLException {
        return RecordingStore.real(rs, column);
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
