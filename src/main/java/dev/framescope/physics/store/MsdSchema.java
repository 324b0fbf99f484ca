package dev.framescope.physics.store;

import dev.framescope.physics.store.PhysicsModel.BodyMetadata;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The MSD-CPP recording schema ({@code msd-cpp-schema.sql}) and the body list read from it. */
final class MsdSchema {

    private static final List<String> TABLES = loadTableNames();

    private MsdSchema() {
    }

    static List<String> tableNames() {
        return TABLES;
    }

    private static List<String> loadTableNames() {
        try (InputStream in = MsdSchema.class.getResourceAsStream("/dev/framescope/physics/msd-cpp-schema.sql")) {
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("CREATE TABLE IF NOT EXISTS (\\w+)").matcher(sql);
            List<String> names = new ArrayList<>();
            while (m.find()) {
                names.add(m.group(1));
            }
            return List.copyOf(names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Inertial bodies from {@code AssetInertialStaticRecord} (asset id from {@code AssetPhysicalStaticRecord} when
     * present), then environment bodies, which MSD-CPP never writes there: their ids (bit 31 set) are collected from
     * the collision rows. A body's name is its asset's {@code ObjectRecord.name} where the recording has the asset
     * tables (recordings made by MSD-CPP's test fixture copy them in) and links the body's instance id to an asset;
     * current MSD-CPP links only inertial bodies, so an environment body is named only by a recording that does more.
     */
    static List<BodyMetadata> readBodies(Connection db, Set<String> tables) throws SQLException {
        Map<Long, Long> assets = new HashMap<>();
        if (tables.contains("AssetPhysicalStaticRecord")) {
            try (Statement st = db.createStatement();
                 ResultSet rs = st.executeQuery("SELECT body_id, asset_id FROM AssetPhysicalStaticRecord")) {
                while (rs.next()) {
                    assets.put(rs.getLong(1), rs.getLong(2));
                }
            }
        }
        Map<Long, String> names = new HashMap<>();
        if (tables.contains("ObjectRecord")) {
            try (Statement st = db.createStatement();
                 ResultSet rs = st.executeQuery("SELECT id, name FROM ObjectRecord")) {
                while (rs.next()) {
                    if (rs.getString(2) != null && !rs.getString(2).isBlank()) {
                        names.put(rs.getLong(1), rs.getString(2));
                    }
                }
            }
        }
        List<BodyMetadata> bodies = new ArrayList<>();
        if (tables.contains("AssetInertialStaticRecord")) {
            try (Statement st = db.createStatement();
                 ResultSet rs = st.executeQuery("SELECT body_id, mass, restitution, friction "
                         + "FROM AssetInertialStaticRecord ORDER BY id")) {
                while (rs.next()) {
                    long id = rs.getLong(1);
                    bodies.add(new BodyMetadata(id, id, false, RecordingStore.real(rs, 2),
                            RecordingStore.real(rs, 3), RecordingStore.real(rs, 4), assets.get(id),
                            names.get(assets.get(id))));
                }
            }
        }
        if (tables.contains("CollisionResultRecord")) {
            Set<Long> environment = new TreeSet<>();
            try (Statement st = db.createStatement();
                 ResultSet rs = st.executeQuery("SELECT DISTINCT body_b_id FROM CollisionResultRecord WHERE body_b_id"
                         + " >= " + RecordingStore.ENVIRONMENT_FLAG + " UNION SELECT DISTINCT body_a_id FROM "
                         + "CollisionResultRecord WHERE body_a_id >= " + RecordingStore.ENVIRONMENT_FLAG)) {
                while (rs.next()) {
                    environment.add(rs.getLong(1));
                }
            }
            for (long id : environment) {
                long instance = id & 0x7FFFFFFFL;
                bodies.add(new BodyMetadata(id, instance, true, null, null, null, assets.get(instance),
                        names.get(assets.get(instance))));
            }
        }
        return List.copyOf(bodies);
    }
}
