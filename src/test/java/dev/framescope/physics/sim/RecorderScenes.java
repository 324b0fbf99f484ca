package dev.framescope.physics.sim;

import static dev.framescope.physics.sim.FixtureScenes.at;

import dev.framescope.physics.Vec3;
import dev.framescope.physics.sim.FixtureScenes.Defect;
import dev.framescope.physics.sim.FixtureScenes.Scene;
import dev.framescope.physics.sim.Scenes.Simple;
import java.util.List;
import java.util.Map;

/** Scenes about what the recorder writes rather than how bodies move: energies that went non-finite. */
final class RecorderScenes {

    private RecorderScenes() {
    }

    static List<Scene> all() {
        return List.of(nonfiniteEnergy());
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
}
