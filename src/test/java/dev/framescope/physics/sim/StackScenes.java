package dev.framescope.physics.sim;

import static dev.framescope.physics.sim.FixtureScenes.at;

import dev.framescope.physics.sim.FixtureScenes.Defect;
import dev.framescope.physics.sim.FixtureScenes.Scene;
import dev.framescope.physics.sim.World.FrameLog;
import dev.framescope.physics.store.Vec3;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scenes of boxes resting on boxes, and of energy lost beyond what the contact model allows. Ground truth comes from
 * the simulator's own log: impacts are counted there as FrameScope documents them (one per pair per run of
 * consecutive frames with a contact approaching faster than the 0.5 m/s rest velocity), never read back.
 */
final class StackScenes {

    private static final double REST_VELOCITY = 0.5;
    private static final Vec3 HALF = at(0.5, 0.5, 0.25);

    private StackScenes() {
    }

    static List<Scene> all() {
        return List.of(stack(), oneSidedImpulse(), lossyImpact(), dampedFlight());
    }

    /** A scene that also states facts of a clean run (impact counts) for tests to compare with. */
    record Stated(String name, String description, int frames, Scenes.SceneBody body, Map<String, Object> facts)
            implements Scene {
        @Override
        public List<Defect> run(RecordingWriter writer) throws Exception {
            return body.run(writer);
        }
    }

    /** Three 10 kg boxes (1 × 1 × 0.5 m, e 0.5, μ 0.5): the lowest on the floor, the others dropped onto it. */
    private static List<Body> boxes(World w) throws Exception {
        Body bottom = w.addBox(HALF, 10, 0.5, 0.5, at(0, 0, 0.248), Vec3.ZERO);
        Body middle = w.addBox(HALF, 10, 0.5, 0.5, at(0, 0, 0.498 + 0.06 + 0.25), Vec3.ZERO);
        Body top = w.addBox(HALF, 10, 0.5, 0.5, at(0, 0, 0.498 + 0.06 + 0.5 + 0.03 + 0.25), Vec3.ZERO);
        return List.of(bottom, middle, top);
    }

    static Scene stack() {
        Map<String, Object> facts = new LinkedHashMap<>();
        return new Stated("stack_3_boxes", "Clean: three 10 kg boxes (1 × 1 × 0.5 m, e 0.5, μ 0.5, rotation locked): "
                + "the lowest rests on the floor, the middle one is dropped from 6 cm above it and the top one from "
                + "3 cm above the middle one; they bounce and come to rest.", 200, writer -> {
            World w = new World(writer, Fault.NONE);
            boxes(w);
            w.run(200);
            facts.putAll(impactFacts(w.log));
            return List.of();
        }, facts);
    }

    /**
     * At a frame where the stack rests, the engine applies the impulse of the middle–top contact to the middle box
     * only: the top box never gets its push, so the pair's impulses are not equal and opposite.
     */
    static Scene oneSidedImpulse() {
        long frame = 150;
        Map<String, Object> facts = new LinkedHashMap<>();
        return new Stated("stack_one_sided_impulse", "Fault: the clean 3-box stack, but at frame " + frame + " the "
                + "impulse of the middle–top contact is applied to the middle box only; the top box never gets its "
                + "push (action without reaction).", 200, writer -> {
            Vec3[] missing = {Vec3.ZERO};
            long[] ids = new long[3];
            World w = new World(writer, new Fault() {
                @Override
                public void afterSolve(long f, List<Contact> contacts) {
                    if (f != frame) {
                        return;
                    }
                    for (Contact c : contacts) {
                        if (c.a.id == ids[1] && c.b != null && c.b.id == ids[2]) {
                            Vec3 impulse = c.normal.times(c.normalImpulse).plus(c.tangent1.times(c.tangent1Impulse))
                                    .plus(c.tangent2.times(c.tangent2Impulse));
                            c.b.velocity = c.b.velocity.minus(impulse.times(c.b.inverseMass()));
                            missing[0] = missing[0].plus(impulse);
                        }
                    }
                }
            });
            List<Body> stack = boxes(w);
            for (int i = 0; i < 3; i++) {
                ids[i] = stack.get(i).id;
            }
            w.run(200);
            facts.putAll(impactFacts(w.log));
            return List.of(new Defect("MOMENTUM_NOT_CONSERVED", frame, List.of(ids[1], ids[2]),
                    Map.of("residual_kg_m_s", missing[0].norm())));
        }, facts);
    }

