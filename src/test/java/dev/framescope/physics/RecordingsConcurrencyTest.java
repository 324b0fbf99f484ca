package dev.framescope.physics;

import static dev.framescope.physics.PhysicsCalls.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.physics.checks.ContactChecks;
import dev.framescope.physics.checks.PhysicsArgs.FrameArgs;
import dev.framescope.physics.checks.PhysicsArgs.PenetrationArgs;
import dev.framescope.physics.checks.PhysicsArgs.RangeArgs;
import dev.framescope.physics.checks.RecordingQueries;
import dev.framescope.physics.checks.SolverChecks;
import dev.framescope.physics.store.Recordings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many calls at once over more recordings than {@link Recordings} keeps open: every call is answered from its own
 * recording, none finds its store closed under it by another call's eviction, and once the calls are done at most
 * {@link Recordings#MAX_OPEN} recordings stay open.
 */
class RecordingsConcurrencyTest {

    /** Seven fixtures: more than stay open. */
    private static final List<String> SCENES = List.of("drop_settle", "box_slide", "two_ball_collision",
            "energy_injection", "penetration", "never_rests", "chatter_flip");

    @Test
    @Timeout(180)
    void callsOverMoreRecordingsThanStayOpenAllSucceed() throws Exception {
        Recordings recordings = new Recordings(List.of());
        RecordingQueries queries = new RecordingQueries(recordings);
        SolverChecks solver = new SolverChecks(recordings);
        ContactChecks contacts = new ContactChecks(recordings);
        Map<String, Integer> frames = new ConcurrentHashMap<>();
        for (String scene : SCENES) {
            frames.put(scene, PhysicsCalls.groundTruth(scene).get("frames").asInt());
        }
        int threads = 8;
        int callsPerThread = 150;
        AtomicInteger answered = new AtomicInteger();
        List<String> failures = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long seed = t;
            done.add(pool.submit(() -> {
                Random random = new Random(seed);
                for (int i = 0; i < callsPerThread; i++) {
                    String scene = SCENES.get(random.nextInt(SCENES.size()));
                    int frame = 1 + random.nextInt(frames.get(scene));
                    String recording = fixture(scene);
                    try {
                        long expected = i % 3 == 1 ? frames.get(scene) : frame;
                        long got = switch (i % 3) {
                            case 0 -> queries.frame(new FrameArgs((long) frame, null, null, recording, null))
                                    .frameId();
                            case 1 -> solver.diagnostics(new RangeArgs(null, null, null, recording)).endFrame();
                            default -> contacts.penetration(new PenetrationArgs((long) frame, null, recording))
                                    .frameId();
                        };
                        if (got != expected) {
                            synchronized (failures) {
                                failures.add(scene + " answered frame " + got + ", expected " + expected);
                            }
                        }
                        answered.incrementAndGet();
                    } catch (Throwable e) {
                        synchronized (failures) {
                            failures.add(scene + " frame " + frame + ": " + e.getMessage());
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(List.of(), failures.size() > 5 ? failures.subList(0, 5) : failures,
                failures.size() + " of " + threads * callsPerThread + " calls failed");
        assertEquals(threads * callsPerThread, answered.get());
        assertTrue(recordings.openCount() <= Recordings.MAX_OPEN, "open after the calls: " + recordings.openCount());
        recordings.close();
    }
}
