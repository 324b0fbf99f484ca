package dev.framescope.physics.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * Every body state of a recording, per body in frame order, read once. Held as one primitive array per body (20
 * doubles a frame: position, velocity, acceleration, orientation, quaternion rate, angular velocity), about 160 bytes
 * a state instead of the seven objects a state of records costs; {@link State} is a view built on access. Angular
 * velocity is derived as MSD-CPP defines it from orientation and quaternion rate, once, while reading.
 */
public final class StateSeries {

    private static final int POSITION = 0;
    private static final int VELOCITY = 3;
    private static final int ACCELERATION = 6;
    private static final int ORIENTATION = 9;
    private static final int RATE = 13;
    private static final int OMEGA = 17;
    private static final int STRIDE = 20;

    /** One body's post-step state at one frame; each accessor builds its value from the series' arrays. */
    public static final class State {
        private final long frame;
        private final double[] values;
        private final int at;

        private State(long frame, double[] values, int at) {
            this.frame = frame;
            this.values = values;
            this.at = at;
        }

        public long frame() {
            return frame;
        }

        public Vec3 position() {
            return vec(POSITION);
        }

        public Vec3 velocity() {
            return vec(VELOCITY);
        }

        public Vec3 acceleration() {
            return vec(ACCELERATION);
        }

        public Quat orientation() {
            return quat(ORIENTATION);
        }

        /** The stored quaternion rate q̇ as (w, x, y, z) (stored x, y, z, w). */
        Quat rate() {
            return quat(RATE);
        }

        public Vec3 omega() {
            return vec(OMEGA);
        }

        private Vec3 vec(int offset) {
            return new Vec3(values[at + offset], values[at + offset + 1], values[at + offset + 2]);
        }

        private Quat quat(int offset) {
            return new Quat(values[at + offset], values[at + offset + 1], values[at + offset + 2],
                    values[at + offset + 3]);
        }
    }

    /**
     * Body states: body, frame, position, velocity, acceleration, orientation (w, x, y, z), rate (x, y, z, w), row id.
     * Current recordings reach states through {@code AssetDynamicStateRecord}; recordings written before MSD-CPP's
     * 2026-02-12 refactor leave it empty and set {@code body_id}/{@code frame_id} on {@code InertialStateRecord}.
     */
    static String join(boolean legacy) {
        String owner = legacy ? "isr" : "adr";
        return "SELECT " + owner + ".body_id, " + owner + ".frame_id, p.x, p.y, p.z, v.x, v.y, v.z, a.x, a.y, a.z, "
                + "q.w, q.x, q.y, q.z, qd.x, qd.y, qd.z, qd.w, " + owner + ".id FROM "
                + (legacy ? "InertialStateRecord isr"
                : "AssetDynamicStateRecord adr JOIN InertialStateRecord isr ON adr.kinematicState_id = isr.id")
                + " JOIN CoordinateRecord p ON isr.position_id = p.id"
                + " JOIN VelocityRecord v ON isr.velocity_id = v.id"
                + " JOIN QuaternionDRecord q ON isr.orientation_id = q.id"
                + " JOIN Vector4DRecord qd ON isr.quaternionRate_id = qd.id"
                + " LEFT JOIN AccelerationRecord a ON isr.acceleration_id = a.id";
    }

    /** The table whose rows carry each state's frame: see {@link #join}. */
    static String table(boolean legacy) {
        return legacy ? "InertialStateRecord" : "AssetDynamicStateRecord";
    }

    private final Tracks tracks;

    private StateSeries(Tracks tracks) {
        this.tracks = tracks;
    }

