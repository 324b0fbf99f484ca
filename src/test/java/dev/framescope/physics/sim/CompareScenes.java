package dev.framescope.physics.sim;

import static dev.framescope.physics.sim.FixtureScenes.at;

import dev.framescope.physics.sim.FixtureScenes.Defect;
import dev.framescope.physics.sim.FixtureScenes.Scene;
import dev.framescope.physics.sim.Scenes.SceneBody;
import dev.framescope.physics.store.Quat;
import dev.framescope.physics.store.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Pairs of runs of one scene, for comparing a recording with another: the same run twice (identical to the bit), a
 * run whose one body is moved 1e-9 m at a known frame (the difference grows by itself, a balance being unstable),
 * a run with the same states whose recorder writes each frame's contact rows in reverse order, and the same run
 * stopped early (a replay that ended before the original did). Each pair's
 * truth (the frame, the body, how far the difference grows) comes from the simulator running both worlds side by
 * side, never from the reader.
 */
final class CompareScenes {

    static final String BASE = "compare_base";
    static final int FRAMES = 260;
    static final long PERTURBED_FRAME = 30;
    static final double PERTURBATION_M = 1e-9;
    static final double TOLERANCE = 1e-6;

    private CompareScenes() {
    }

    /** A scene of the pairs: its facts (sorted, so the manifest does not churn; filled while it runs) say what comparing it with compare_base must find. */
    private record Paired(String name, String description, int frames, SceneBody body, Map<String, Object> facts)
            implements Scene {
        Paired(String name, String description, SceneBody body, Map<String, Object> facts) {
            this(name, description, FRAMES, body, facts);
        }

        @Override
        public List<Defect> run(RecordingWriter writer) throws Exception {
            return body.run(writer);
        }
    }

    static List<Scene> all() {
        return List.of(run(BASE, "Clean: two towers of two balls balanced on each other and two balls thrown at each "
                + "other between them; the reference run of the compare pairs.", Fault.NONE, Map.of()),
                run("compare_identical", "Clean: compare_base run again; identical to it to the last bit.", Fault.NONE,
                        new TreeMap<>(Map.of("compare_with", BASE + ".db", "identical", true))),
                perturbed(), reordered(), shorter());
    }

    /**
     * Two towers of two balls, each top ball resting exactly on its bottom one (balanced, as long as nothing moves
     * it sideways), and two balls thrown at each other between them: a sideways error of a top ball grows by
     * itself until the ball rolls off, as on any unstable balance.
     */
    private static World crowd(RecordingWriter writer, Fault fault) throws Exception {
        World w = new World(writer, fault);
        for (double x : new double[] {-3, 3}) {
            w.addSphere(0.5, 10, 0.3, 0.6, at(x, 0, 0.5), Vec3.ZERO);
            w.addSphere(0.5, 5, 0.3, 0.6, at(x, 0, 1.5), Vec3.ZERO);
        }
        w.addSphere(0.5, 6, 0.6, 0.4, at(-1.2, 0.2, 1.2), at(3, 0, 1));
        w.addSphere(0.5, 8, 0.6, 0.4, at(1.2, -0.2, 1.4), at(-3, 0, 0.5));
        return w;
    }

    private static Scene run(String name, String description, Fault fault, Map<String, Object> facts) {
        return new Paired(name, description, writer -> {
            crowd(writer, fault).run(FRAMES);
            return List.of();
        }, facts);
    }

