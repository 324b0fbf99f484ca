package dev.framescope.physics;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.framescope.common.ToolException;
import dev.framescope.physics.PhysicsModel.SystemEnergyPoint;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongToDoubleFunction;

/**
 * The whole-recording series of one recording (energies, collision summaries, body states, contact rows), each read
 * once on a background thread with its own read-only connection, so that checks over the whole recording find them
 * ready and per-frame queries on the main connection are not held up. A caller that needs a series before it is
 * read waits for it. Thread-safe.
 */
final class RecordingSeries {

    /** One thread: on two cores the other stays free for the calls the agent makes meanwhile. */
    private static final ExecutorService BACKGROUND = Executors.newFixedThreadPool(1, runnable -> {
        Thread thread = new Thread(runnable, "recording-preload");
        thread.setDaemon(true);
        return thread;
    });

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
    private final LongToDoubleFunction timeOf;
    private final Map<String, CompletableFuture<?>> started = new HashMap<>();

    RecordingSeries(Path path, Set<String> tables, boolean legacyStates, LongToDoubleFunction timeOf) {
        this.path = path;
        this.tables = tables;
        this.legacyStates = legacyStates;
        this.timeOf = timeOf;
    }

    /** Queues every series; the energy search needs the first two and they are small, so they go first. */
    void preload() {
        if (tables.contains("SystemEnergyRecord")) {
            systemEnergyFuture();
        }
        contactSummariesFuture();
        if (tables.contains(RecordingStore.stateTable(legacyStates))) {
            statesFuture();
        }
        contactsFuture();
    }

    List<SystemEnergyPoint> systemEnergy() {
        return await(systemEnergyFuture());
    }

    Map<Long, List<ContactSummary>> contactSummaries() {
        return await(contactSummariesFuture());
    }

    StateSeries states() {
        return await(statesFuture());
    }

    ContactSeries contacts() {
        return await(contactsFuture());
    }

    private CompletableFuture<List<SystemEnergyPoint>> systemEnergyFuture() {
        return start("system_energy", this::readSystemEnergy);
    }

    private CompletableFuture<Map<Long, List<ContactSummary>>> contactSummariesFuture() {
        return start("contact_summaries", this::readContactSummaries);
    }

    private CompletableFuture<StateSeries> statesFuture() {
        return start("states", c -> StateSeries.read(c, legacyStates));
    }

    private CompletableFuture<ContactSeries> contactsFuture() {
        return start("contacts", c -> ContactSeries.read(c, tables));
    }

    @SuppressWarnings("unchecked")
    private synchronized <T> CompletableFuture<T> start(String name, Reader<T> reader) {
        return (CompletableFuture<T>) started.computeIfAbsent(name,
                n -> CompletableFuture.supplyAsync(() -> onOwnConnection(reader), BACKGROUND));
    }

    private <T> T onOwnConnection(Reader<T> reader) {
        try (Connection own = RecordingStore.connect(path)) {
            return reader.read(own);
        } catch (SQLException e) {
            throw RecordingStore.failure(path, e);
        }
    }

    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof ToolException toolException) {
                throw toolException;
            }
            throw e;
        }
    }

    private List<SystemEnergyPoint> readSystemEnergy(Connection connection) throws SQLException {
        List<SystemEnergyPoint> points = new ArrayList<>();
        try (ResultSet rs = connection.createStatement().executeQuery("SELECT frame_id, total_linear_ke, "
                + "total_rotational_ke, total_potential_e, total_system_e, delta_e, energy_injection, "
                + "collision_active FROM SystemEnergyRecord ORDER BY frame_id")) {
            while (rs.next()) {
                long f = rs.getLong(1);
                points.add(new SystemEnergyPoint(f, timeOf.applyAsDouble(f), RecordingStore.real(rs, 2),
                        RecordingStore.real(rs, 3), RecordingStore.real(rs, 4), RecordingStore.real(rs, 5),
                        RecordingStore.real(rs, 6), rs.getInt(7) != 0, rs.getInt(8) != 0));
            }
        }
        return List.copyOf(points);
    }

    private Map<Long, List<ContactSummary>> readContactSummaries(Connection connection) throws SQLException {
        Map<Long, List<ContactSummary>> byFrame = new HashMap<>();
        if (tables.contains("CollisionResultRecord")) {
            try (ResultSet rs = connection.createStatement().executeQuery("SELECT frame_id, body_a_id, body_b_id, "
                    + "penetrationDepth FROM CollisionResultRecord ORDER BY id")) {
                while (rs.next()) {
                    byFrame.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>())
                            .add(new ContactSummary(rs.getLong(2), rs.getLong(3), RecordingStore.real(rs, 4)));
                }
            }
        }
        return byFrame;
    }
}
