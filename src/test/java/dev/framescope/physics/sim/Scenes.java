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
import java.util.stream.Stream;

/** The fixture scenes. Ground-truth numbers are taken from the simulator's own log, never from the reader. */
final class Scenes {

    private static final long GROUND = World.storedId(null);

    private Scenes() {
    }

    @FunctionalInterface
    interface SceneBody {
        List<Defect> run(RecordingWriter writer) throws Exception;
    }

    record Simple(String name, String description, int frames, SceneBody body) implements Scene {
        @Override
        public List<Defect> run(RecordingWriter writer) throws Exception {
            return body.run(writer);
        }
    }

    static List<Scene> all() {
        return Stream.concat(Stream.of(dropSettle(), boxSlide(), twoBallCollision(), energyInjection(),
                frictionCone(), penetration(), neverRests(), chatterAndFlips(), nonfiniteState(), restitutionGain(),
                steadyOverlap(), longFrictionThenFlip(), MotionScenes.slidingBoxes(), MotionScenes.velocityJump(),
                MotionScenes.normalJump()),
                Stream.of(StackScenes.all(), RecorderScenes.all(), CompareScenes.all()).flatMap(List::stream)).toList();
    }

    private static Body ball(World w) throws Exception {
        return w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 2), Vec3.ZERO);
    }

    static Scene dropSettle() {
        return new Simple("drop_settle", "Clean: a 10 kg ball (r 0.5 m, e 0.5, μ 0.5) dropped from 2 m bounces "
                + "until it rests from frame 111.", 300, writer -> {
            World w = new World(writer, Fault.NONE);
            ball(w);
            w.run(300);
            return List.of();
        });
    }

    static Scene boxSlide() {
        return new Simple("box_slide", "Clean: a flat 10 kg box (1 × 1 × 0.5 m, rotation locked) slides on the "
                + "ground at 3 m/s and friction (μ 0.5, inscribed box) stops it by frame ~55.", 150, writer -> {
            World w = new World(writer, Fault.NONE);
            w.addBox(at(0.5, 0.5, 0.25), 10, 0.5, 0.5, at(0, 0, 0.248), at(3, 0, 0));
            w.run(150);
            return List.of();
        });
    }

    static Scene twoBallCollision() {
        return new Simple("two_ball_collision", "Clean: two free balls (10 kg and 5 kg) collide head-on in the air "
                + "at frame ~13; linear momentum changes only by M·g·dt per frame.", 40, writer -> {
            World w = new World(writer, Fault.NONE);
            w.addSphere(0.5, 10, 0.5, 0.5, at(-1, 0, 5), at(3, 0, 0));
            w.addSphere(0.5, 5, 0.5, 0.5, at(1, 0, 5), at(-3, 0, 0));
            w.run(40);
            return List.of();
        });
    }

    static Scene energyInjection() {
        long frame = 150;
        return new Simple("energy_injection", "Fault: the resting ball gets +3 m/s upward out of nowhere at frame "
                + frame + " (a bad impulse), injecting ~45 J.", 300, writer -> {
            World[] world = new World[1];
            world[0] = new World(writer, new Fault() {
                @Override
                public void afterIntegrate(long f, World w) {
                    if (f == frame) {
                        Body b = w.bodies.get(0);
                        b.velocity = b.velocity.plus(at(0, 0, 3));
                    }
                }
            });
            Body b = ball(world[0]);
            world[0].run(300);
            FrameLog log = world[0].log.get((int) frame - 1);
            return List.of(new Defect("ENERGY_INJECTION", frame, List.of(b.id),
                    Map.of("delta_e_j", log.deltaEnergy())));
        });
    }

    static Scene frictionCone() {
        long frame = 10;
        return new Simple("friction_cone", "Fault: the sliding box's friction clamp is 3× too loose at frame "
                + frame + ", so |λt| may exceed μ·λn at its contacts (the ground truth counts those that do).", 150, writer -> {
            World w = new World(writer, new Fault() {
                @Override
                public double frictionLimitScale(long f, Contact c) {
                    return f == frame ? 3 : 1;
                }
            });
            Body box = w.addBox(at(0.5, 0.5, 0.25), 10, 0.5, 0.5, at(0, 0, 0.248), at(3, 0, 0));
            w.run(150);
            double worst = 0;
            int violating = 0;
            List<Contact> contacts = w.log.get((int) frame - 1).contacts();
            for (Contact c : contacts) {
                double tangent = Math.hypot(c.tangent1Impulse, c.tangent2Impulse);
                if (tangent > 1.01 * c.friction * c.normalImpulse) {
                    violating++;
                }
                if (c.normalImpulse > 0) {
                    worst = Math.max(worst, tangent / (c.friction * c.normalImpulse));
                }
            }
            return List.of(new Defect("FRICTION_CONE_VIOLATION", frame, List.of(box.id, GROUND),
                    Map.of("contacts", contacts.size(), "violating_contacts", violating, "max_utilisation", worst)));
        });
    }

    static Scene penetration() {
        long from = 150;
        long to = 160;
        return new Simple("penetration", "Fault: frames " + from + "–" + to + " the solver ignores the resting "
                + "ball's ground contact and position correction is off, so it sinks into the floor.", 300,
                writer -> {
                    World w = new World(writer, new Fault() {
                        @Override
                        public boolean solvesNormal(long f, Contact c) {
                            return f < from || f > to;
                        }

                        @Override
                        public boolean correctsPosition(long f, Body b) {
                            return f < from || f > to;
                        }
                    });
                    Body b = ball(w);
                    w.run(300);
                    long first = -1;
                    double deepest = 0;
                    long deepestFrame = -1;
                    for (FrameLog log : w.log.subList((int) from - 1, (int) to + 1)) {
                        double depth = log.contacts().stream().mapToDouble(c -> c.depth).max().orElse(0);
                        if (depth > 0.01 && first < 0) {
                            first = log.frame();
                        }
                        if (depth > deepest) {
                            deepest = depth;
                            deepestFrame = log.frame();
                        }
                    }
                    return List.of(new Defect("EXCESSIVE_PENETRATION", first, List.of(b.id, GROUND),
                            Map.of("max_depth_m", deepest, "max_depth_frame", deepestFrame)));
                });
    }

    static Scene neverRests() {
        long from = 150;
        return new Simple("never_rests", "Fault: from frame " + from + " the ball on the ground gets a ±0.05 m/s "
                + "sideways jitter every frame (solver noise), so it never comes to rest.", 300, writer -> {
            World w = new World(writer, new Fault() {
                @Override
                public void afterIntegrate(long f, World world) {
                    if (f >= from) {
                        Body b = world.bodies.get(0);
                        b.velocity = new Vec3(f % 2 == 0 ? 0.05 : -0.05, b.velocity.y(), b.velocity.z());
                    }
                }
            });
            Body b = ball(w);
            w.run(300);
            return List.of(new Defect("NOT_AT_REST", from, List.of(b.id), Map.of("jitter_m_s", 0.05)));
        });
    }

    static Scene chatterAndFlips() {
        long from = 80;
        long to = 100;
        return new Simple("chatter_flip", "Fault: two touching balls at rest; frames " + from + "–" + to
                + " the narrow phase drops their contact on odd frames and reverses its normal every fourth "
                + "frame.", 200, writer -> {
            World w = new World(writer, new Fault() {
                @Override
                public void contacts(long f, List<Contact> contacts) {
                    if (f < from || f > to) {
                        return;
                    }
                    contacts.removeIf(c -> c.b != null && f % 2 == 1);
                    contacts.stream().filter(c -> c.b != null && f % 4 == 0)
                            .forEach(c -> c.setNormal(c.normal.times(-1)));
                }
            });
            Body a = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 0.496), Vec3.ZERO);
            Body b = w.addSphere(0.5, 10, 0.5, 0.5, at(0.996, 0, 0.496), Vec3.ZERO);
            w.run(200);
            List<Long> flips = new ArrayList<>();
            long firstGap = -1;
            int transitions = 0;
            Vec3 previous = null;
            boolean wasTouching = true;
            for (FrameLog log : w.log) {
                Contact pair = log.contacts().stream().filter(c -> c.b != null).findFirst().orElse(null);
                if ((pair != null) != wasTouching && log.frame() >= from && log.frame() <= to + 1) {
                    transitions++;
                    if (pair == null && firstGap < 0) {
                        firstGap = log.frame();
                    }
                }
                wasTouching = pair != null;
                if (pair != null) {
                    if (previous != null && pair.normal.dot(previous) < 0) {
                        flips.add(log.frame());
                    }
                    previous = pair.normal;
                }
            }
            Map<String, Object> chatter = new LinkedHashMap<>();
            chatter.put("first_frame", from);
            chatter.put("last_frame", to);
            chatter.put("transitions", transitions);
            return List.of(new Defect("CONTACT_CHATTER", firstGap, List.of(a.id, b.id), chatter),
                    new Defect("NORMAL_FLIP", flips.get(0), List.of(a.id, b.id), Map.of("flip_frames", flips)));
        });
    }

    static Scene nonfiniteState() {
        long frame = 90;
        return new Simple("nan_state", "Fault: at frame " + frame + " the ball's x velocity becomes NaN (a "
                + "division by zero); NaN is stored as NULL and spreads to its position and energy.", 150,
                writer -> {
                    World w = new World(writer, new Fault() {
                        @Override
                        public void afterIntegrate(long f, World world) {
                            if (f == frame) {
                                Body b = world.bodies.get(0);
                                b.velocity = new Vec3(Double.NaN, b.velocity.y(), b.velocity.z());
                            }
                        }
                    });
                    Body b = ball(w);
                    w.run(150);
                    return List.of(new Defect("NONFINITE_STATE", frame, List.of(b.id), Map.of("field", "velocity")));
                });
    }

    static Scene restitutionGain() {
        return new Simple("bad_restitution", "Fault: on the ball's first impact the solver uses e = 1.4 instead of "
                + "the effective 0.5, so it bounces back faster than it hit the floor.", 120, writer -> {
            long[] impact = {-1};
            World w = new World(writer, new Fault() {
                @Override
                public double restitution(long f, Contact c, double correct) {
                    if (correct > 0 && (impact[0] < 0 || impact[0] == f)) {
                        impact[0] = f;
                        return 1.4;
                    }
                    return correct;
                }
            });
            Body b = ball(w);
            w.run(120);
            FrameLog log = w.log.get((int) impact[0] - 1);
            Contact c = log.contacts().get(0);
            Map<String, Object> values = new LinkedHashMap<>();
            values.put("pre_normal_velocity_m_s", c.preNormalVelocity);
            values.put("effective_restitution", c.restitution);
            values.put("post_normal_velocity_m_s", log.velocities().get(b.id).z());
            return List.of(new Defect("RESTITUTION_GAIN", impact[0], List.of(b.id, GROUND), values));
        });
    }

    static Scene steadyOverlap() {
        double depth = 0.05;
        return new Simple("steady_overlap", "Fault: a resting ball starts " + depth + " m into the floor and position "
                + "correction is off, so it stays that deep, without growing, for the whole recording.", 120,
                writer -> {
                    World w = new World(writer, new Fault() {
                        @Override
                        public boolean correctsPosition(long f, Body b) {
                            return false;
                        }
                    });
                    Body b = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 0, 0.5 - depth), Vec3.ZERO);
                    w.run(120);
                    double deepest = w.log.stream().flatMap(log -> log.contacts().stream())
                            .mapToDouble(c -> c.depth).max().orElse(0);
                    return List.of(new Defect("STEADY_PENETRATION", 1, List.of(b.id, GROUND),
                            Map.of("max_depth_m", deepest)));
                });
    }

    /**
     * A defect on a hundred frames must not hide a later, different one: the box's friction clamp is 1.6× too loose
     * while it slides (frames 4–125), and two resting balls elsewhere get one reversed normal at frame 150.
     */
    static Scene longFrictionThenFlip() {
        long from = 4;
        long to = 125;
        long flip = 150;
        return new Simple("friction_then_flip", "Fault: a box sliding from 13 m/s has its friction clamp 1.6× too "
                + "loose on frames " + from + "–" + to + "; two touching balls at rest elsewhere get their contact "
                + "normal reversed at frame " + flip + ".", 200, writer -> {
            World w = new World(writer, new Fault() {
                @Override
                public double frictionLimitScale(long f, Contact c) {
                    return f >= from && f <= to ? 1.6 : 1;
                }

                @Override
                public void contacts(long f, List<Contact> contacts) {
                    if (f == flip) {
                        contacts.stream().filter(c -> c.b != null).forEach(c -> c.setNormal(c.normal.times(-1)));
                    }
                }
            });
            Body box = w.addBox(at(0.5, 0.5, 0.25), 10, 0.5, 0.5, at(0, 0, 0.248), at(13, 0, 0));
            Body a = w.addSphere(0.5, 10, 0.5, 0.5, at(0, 10, 0.496), Vec3.ZERO);
            Body b = w.addSphere(0.5, 10, 0.5, 0.5, at(0.996, 10, 0.496), Vec3.ZERO);
            w.run(200);
            List<Long> violating = new ArrayList<>();
            for (FrameLog log : w.log) {
                boolean violates = log.contacts().stream().filter(c -> c.b == null && c.a == box)
                        .anyMatch(c -> Math.hypot(c.tangent1Impulse, c.tangent2Impulse)
                                > 1.01 * c.friction * c.normalImpulse + 1e-9);
                if (violates) {
                    violating.add(log.frame());
                }
            }
            Map<String, Object> friction = new LinkedHashMap<>();
            friction.put("first_frame", violating.get(0));
            friction.put("last_frame", violating.get(violating.size() - 1));
            friction.put("count", violating.size());
            return List.of(new Defect("FRICTION_CONE_VIOLATION", violating.get(0), List.of(box.id, GROUND), friction),
                    new Defect("NORMAL_FLIP", flip, List.of(a.id, b.id), Map.of()));
        });
    }

    /** The benchmark recording: 20 balls over 10,000 frames, many resting on the ground, some colliding. */
    static Scene large() {
        return new Simple("large_20x10000", "Benchmark: 20 balls, 10,000 frames.", 10_000, writer -> {
            World w = new World(writer, Fault.NONE);
            for (int i = 0; i < 20; i++) {
                w.addSphere(0.5, 5 + i, 0.5, 0.5, at((i % 5) * 1.2, (i / 5) * 1.2, 1 + (i % 3)),
                        at(i % 2 == 0 ? 0.4 : -0.4, 0, 0));
            }
            w.run(10_000);
            return List.of();
        });
    }
}