    /**
     * At the ball's first impact the solver bounces it with e = 0.1 while the recording states the effective 0.5:
     * the impact dissipates more than the restitution model's (1 − e²) of the normal kinetic energy.
     */
    static Scene lossyImpact() {
        return new Scenes.Simple("lossy_impact", "Fault: a 10 kg ball dropped from 2 m; at its first impact the "
                + "solver uses e = 0.1 though the recorded effective restitution is 0.5, so the impact loses more "
                + "energy than (1 − e²) of the normal kinetic energy allows.", 120, writer -> {
            long[] impact = {-1};
            World w = new World(writer, new Fault() {
                @Override
                public double restitution(long f, Contact c, double correct) {
                    if (correct > 0 && (impact[0] < 0 || impact[0] == f)) {
                        impact[0] = f;
                        return 0.1;
                    }
                    return correct;
                }
            });
            Body b = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 2), Vec3.ZERO);
            w.run(120);
            FrameLog log = w.log.get((int) impact[0] - 1);
            Contact c = log.contacts().get(0);
            double model = (1 - c.restitution * c.restitution) * 0.5 * b.mass * c.preNormalVelocity
                    * c.preNormalVelocity;
            Map<String, Object> values = new LinkedHashMap<>();
            values.put("delta_e_j", log.deltaEnergy());
            values.put("restitution_model_loss_j", model);
            return List.of(new Defect("ENERGY_LOSS", impact[0], List.of(b.id), values));
        });
    }

    /** A ball flying free loses 40 % of its velocity in one step: numerical damping, no contact at all. */
    static Scene dampedFlight() {
        long frame = 20;
        return new Scenes.Simple("damped_flight", "Fault: a 10 kg ball thrown at 6 m/s sideways and 4 m/s up from "
                + "5 m; at frame " + frame + ", in free flight, its velocity is scaled by 0.6 (a damping bug).", 60,
                writer -> {
                    World w = new World(writer, new Fault() {
                        @Override
                        public void afterIntegrate(long f, World world) {
                            if (f == frame) {
                                Body b = world.bodies.get(0);
                                b.velocity = b.velocity.times(0.6);
                            }
                        }
                    });
                    Body b = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 5), at(6, 0, 4));
                    w.run(60);
                    return List.of(new Defect("ENERGY_LOSS", frame, List.of(b.id),
                            Map.of("delta_e_j", w.log.get((int) frame - 1).deltaEnergy())));
                });
    }

    /**
     * Impacts as the simulator saw them: per pair (stored ids), each run of consecutive frames in which one of its
     * contacts approached faster than the rest velocity, with the rows (contact points × frames) it covers.
     */
    static Map<String, Object> impactFacts(List<FrameLog> log) {
        Map<String, List<Long>> framesByPair = new TreeMap<>();
        int rows = 0;
        for (FrameLog frame : log) {
            Map<String, Boolean> seen = new LinkedHashMap<>();
            for (Contact c : frame.contacts()) {
                if (c.preNormalVelocity < -REST_VELOCITY) {
                    rows++;
                    String pair = c.a.id + "-" + World.storedId(c.b);
                    if (seen.put(pair, true) == null) {
                        framesByPair.computeIfAbsent(pair, k -> new ArrayList<>()).add(frame.frame());
                    }
                }
            }
        }
        List<Map<String, Object>> impacts = new ArrayList<>();
        for (Map.Entry<String, List<Long>> pair : framesByPair.entrySet()) {
            List<Long> frames = pair.getValue();
            for (int i = 0; i < frames.size(); i++) {
                int start = i;
                while (i + 1 < frames.size() && frames.get(i + 1) == frames.get(i) + 1) {
                    i++;
                }
                Map<String, Object> impact = new LinkedHashMap<>();
                impact.put("pair", pair.getKey());
                impact.put("first_frame", frames.get(start));
                impact.put("last_frame", frames.get(i));
                impacts.add(impact);
            }
        }
        impacts.sort((x, y) -> Long.compare((Long) x.get("first_frame"), (Long) y.get("first_frame")));
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("impacts", impacts.size());
        facts.put("impact_contact_rows", rows);
        facts.put("impact_list", impacts);
        return facts;
    }
}
