package dev.framescope.console;

import static dev.framescope.console.StoreFixtures.breaksAfter;
import static dev.framescope.console.StoreFixtures.everything;
import static dev.framescope.console.StoreFixtures.rdc;
import static dev.framescope.console.StoreFixtures.refused;
import static dev.framescope.console.StoreFixtures.stream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** history.json: versions, stale writes refused, concurrent writers, and writes a reader never sees half done. */
class ProjectHistoryTest {

    @TempDir
    Path temp;

    private ProjectStore store() {
        return new ProjectStore(temp.resolve("projects"), ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
    }

    private static ObjectNode item(String id) {
        return Json.mapper().createObjectNode().put("id", id);
    }

    private static ArrayNode items(String... ids) {
        ArrayNode array = Json.mapper().createArrayNode();
        for (String id : ids) {
            array.add(item(id));
        }
        return array;
    }

    @Test
    void versionsCountWritesAndAStaleVersionIsAConflictNamingBoth() throws Exception {
        ProjectStore store = store();
        String id = store.create("p").id();
        assertEquals(History.empty(), store.history(id));

        assertEquals(1, store.putHistory(id, null, items("s1"), items("m1")).version(), "no version: allowed");
        History second = store.putHistory(id, 1L, items("s1", "s2"), items("m1", "m2"));
        assertEquals(2, second.version());

        ConsoleException stale = refused(409, null, () -> store.putHistory(id, 1L, items(), items()));
        assertEquals("CONFLICT", stale.code());
        assertEquals(1L, stale.context().get("expected_version"));
        assertEquals(2L, stale.context().get("current_version"));
        assertEquals(second, store.history(id), "the other tab's work is still there");

        History appended = store.append(id, item("s3"), null);
        assertEquals(3, appended.version());
        assertEquals(items("s1", "s2", "s3"), appended.submissions());
        assertEquals(items("m1", "m2"), appended.messages());
        assertEquals(items("m1", "m2", "m3"), store.append(id, null, item("m3")).messages());
        assertEquals(items("s1", "s2", "s3"), store.putHistory(id, 4L, null, items("m9")).submissions(),
                "null keeps what is stored");

        JsonNode onDisk = Json.mapper().readTree(store.root().resolve(id).resolve("history.json").toFile());
        assertEquals(5, onDisk.get("version").asLong());
        assertEquals(items("m9"), onDisk.get("messages"));

        refused(400, "submissions", () -> store.putHistory(id, null, item("x"), items()));
        JsonNode text = Json.mapper().getNodeFactory().textNode("x");
        refused(400, "messages", () -> store.putHistory(id, null, items(), text));
        refused(400, "submission", () -> store.append(id, items("x"), null));
        assertEquals(5, store.history(id).version(), "refused writes change nothing");
    }

    @Test
    void concurrentAppendsAndPutsNeverLoseAWriteThatSucceeded() throws Exception {
        ProjectStore store = store();
        String id = store.create("p").id();
        int threads = 8;
        int each = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger conflicts = new AtomicInteger();
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                start.await();
                for (int i = 0; i < each; i++) {
                    String tag = thread + "-" + i;
                    if (thread % 2 == 0) {
                        store.append(id, item("s" + tag), item("m" + tag));
                        continue;
                    }
                    // a tab's read-modify-write: retried on 409, as the page does after reloading
                    while (true) {
                        History seen = store.history(id);
                        ArrayNode submissions = ((ArrayNode) seen.submissions()).add(item("s" + tag));
                        ArrayNode messages = ((ArrayNode) seen.messages()).add(item("m" + tag));
                        try {
                            store.putHistory(id, seen.version(), submissions, messages);
                            break;
                        } catch (ConsoleException e) {
                            assertEquals(409, e.status());
                            conflicts.incrementAndGet();
                        }
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> future : done) {
            future.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        History history = store.history(id);
        assertEquals(threads * each, history.version());
        Set<String> ids = new HashSet<>();
        history.submissions().forEach(s -> ids.add(s.get("id").asText()));
        assertEquals(threads * each, ids.size(), "every submission that was written is there, once");
        assertEquals(threads * each, history.messages().size());
        System.out.println("history writes refused as stale and retried: " + conflicts.get());
    }

    @Test
    void aReaderNeverSeesAHalfWrittenHistory() throws Exception {
        ProjectStore store = store();
        String id = store.create("p").id();
        Path file = store.root().resolve(id).resolve("history.json");
        AtomicBoolean writing = new AtomicBoolean(true);
        List<String> broken = new ArrayList<>();
        Thread reader = new Thread(() -> {
            long lastVersion = 0;
            while (writing.get()) {
                try {
                    JsonNode node = Json.mapper().readTree(Files.readAllBytes(file));
                    long version = node.get("version").asLong();
                    if (version < lastVersion || node.get("submissions").size() != version) {
                        broken.add("version " + version + " after " + lastVersion);
                    }
                    lastVersion = version;
                } catch (IOException | RuntimeException e) {
                    broken.add(e.toString());
                }
            }
        });
        reader.start();
        String padding = "x".repeat(4000); // big enough that a non-atomic write would be caught midway
        for (int i = 0; i < 300; i++) {
            store.append(id, item("s" + i).put("padding", padding), null);
        }
        writing.set(false);
        reader.join();
        assertEquals(0, broken.size(), () -> broken.size() + " bad reads, first: " + broken.get(0));
        assertEquals(List.of("captures", "history.json", "project.json", "resources"),
                everything(store.root().resolve(id)), "no temp file left behind");
    }

    @Test
    void aWriteThatFailsMidwayLeavesTheOldFileWhole() throws Exception {
        Path target = Files.writeString(temp.resolve("history.json"), "{\"version\":7}");
        byte[] half = "{\"version\":8,\"submissions\":[".getBytes(StandardCharsets.UTF_8);
        assertThrows(IOException.class, () -> AtomicFiles.write(target, breaksAfter(half)));
        assertEquals("{\"version\":7}", Files.readString(target));
        assertEquals(List.of("history.json"), everything(temp));
    }

    @Test
    void recordsSerialiseInTheDesignsCamelCaseThroughTheSharedMapper() throws Exception {
        ProjectStore store = store();
        ProjectSummary summary = store.create("p");
        StoredCapture stored = store.uploadCapture(summary.id(), "a.rdc", stream(rdc(108, 1)));
        store.writeResource(summary.id(), "resources/a.png", new byte[1]);
        History history = store.append(summary.id(), item("s"), item("m"));

        assertEquals(List.of("id", "name", "updatedAt", "hasCapture"), fields(Json.tree(summary)));
        assertEquals(List.of("capturePath", "size"), fields(Json.tree(stored)), "copied is absent for an upload");
        assertEquals(List.of("version", "submissions", "messages"), fields(Json.tree(history)));
        JsonNode project = Json.tree(store.get(summary.id()));
        assertEquals(List.of("id", "name", "createdAt", "updatedAt", "captures"), fields(project));
        assertEquals(List.of("path", "size", "storedAt"), fields(project.get("captures").get(0)));
        assertEquals(List.of("path", "type", "size", "updatedAt"), fields(Json.tree(store.resources(summary.id())
                .get(0))));
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void historyWritesMoveTheProjectToTheTopOfTheList() throws Exception {
        ProjectStore store = store();
        String older = store.create("older").id();
        Thread.sleep(5);
        String newer = store.create("newer").id();
        assertEquals(newer, store.list().get(0).id());
        Thread.sleep(5);
        store.append(older, item("s"), item("m"));
        assertEquals(List.of(older, newer), store.list().stream().map(ProjectSummary::id).toList());
        assertTrue(store.get(older).updatedAt().compareTo(store.get(older).createdAt()) > 0);
    }
}
