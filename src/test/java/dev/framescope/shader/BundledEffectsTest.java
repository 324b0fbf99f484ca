package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo effects packaged with the build, unpacked once per content hash under the state directory. */
class BundledEffectsTest {

    @Test
    void unpacksExactlyTheDemoEffects(@TempDir Path state) throws Exception {
        Path root = BundledEffects.unpack(state);
        Map<String, byte[]> unpacked = BundledEffects.readUnpacked(root);
        Map<String, byte[]> demo = new java.util.TreeMap<>();
        Path source = Path.of("demo/shaders/effects");
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                demo.put(source.relativize(file).toString(), Files.readAllBytes(file));
            }
        }
        assertEquals(demo.keySet(), unpacked.keySet());
        demo.forEach((name, bytes) -> assertArrayEquals(bytes, unpacked.get(name), name));
        assertEquals(new EffectLibrary(source).select("*").size(), new EffectLibrary(root).select("*").size());
    }

    @Test
    void defaultRootIsTheCloneFolderWhenThereAndTheBundledCopyElsewhere(@TempDir Path state) {
        // Tests run in the clone: the relative default is there and used as is.
        assertEquals(BundledEffects.DEFAULT_ROOT, BundledEffects.defaultRoot(BundledEffects.DEFAULT_ROOT, state));
        // A root the user set stays theirs, even when missing (the tools then say NOT_FOUND naming it).
        Path mine = state.resolve("no-such-effects");
        assertEquals(mine, BundledEffects.defaultRoot(mine, state));
    }

    @Test
    void secondUseReusesTheCopyAndADamagedCopyIsReplaced(@TempDir Path state) throws Exception {
        Path first = BundledEffects.unpack(state);
        Path someFile;
        try (Stream<Path> walk = Files.walk(first)) {
            someFile = walk.filter(p -> p.toString().endsWith(".glsl")).findFirst().orElseThrow();
        }
        var before = Files.getLastModifiedTime(someFile);
        Thread.sleep(20);
        assertEquals(first, BundledEffects.unpack(state));
        assertEquals(before, Files.getLastModifiedTime(someFile), "a complete copy is not written again");

        Files.delete(someFile);
        assertEquals(first, BundledEffects.unpack(state));
        assertTrue(Files.isRegularFile(someFile), "the damaged copy was replaced by a complete one");
        assertEquals(List.of(first.getFileName().toString()), names(state.resolve("bundled-effects")),
                "no temporary or stale folders are left");
    }

    @Test
    void serversStartingAtOnceShareOneCompleteCopy(@TempDir Path state) throws Exception {
        // The threads bypass the per-JVM lock (unpackUnlocked), so they race as separate server processes would.
        int n = 8;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Path>> results = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                Callable<Path> task = () -> {
                    start.await();
                    return BundledEffects.unpackUnlocked(state);
                };
                results.add(pool.submit(task));
            }
            start.countDown();
            Set<Path> roots = new HashSet<>();
            for (Future<Path> result : results) {
                roots.add(result.get());
            }
            assertEquals(1, roots.size(), roots.toString());
            Path root = roots.iterator().next();
            assertEquals(BundledEffects.packaged().keySet(), BundledEffects.readUnpacked(root).keySet());
            assertEquals(List.of(root.getFileName().toString()), names(state.resolve("bundled-effects")));
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