    /**
     * One join over the state tables, stepped with {@link TableScan}: the join fetches only the columns states need,
     * which beats scanning the shared pools (most of whose rows are contact points). {@code index} receives each
     * row's (frame, row id) for the per-frame lookups.
     */
    static StateSeries read(Connection db, boolean legacy, int frameCount, FrameIndex.Builder index)
            throws SQLException {
        Tracks tracks = new Tracks(STRIDE, frameCount);
        String owner = legacy ? "isr" : "adr";
        TableScan.each(db, join(legacy) + " ORDER BY " + owner + ".id", row -> {
            index.add(row.integer(2), row.integer(20));
            add(tracks, row);
        });
        return new StateSeries(tracks.finish());
    }

    /**
     * The states of some frames only: {@code ranges} are {first id, last id, first frame, last frame} of the table
     * that carries the states' frames (see {@link FrameWindow}).
     */
    static StateSeries read(Connection db, boolean legacy, List<long[]> ranges) throws SQLException {
        Tracks tracks = new Tracks(STRIDE, 16);
        String owner = legacy ? "isr" : "adr";
        try (PreparedStatement st = db.prepareStatement(join(legacy) + " WHERE " + owner + ".id BETWEEN ? AND ? AND "
                + owner + ".frame_id BETWEEN ? AND ? ORDER BY " + owner + ".id")) {
            for (long[] range : ranges) {
                for (int i = 0; i < 4; i++) {
                    st.setLong(i + 1, range[i]);
                }
                TableScan.each(st, row -> add(tracks, row));
            }
        }
        return new StateSeries(tracks.finish());
    }

    private static void add(Tracks tracks, TableScan.Row row) throws SQLException {
        Tracks.Track track = tracks.track(row.integer(1));
        int at = track.append((int) row.integer(2));
        double[] v = track.values();
        for (int c = 0; c < 9; c++) { // position, velocity, acceleration
            v[at + c] = row.real(3 + c);
        }
        for (int c = 0; c < 4; c++) { // orientation w, x, y, z
            v[at + ORIENTATION + c] = row.real(12 + c);
        }
        v[at + RATE] = row.real(19); // stored x, y, z, w
        for (int c = 0; c < 3; c++) {
            v[at + RATE + 1 + c] = row.real(16 + c);
        }
        Quat.omegaFromRate(v, at + ORIENTATION, at + RATE, at + OMEGA);
    }

    /** Whether every body's states came in frame order, as MSD-CPP writes them (they are sorted either way). */
    boolean cameInFrameOrder() {
        return tracks.cameInFrameOrder();
    }

    /** No state at all: a recording without the table that ties states to bodies and frames. */
    static StateSeries empty() {
        return new StateSeries(new Tracks(STRIDE, 1).finish());
    }

    public List<Long> bodies() {
        return tracks.bodies();
    }

    /** Every state of {@code body}, ascending by frame; a view whose elements are built on access. */
    public List<State> of(long body) {
        Tracks.Track track = tracks.get(body);
        return track == null ? List.of() : track.asList(i -> state(track, i));
    }

    /** The state of {@code body} at {@code frame}, or null. */
    public State at(long body, long frame) {
        Tracks.Track track = tracks.get(body);
        int i = track == null ? -1 : track.indexOf(frame);
        return i < 0 ? null : state(track, i);
    }

    /** |v| of {@code body} at {@code frame} without building a state; NaN when it has none. */
    double speed(long body, long frame) {
        return norm(body, frame, VELOCITY);
    }

    /** |ω| of {@code body} at {@code frame} without building a state; NaN when it has none. */
    double angularSpeed(long body, long frame) {
        return norm(body, frame, OMEGA);
    }

    private static State state(Tracks.Track track, int row) {
        return new State(track.frame(row), track.values(), row * STRIDE);
    }

    private double norm(long body, long frame, int offset) {
        Tracks.Track track = tracks.get(body);
        int i = track == null ? -1 : track.indexOf(frame);
        if (i < 0) {
            return Double.NaN;
        }
        int at = i * STRIDE + offset;
        double[] v = track.values();
        return Math.sqrt(v[at] * v[at] + v[at + 1] * v[at + 1] + v[at + 2] * v[at + 2]);
    }
}
