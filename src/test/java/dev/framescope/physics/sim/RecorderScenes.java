package dev.framescope.physics.sim;

import static dev.framescope.physics.sim.FixtureScenes.at;

import dev.framescope.physics.sim.FixtureScenes.Defect;
import dev.framescope.physics.sim.FixtureScenes.Scene;
import dev.framescope.physics.sim.Scenes.Simple;
import dev.framescope.physics.store.Vec3;
import java.util.List;
import java.util.Map;

/**
 * Scenes about what the recorder writes rather than how bodies move: energies that went non-finite, a table it never
 * created.
 */
final class RecorderScenes {

    private RecorderScenes() {
    }

    static List<Scene> all() {
        return List.of(nonfiniteEnergy(), withoutDynamicState());
    }

    /** The ball's motion is fine, but the recorder's energy is NaN on every frame, stored as NULL. */
    static Scene nonfiniteEnergy() {
        int frames = 150;
        return new Simple("nonfinite_energy", "Fault: a ball dropped from 2 m bounces and settles as in drop_settle, "
                + "but the recorder's energy goes non-finite (NaN, stored as NULL) on every frame, for the body and "
                + "the system; the states are finite.", frames, writer -> {
            World w = new World(writer, new Fault() {
                @Override
                public double recordedEnergy(long frame, Body body, double correct) {
                    return Double.NaN;
                }
            });
            Body b = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 2), Vec3.ZERO);
            w.run(frames);
            return List.of(new Defect("NONFINITE_ENERGY", 1, List.of(b.id), Map.of("frames", frames,
                    "last_frame", frames, "count", frames)));
        });
    }

    /** A scene's run written by a recorder that never created {@code missing}; its facts name them. */
    private record Omitting(String name, String description, Scene run, List<String> missing) implements Scene {
        @Override
        public int frames() {
            return run.frames();
        }

        @Override
        public List<Defect> run(RecordingWriter writer) throws Exception {
            writer.omit(missing.toArray(String[]::new));
            return run.run(writer);
        }

        @Override
        public Map<String, Object> facts() {
            return Map.of("missing_tables", missing);
        }
    }

    /**
     * energy_injection's run written by a recorder that never created AssetDynamicStateRecord (nor its external-force
     * junction): the states are still in InertialStateRecord, with body_id and frame_id 0 as current MSD-CPP writes
     * them, so no row says whose or when a state is. The energies, contacts and solver rows are all there.
     */
    static Scene withoutDynamicState() {
        return new Omitting("no_dynamic_state", "Fault: energy_injection's run (the resting ball gets +3 m/s upward "
                + "at frame 150) written by a recorder that never created AssetDynamicStateRecord or its "
                + "external-force junction: the body states are in InertialStateRecord with body_id and frame_id 0, "
                + "so nothing ties a state to its body and frame.", Scenes.energyInjection(),
                List.of("AssetDynamicStateRecord", "AssetDynamicStateRecord_ExternalForceRecord"));
    }
}