    /** Body 3 (a top ball) is moved 1e-9 m along x after frame 30's step; the reference world runs alongside. */
    private static Scene perturbed() {
        long body = 3;
        Map<String, Object> facts = new TreeMap<>(Map.of("compare_with", BASE + ".db", "identical", false,
                "first_difference_frame", PERTURBED_FRAME, "first_difference_body", body,
                "perturbation_m", PERTURBATION_M, "tolerance", TOLERANCE));
        return new Paired("compare_perturbed", "Clean run of compare_base except that body " + body + " is moved "
                + PERTURBATION_M + " m along x after frame " + PERTURBED_FRAME + "'s step; balanced on the ball "
                + "below it, it starts to roll off, and the difference grows ~1.5× every 10 frames.", writer -> {
            Path scratch = Files.createTempFile("compare-reference", ".db");
            try (RecordingWriter referenceWriter = new RecordingWriter(scratch)) {
                World reference = crowd(referenceWriter, Fault.NONE);
                World moved = crowd(writer, new Fault() {
                    @Override
                    public void afterIntegrate(long frame, World world) {
                        if (frame == PERTURBED_FRAME) {
                            Body b = world.bodies.stream().filter(x -> x.id == body).findFirst().orElseThrow();
                            b.position = b.position.plus(at(PERTURBATION_M, 0, 0));
                        }
                    }
                });
                Long beyond = null;
                double largest = 0;
                for (int f = 1; f <= FRAMES; f++) {
                    reference.step();
                    moved.step();
                    double position = 0;
                    double other = 0;
                    for (int i = 0; i < moved.bodies.size(); i++) {
                        Body m = moved.bodies.get(i);
                        Body r = reference.bodies.get(i);
                        position = Math.max(position, m.position.minus(r.position).norm());
                        other = Math.max(other, Math.max(m.velocity.minus(r.velocity).norm(),
                                Math.max(m.omega.minus(r.omega).norm(), angle(m.orientation, r.orientation))));
                    }
                    largest = Math.max(largest, position);
                    if (beyond == null && Math.max(position, other) > TOLERANCE) {
                        beyond = (long) f;
                    }
                }
                facts.put("first_beyond_tolerance_frame", beyond);
                facts.put("largest_position_difference_m", largest);
            } finally {
                Files.deleteIfExists(scratch);
            }
            return List.of();
        }, facts);
    }

    /** The angle of the rotation from one orientation to the other: 2·acos(|q_a · q_b|), in double precision. */
    private static double angle(Quat a, Quat b) {
        double dot = Math.abs(a.w() * b.w() + a.x() * b.x() + a.y() * b.y() + a.z() * b.z());
        return 2 * Math.acos(Math.min(1, dot));
    }

    /** The same run; frames with two or more contact pairs get their rows written last pair first. */
    private static Scene reordered() {
        Map<String, Object> facts = new TreeMap<>(Map.of("compare_with", BASE + ".db", "identical", true));
        int[] reorderedFrames = {0};
        return new Paired("compare_reordered", "Clean: compare_base's run, with each frame's contact rows written in "
                + "reverse pair order; the states are the same to the bit.", writer -> {
            crowd(writer, new Fault() {
                @Override
                public void recordedPairOrder(long frame, List<List<Contact>> pairs) {
                    if (pairs.size() > 1) {
                        Collections.reverse(pairs);
                        reorderedFrames[0]++;
                    }
                }
            }).run(FRAMES);
            facts.put("frames_with_rows_reordered", reorderedFrames[0]);
            return List.of();
        }, facts);
    }

    /** compare_base's run stopped after {@value #SHORTER_FRAMES} frames: equal to the bit over the frames it has. */
    static final int SHORTER_FRAMES = 200;

    private static Scene shorter() {
        return new Paired("compare_shorter", "Clean: compare_base's run stopped after " + SHORTER_FRAMES + " of its "
                + FRAMES + " frames (a replay that ended early); its frames equal compare_base's to the last bit.",
                SHORTER_FRAMES, writer -> {
            crowd(writer, Fault.NONE).run(SHORTER_FRAMES);
            return List.of();
        }, new TreeMap<>(Map.of("compare_with", BASE + ".db", "identical", false, "frames", SHORTER_FRAMES,
                "other_frames", FRAMES, "frames_compared", SHORTER_FRAMES, "equal_over_frames_compared", true)));
    }
}
