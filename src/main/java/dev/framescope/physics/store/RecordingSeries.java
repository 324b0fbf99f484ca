package dev.framescope.physics.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.framescope.physics.store.PhysicsModel.EnergyPoint;
import dev.framescope.physics.store.PhysicsModel.SystemEnergyPoint;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongToDoubleFunction;
import java.util.function.Supplier;

/**
 * The whole-recording series of one recording (energies, body states, collision, contact and friction rows), each
 * read once on a {@link Background} thread with its own read-only connection, so that checks over the whole recording
 * find them ready and per-frame queries on the main connection are not held up. Each scan also builds the exact
 * frame → row-id index of its table for those per-frame queries ({@link #index}). A caller that needs a series
 * before it is read waits for that series only. Thread-safe.
 */
public final class RecordingSeries {

    static final String JUNCTION = "CollisionResultRecord_ContactPointRecord";
    /** The read of every collision row without its normal ({@link #collisionRows}). */
    private static final String SUMMARIES = "collision_summaries";

    /** One collision row without its vectors: enough for per-frame contact status over a whole recording. */
    public record ContactSummary(@JsonProperty("body_a_id") long bodyAId, @JsonProperty("body_b_id") long bodyBId,
                                 double penetrationDepth) {
    }

    @FunctionalInterface
    private interface Reader<T> {
        T read(Connection connection) throws SQLException;
    }

    private final Path path;
    private final Set<String> tables;
    private final boolean legacyStates;
    private final int frameCount;
    private final LongToDoubleFunction timeOf;
    private final Map<String, CompletableFuture<?>> started = new HashMap<>();
    private final Map<String, FrameIndex> indexes = new ConcurrentHashMap<>();
    /** Tables proven in frame order or not, for windows read before their exact index ({@link FrameWindow}). */
    private final Map<String, Boolean> inFrameOrder = new ConcurrentHashMap<>();

    RecordingSeries(Path path, Set<String> tables, boolean legacyStates, int frameCount, LongToDoubleFunction timeOf) {
        this.path = path;
        this.tables = tables;
        this.legacyStates = legacyStates;
        this.frameCount = frameCount;
        this.timeOf = timeOf;
    }

    /**
     * Queues every series, most needed first: the energy search needs system energy and collisions, triage states
     * and all contact rows. The order balances the two background threads (on the 10,000-frame benchmark file:
     * collisions ~0.15 s then contact constraints ~0.28 s, beside states ~0.26 s then friction ~0.09 s). Per-frame
     * tools get each table's exact index as its scan ends.
     */
    void preload() {
        if (tables.contains("SystemEnergyRecord")) {
            systemEnergyFuture();
        }
        collisionsFuture();
        if (tables.contains(StateSeries.table(legacyStates))) {
            statesFuture();
        }
        constraintsFuture();
        frictionFuture();
        if (tables.contains("EnergyRecord")) {
            bodyEnergyFuture();
        }
    }

    /** The exact row-id index of {@code table} once its scan has run, else null (never waits). */
    FrameIndex index(String table) {
        return indexes.get(table);
    }

    /** The exact index of {@code table}, reading it first if need be; null when the table is not scanned. */
    FrameIndex awaitIndex(String table) {
        CompletableFuture<?> scan = switch (table) {
            case "CollisionResultRecord", JUNCTION -> collisionsFuture();
            case "ContactConstraintRecord" -> constraintsFuture();
            case "FrictionConstraintRecord" -> frictionFuture();
            default -> table.equals(StateSeries.table(legacyStates)) ? statesFuture() : null;
        };
        if (scan != null) {
            await(scan);
        }
        return indexes.get(table);
    }

    List<SystemEnergyPoint> systemEnergy() {
        return await(systemEnergyFuture());
    }

    /** Collision rows of every frame, by frame id: a map over {@link #collisionRows}. */
    Map<Long, List<ContactSummary>> contactSummaries() {
        return new Summaries(collisionRows());
    }

    /**
     * Collision rows of every frame without their normals: a view over the collision series once it is read; until
     * then over the same rows without their normals, read at once on the caller's thread (an energy check right after
     * loading needs no more, and waited for the whole collision series, normals and index included).
     */
    CollisionRows collisionRows() {
        if (isRead("collisions")) {
            return new CollisionRows(await(collisionsFuture()), 3);
        }
        CompletableFuture<CollisionRows.Read> mine = new CompletableFuture<>();
        CompletableFuture<CollisionRows.Read> summaries = start(SUMMARIES, () -> mine);
        if (summaries == mine) {
            try {
                CollisionRows.Read read = Background.foreground(() -> onOwnConnection(c -> !tables.contains(
                        "CollisionResultRecord") || !tables.contains("Vector3DRecord")
                        ? new CollisionRows.Read(new CollisionRows(ContactRows.empty(frameCount), 0), null)
                        : CollisionRows.read(c, frameCount, maxRowid(c, "CollisionResultRecord"))));
                if (read.inFrameOrder() != null) {
                    inFrameOrder.put("CollisionResultRecord", read.inFrameOrder());
                }
                mine.complete(read);
            } catch (RuntimeException e) {
                mine.completeExceptionally(e);
            }
        }
        return await(summaries).rows();
    }

