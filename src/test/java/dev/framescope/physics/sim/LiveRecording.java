package dev.framescope.physics.sim;

import static dev.framescope.physics.sim.FixtureScenes.at;

import dev.framescope.physics.store.Vec3;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * A recording the simulator is still writing, as MSD-CPP's recorder writes while its simulation runs: the scene of
 * {@code drop_settle} (a 10 kg ball dropped from 2 m), its frames committed batch by batch, so the file grows
 * between two reads of it.
 */
public final class LiveRecording implements AutoCloseable {

    private final RecordingWriter writer;
    private final World world;

    private LiveRecording(RecordingWriter writer) throws SQLException {
        this.writer = writer;
        this.world = new World(writer, Fault.NONE);
        world.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 2), Vec3.ZERO);
    }

    /** Creates {@code file} (replacing it) with the ball in it and no frame yet. */
    public static LiveRecording start(Path file) throws SQLException, IOException {
        return new LiveRecording(new RecordingWriter(file));
    }

    /** Simulates {@code frames} more frames and commits them. */
    public void run(int frames) throws SQLException {
        world.run(frames);
        writer.commit();
    }

    @Override
    public void close() throws SQLException {
        writer.close();
    }
}
