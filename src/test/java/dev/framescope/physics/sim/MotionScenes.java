package dev.framescope.physics.sim;

import static dev.framescope.physics.sim.FixtureScenes.at;

import dev.framescope.physics.sim.FixtureScenes.Defect;
import dev.framescope.physics.sim.FixtureScenes.Scene;
import dev.framescope.physics.sim.World.FrameLog;
import dev.framescope.physics.store.Vec3;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenes about how bodies move: a box that slides to a stop next to one that slides to the end (rest versus
 * sliding), and a ball whose velocity jumps in free flight. Ground truth comes from the simulator's own log.
 */
final class MotionScenes {

    /** The speed below which the ground truth calls a body at rest, as check_resting_contact's default. */
    static final double REST_SPEED = 0.01;

    private MotionScenes() {
    }

    @FunctionalInterface
    interface ObservedBody {
        List<Defect> run(RecordingWriter writer, Map<String, Object> facts) throws Exception;
    }

    /** A scene that also states what the simulator observed, in ground truth's {@code facts}. */
    record Observed(String name, String description, int frames, Map<String, Object> facts, ObservedBody body)
            implements Scene {
        Observed(String name, String description, int frames, ObservedBody body) {
            this(name, description, frames, new LinkedHashMap<>(), body);
        }

        @Override
        public List<Defect> run(RecordingWriter writer) throws Exception {
            facts.clear();
            return body.run(writer, facts);
        }
    }

    static Scene slidingBoxes() {
        return new Observed("sliding_boxes", "Clean: two flat 10 kg boxes (rotation locked) slide on the ground. Box 2 "
                + "starts at 3 m/s with μ 0.5 and friction stops it; box 3 starts at 2 m/s with μ 0.005 (0.05 "
                + "against the ground) and is still sliding when the recording ends.", 200, (writer, facts) -> {
            World w = new World(writer, Fault.NONE);
            Body stopping = w.addBox(at(0.5, 0.5, 0.25), 10, 0.5, 0.5, at(0, 0, 0.248), at(3, 0, 0));
            Body sliding = w.addBox(at(0.5, 0.5, 0.25), 10, 0.5, 0.005, at(0, 5, 0.248), at(2, 0, 0));
            w.run(200);
            facts.put("stopping_box", stopping.id);
            facts.put("rest_since_frame", restSince(w, stopping));
            facts.put("sliding_box", sliding.id);
            facts.put("sliding_box_rest_since_frame", restSince(w, sliding));
            facts.put("sliding_box_final_speed_m_s", w.log.get(w.log.size() - 1).velocities().get(sliding.id).norm());
            facts.put("rest_speed_m_s", REST_SPEED);
            return List.of();
        });
    }

    /**
     * First frame from which {@code body} is in contact and no faster than {@link #REST_SPEED} on every frame to the
     * end; null when it never comes to rest.
     */
    static Long restSince(World w, Body body) {
        Long since = null;
        for (FrameLog log : w.log) {
            boolean touching = log.contacts().stream().anyMatch(c -> c.a == body || c.b == body);
            boolean rests = touching && log.velocities().get(body.id).norm() <= REST_SPEED;
            since = !rests ? null : since == null ? log.frame() : since;
        }
        return since;
    }

    static Scene velocityJump() {
        long frame = 30;
        Vec3 kick = at(4, 0, 0);
        return new Observed("velocity_jump", "Fault: a ball thrown up from 20 m flies freely (no contact in the whole "
                + "recording); at frame " + frame + ", near the top of its arc, its velocity gains " + kick.x()
                + " m/s along x outside the integrator, so the recorded acceleration is gravity alone.", 60,
                (writer, facts) -> {
                    World w = new World(writer, new Fault() {
                        @Override
                        public Vec3 strayVelocity(long f, Body b) {
                            return f == frame ? kick : null;
                        }
                    });
                    Body ball = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 20), at(1, 0, 4.5));
                    w.run(60);
                    FrameLog before = w.log.get((int) frame - 2);
                    FrameLog after = w.log.get((int) frame - 1);
                    Vec3 v0 = before.velocities().get(ball.id);
                    Vec3 v1 = after.velocities().get(ball.id);
                    Vec3 unexplained = v1.minus(v0).minus(World.GRAVITY.times(World.DT));
                    boolean contact = w.log.stream().anyMatch(log -> !log.contacts().isEmpty());
                    Map<String, Object> jump = new LinkedHashMap<>();
                    jump.put("speed_before_m_s", v0.norm());
                    jump.put("speed_after_m_s", v1.norm());
                    jump.put("residual_m_s", unexplained.norm());
                    jump.put("in_contact", contact);
                    return List.of(new Defect("VELOCITY_JUMP", frame, List.of(ball.id), jump),
                            new Defect("ENERGY_INJECTION", frame, List.of(ball.id),
                                    Map.of("delta_e_j", after.deltaEnergy())));
                });
    }

    /**
     * Two balls resting against each other on the ground; at frame 100 their contact normal turns 45° about y (a
     * jump, not a reversal) for one frame, as a bad manifold update would make it.
     */
    static Scene normalJump() {
        long frame = 100;
        double degrees = 45;
        return new Observed("normal_jump", "Fault: two touching balls rest on the ground; at frame " + frame + " their "
                + "contact normal is turned " + degrees + "° about y for that frame only (a jump, not a flip).", 150,
                (writer, facts) -> {
                    World w = new World(writer, new Fault() {
                        @Override
                        public void contacts(long f, List<Contact> contacts) {
                            if (f == frame) {
                                double r = Math.toRadians(degrees);
                                contacts.stream().filter(c -> c.b != null).forEach(c -> c.setNormal(new Vec3(
                                        c.normal.x() * Math.cos(r) + c.normal.z() * Math.sin(r), c.normal.y(),
                                        -c.normal.x() * Math.sin(r) + c.normal.z() * Math.cos(r))));
                            }
                        }
                    });
                    Body a = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 0.496), Vec3.ZERO);
                    Body b = w.addSphere(0.5, 10, 0.5, 0.5, at(0.996, 0, 0.496), Vec3.ZERO);
                    w.run(150);
                    return List.of(new Defect("NORMAL_JUMP", frame, List.of(a.id, b.id),
                            Map.of("turn_deg", degrees)));
                });
    }
}