    /**
     * The contacts and states of the frames in {@code spans} ({first, last}, ascending): the whole series once they
     * are read, else those frames only, read at once on the caller's thread while background scans give way
     * ({@link FrameWindow}); a file FrameWindow cannot serve waits for the series.
     */
    FrameWindow window(List<long[]> spans) {
        boolean hasStates = tables.contains(StateSeries.table(legacyStates));
        if (!contactsAndStatesRead()) {
            FrameWindow window = Background.foreground(() -> onOwnConnection(c -> FrameWindow.read(c, tables,
                    legacyStates, frameCount, indexes::get, table -> inFrameOrder(c, table), spans)));
            if (window != null) {
                return window;
            }
        }
        return new FrameWindow(contacts(), hasStates ? states() : StateSeries.empty());
    }

    private boolean inFrameOrder(Connection c, String table) throws SQLException {
        Boolean known = inFrameOrder.get(table);
        if (known == null && table.equals("CollisionResultRecord")) {
            known = collisionOrderFromSummaries();
        }
        if (known == null) {
            known = FrameProbe.inFrameOrder(c, table, "frame_id");
            inFrameOrder.put(table, known);
        }
        return known;
    }

    /**
     * The collision table's frame order as the read of every collision row proved it, waiting for that read if it
     * runs (it passes over the table anyway, so a window's own proof would be a second pass); null when no such read
     * was started, or it could not tell. The wait is not {@link Background#await}: background scans keep giving way.
     */
    private Boolean collisionOrderFromSummaries() {
        CompletableFuture<?> summaries;
        synchronized (this) {
            summaries = started.get(SUMMARIES);
        }
        if (summaries == null) {
            return null;
        }
        try {
            summaries.join();
        } catch (RuntimeException e) {
            return null; // the read's own caller meets the failure; the window proves the order itself
        }
        return inFrameOrder.get("CollisionResultRecord");
    }

    /** Whether the whole contact and state series are read: from then on a window is the whole series. */
    boolean contactsAndStatesRead() {
        return isRead("collisions", "ContactConstraintRecord", "FrictionConstraintRecord")
                && (!tables.contains(StateSeries.table(legacyStates)) || isRead("states"));
    }

    /** Whether every named series has been read (not merely started). */
    private synchronized boolean isRead(String... names) {
        for (String name : names) {
            CompletableFuture<?> future = started.get(name);
            if (future == null || !future.isDone() || future.isCompletedExceptionally()) {
                return false;
            }
        }
        return true;
    }

    StateSeries states() {
        return await(statesFuture());
    }

    ContactSeries contacts() {
        return await(start("contacts", () -> collisionsFuture().thenCombine(constraintsFuture(), List::of)
                .thenCombine(frictionFuture(), (pair, friction) -> new ContactSeries(pair.get(0), pair.get(1),
                        friction))));
    }

    /** Energy rows per body: linear KE, rotational KE, potential, total. */
    List<EnergyPoint> bodyEnergy(long body) {
        Tracks.Track track = await(bodyEnergyFuture()).get(body);
        return track == null ? List.of() : track.asList(i -> {
            double[] v = track.values();
            long frame = track.frame(i);
            return new EnergyPoint(body, frame, timeOf.applyAsDouble(frame), v[4 * i], v[4 * i + 1], v[4 * i + 2],
                    v[4 * i + 3]);
        });
    }

    private CompletableFuture<List<SystemEnergyPoint>> systemEnergyFuture() {
        return read("system_energy", this::readSystemEnergy);
    }

    private CompletableFuture<ContactRows> collisionsFuture() {
        return read("collisions", c -> {
            if (!tables.contains("CollisionResultRecord") || !tables.contains("Vector3DRecord")) {
                return ContactRows.empty(frameCount);
            }
            FrameIndex.Builder index = new FrameIndex.Builder(frameCount);
            int rows = maxRowid(c, "CollisionResultRecord");
            ContactRows collisions = ContactSeries.readCollisions(c, frameCount, rows, index);
            indexes.put("CollisionResultRecord", index.build());
            if (tables.contains(JUNCTION)) {
                indexes.put(JUNCTION, FrameIndex.build(c, JUNCTION, "CollisionResultRecord_id", rows));
            }
            return collisions;
        });
    }

    private CompletableFuture<StateSeries> statesFuture() {
        return read("states", c -> {
            FrameIndex.Builder index = new FrameIndex.Builder(frameCount);
            StateSeries states = StateSeries.read(c, legacyStates, frameCount, index);
            indexes.put(StateSeries.table(legacyStates), index.build());
            return states;
        });
    }

    private CompletableFuture<ContactRows> constraintsFuture() {
        return contactTable("ContactConstraintRecord", ContactSeries::readConstraints);
    }

    private CompletableFuture<ContactRows> frictionFuture() {
        return contactTable("FrictionConstraintRecord", ContactSeries::readFriction);
    }

    @FunctionalInterface
    private interface ContactReader {
        ContactRows read(Connection db, int frameCount, int rows, FrameIndex.Builder index) throws SQLException;
    }

    private CompletableFuture<ContactRows> contactTable(String table, ContactReader reader) {
        return read(table, c -> {
            if (!tables.contains(table) || !tables.contains("Vector3DRecord")) {
                return ContactRows.empty(frameCount);
            }
            FrameIndex.Builder index = new FrameIndex.Builder(frameCount);
            ContactRows rows = reader.read(c, frameCount, maxRowid(c, table), index);
            indexes.put(table, index.build());
            return rows;
        });
    }

    private CompletableFuture<Tracks> bodyEnergyFuture() {
        return read("body_energy", c -> {
            Tracks tracks = new Tracks(4, frameCount);
            TableScan.each(c, "SELECT body_id, frame_id, linear_ke, rotational_ke, potential_e, total_e FROM "
                    + "EnergyRecord ORDER BY id", row -> {
                Tracks.Track track = tracks.track(row.integer(1));
                int at = track.append((int) row.integer(2));
                for (int k = 0; k < 4; k++) {
                    track.values()[at + k] = row.real(3 + k);
                }
            });
            return tracks.finish();
        });
    }

    private <T> CompletableFuture<T> read(String name, Reader<T> reader) {
        return start(name, () -> CompletableFuture.supplyAsync(() -> onOwnConnection(reader),
                Background.executor()));
    }

    @SuppressWarnings("unchecked")
    private synchronized <T> CompletableFuture<T> start(String name,
                                                        Supplier<CompletableFuture<T>> task) {
        CompletableFuture<?> future = started.get(name);
        if (future == null) {
            future = task.get();
            started.put(name, future);
        }
        return (CompletableFuture<T>) future;
    }

    private <T> T onOwnConnection(Reader<T> reader) {
        try (Connection own = RecordingFile.connect(path)) {
            return reader.read(own);
        } catch (SQLException e) {
            throw RecordingFile.failure(path, e);
        }
    }

    private static <T> T await(CompletableFuture<T> future) {
        return Background.await(future);
    }

    private static int maxRowid(Connection db, String table) throws SQLException {
        try (PreparedStatement st = db.prepareStatement("SELECT coalesce(max(rowid), 0) FROM " + table);
             ResultSet rs = st.executeQuery()) {
            return (int) Math.min(rs.getLong(1), Integer.MAX_VALUE - 8);
        }
    }

    private List<SystemEnergyPoint> readSystemEnergy(Connection connection) throws SQLException {
        List<SystemEnergyPoint> points = new ArrayList<>(frameCount);
        TableScan.each(connection, "SELECT frame_id, total_linear_ke, total_rotational_ke, total_potential_e, "
                + "total_system_e, delta_e, energy_injection, collision_active FROM SystemEnergyRecord ORDER BY "
                + "frame_id", row -> {
            long f = row.integer(1);
            points.add(new SystemEnergyPoint(f, timeOf.applyAsDouble(f), row.real(2), row.real(3), row.real(4),
                    row.real(5), row.real(6), row.integer(7) != 0, row.integer(8) != 0));
        });
        return List.copyOf(points);
    }

    /** Collision summaries by frame, built per lookup from the collision columns. */
    private static final class Summaries extends AbstractMap<Long, List<ContactSummary>> {
        private final CollisionRows rows;
        private Set<Entry<Long, List<ContactSummary>>> entries;

        Summaries(CollisionRows rows) {
            this.rows = rows;
        }

        @Override
        public List<ContactSummary> get(Object key) {
            return key instanceof Long frame && containsKey(frame) ? rows.at(frame) : null;
        }

        @Override
        public boolean containsKey(Object key) {
            return key instanceof Long frame && rows.start(frame) < rows.end(frame);
        }

        @Override
        public synchronized Set<Entry<Long, List<ContactSummary>>> entrySet() {
            if (entries == null) {
                Map<Long, List<ContactSummary>> all = new HashMap<>();
                for (int row = 0; row < rows.size(); row++) {
                    all.computeIfAbsent(rows.frame(row), this::get);
                }
                entries = all.entrySet();
            }
            return entries;
        }
    }
}
