package dev.framescope.console;

import static dev.framescope.console.StoreFixtures.breaksAfter;
import static dev.framescope.console.StoreFixtures.everything;
import static dev.framescope.console.StoreFixtures.rdc;
import static dev.framescope.console.StoreFixtures.refused;
import static dev.framescope.console.StoreFixtures.stream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Export and import on real zips and folders: the round trip, and the archives an import must refuse whole. */
class ProjectArchiveTest {

    private static final byte[] PROJECT_JSON = "{\"id\":\"prj-old\",\"name\":\"Imported\"}"
            .getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path temp;

    private ProjectStore store(long maxBytes) {
        return new ProjectStore(temp.resolve("projects"), maxBytes);
    }

    @Test
    void anExportImportsBackAsANewProjectWithTheSameContent() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("HDR target black").id();
        store.copyCapture(id, null, StoreFixtures.GL_DEFECTS.toAbsolutePath());
        store.writeResource(id, "resources/evidence/sub-1.png", new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        ObjectNode submission = Json.mapper().createObjectNode().put("id", "sub-1").put("title", "NaN quad");
        store.append(id, submission, Json.mapper().createObjectNode().put("id", "msg-1").put("role", "user"));

        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        store.export(id, zip);
        ProjectSummary imported = store.importArchive(stream(zip.toByteArray()));
        String copy = imported.id();

        assertNotEquals(id, copy);
        assertTrue(imported.hasCapture());
        assertEquals(withoutId(projectJson(store, id)), withoutId(projectJson(store, copy)));
        assertEquals(copy, projectJson(store, copy).get("id").asText());
        assertEquals(store.history(id), store.history(copy));
        List<ResourceInfo> before = store.resources(id);
        List<ResourceInfo> after = store.resources(copy);
        assertEquals(before.stream().map(r -> r.path() + " " + r.size()).toList(),
                after.stream().map(r -> r.path() + " " + r.size()).toList());
        for (int i = 0; i < before.size(); i++) {
            assertEquals(Instant.parse(before.get(i).updatedAt()).truncatedTo(ChronoUnit.SECONDS),
                    Instant.parse(after.get(i).updatedAt()).truncatedTo(ChronoUnit.SECONDS), "zip keeps seconds");
            assertArrayEquals(Files.readAllBytes(store.resource(id, before.get(i).path())),
                    Files.readAllBytes(store.resource(copy, after.get(i).path())));
        }
        Path capture = store.capture(copy, "gl_defects.rdc");
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(capture)));
        assertEquals(2, store.list().size());
        assertEquals(List.of(), hidden(store), "no staging folder or temp zip left");
    }

    @Test
    void refusesEntriesOutsideTheLayoutWhole() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        for (String name : new String[] {"../evil.txt", "/etc/cron.d/evil", "resources/../../evil.txt",
                "notes.txt", "captures/sub/a.rdc", "captures/a.txt", "resources\\..\\evil", ".hidden",
                "resources/.write-1.tmp", "captures/evil/", "project.json/"}) {
            byte[] zip = zip(Map.of("project.json", PROJECT_JSON, "resources/ok.png", new byte[] {1}, name,
                    rdc(110, 1)));
            ConsoleException e = refused(400, "body", () -> store.importArchive(stream(zip)));
            assertEquals(name, e.context().get("entry"), e.getMessage());
        }
        assertEquals(List.of(), everything(store.root()), "nothing unpacked, nothing left");
        assertEquals(List.of("projects"), everything(temp), "nothing written beside the root");
    }

    @Test
    void refusesSymbolicLinkEntries() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        byte[] zip = zip(Map.of("project.json", PROJECT_JSON, "resources/link.png", "/etc/passwd".getBytes()));
        markAsSymlink(zip, "resources/link.png");
        ConsoleException e = refused(400, "body", () -> store.importArchive(stream(zip)));
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertEquals("resources/link.png", e.context().get("entry"));
        assertEquals(List.of(), everything(store.root()));
    }

    @Test
    void refusesAnArchiveThatInflatesPastTheLimitEvenWhenItsSizesLie() throws Exception {
        ProjectStore store = store(1 << 20);
        byte[] zeros = new byte[3 << 20];
        byte[] honest = zip(Map.of("project.json", PROJECT_JSON, "resources/bomb.bin", zeros));
        assertTrue(honest.length < 1 << 20, "compresses to " + honest.length + " bytes, under the limit");
        assertEquals("OUTPUT_TOO_LARGE", refused(413, "body", () -> store.importArchive(stream(honest))).code());

        byte[] lying = zip(Map.of("project.json", PROJECT_JSON, "resources/bomb.bin", zeros));
        declareSize(lying, "resources/bomb.bin", 100);
        refused(413, "body", () -> store.importArchive(stream(lying)));
        assertEquals(List.of(), everything(store.root()), "the staged part is removed");
    }

    @Test
    void refusesWhatIsNotAWholeArchive() throws Exception {
        ProjectStore store = store(4096);
        refused(400, "body", () -> store.importArchive(stream("not a zip".getBytes())));
        refused(413, "body", () -> store.importArchive(stream(new byte[5000])));
        byte[] good = zip(Map.of("project.json", PROJECT_JSON, "captures/a.rdc", rdc(100, 1)));
        refused(400, "body", () -> store.importArchive(breaksAfter(Arrays.copyOf(good, good.length / 2))));
        refused(400, "project.json", () -> store.importArchive(stream(zip(Map.of("resources/a.png", new byte[1])))));
        refused(400, "project.json", () -> store.importArchive(stream(zip(Map.of("project.json", "[1]".getBytes())))));
        refused(400, "history.json", () -> store.importArchive(stream(zip(Map.of("project.json", PROJECT_JSON,
                "history.json", "{\"version\":-1}".getBytes())))));
        refused(400, "body", () -> store.importArchive(stream(zip(Map.of("project.json", PROJECT_JSON,
                "captures/a.rdc", "not a capture".getBytes())))));
        assertEquals(List.of(), everything(store.root()));
    }

    @Test
    void importsTheDesignsMultipartParts() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        Map<String, InputStream> parts = new LinkedHashMap<>();
        parts.put("project.json", stream("{\"name\":\"From the old console\",\"createdAt\":\"2025-01-02T03:04:05Z\"}"
                .getBytes()));
        parts.put("history.json", stream("{\"submissions\":[{\"id\":\"s1\"}],\"messages\":[]}".getBytes()));
        parts.put("sub-1.png", stream(new byte[] {1, 2}));
        parts.put("resources/evidence/sub-2.png", stream(new byte[] {3}));
        parts.put("frame.rdc", stream(rdc(164, 1)));

        ProjectSummary imported = store.importParts(parts);
        Project project = store.get(imported.id());
        assertEquals("From the old console", project.name());
        assertEquals("2025-01-02T03:04:05Z", project.createdAt());
        assertEquals(0, store.history(imported.id()).version());
        assertEquals("s1", store.history(imported.id()).submissions().get(0).get("id").asText());
        assertEquals(List.of("captures/frame.rdc", "resources/evidence/sub-2.png", "resources/sub-1.png"),
                store.resources(imported.id()).stream().map(ResourceInfo::path).toList());

        refused(400, "parts", () -> store.importParts(Map.of("project.json", stream(PROJECT_JSON),
                "../x.png", stream(new byte[1]))));
        refused(400, "parts", () -> store.importParts(Map.of("project.json", stream(PROJECT_JSON),
                "..", stream(new byte[1]))));
        store.close();
        try (ProjectStore small = store(1000)) {
            refused(413, "parts", () -> small.importParts(Map.of("project.json", stream(PROJECT_JSON),
                    "a.png", stream(new byte[1001]))));
            assertEquals(1, small.list().size());
            assertEquals(List.of(), hidden(small));
        }
    }

    private static JsonNode projectJson(ProjectStore store, String id) throws IOException {
        return Json.mapper().readTree(store.root().resolve(id).resolve("project.json").toFile());
    }

    private static JsonNode withoutId(JsonNode project) {
        ObjectNode copy = project.deepCopy();
        copy.remove("id");
        return copy;
    }

    private static List<String> hidden(ProjectStore store) throws IOException {
        return everything(store.root()).stream().filter(p -> p.startsWith(".") || p.contains("/.")).toList();
    }

    private static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> entry : new TreeMap<>(entries).entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                zip.write(entry.getValue());
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    /** What {@code zip -y} writes for a link: made by Unix (host 3), mode S_IFLNK|0777 in the external attributes. */
    private static void markAsSymlink(byte[] zip, String name) {
        ByteBuffer buffer = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        int at = centralEntry(zip, name);
        buffer.putShort(at + 4, (short) 0x031E);
        buffer.putInt(at + 38, 0120777 << 16);
    }

    private static void declareSize(byte[] zip, String name, int size) {
        ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN).putInt(centralEntry(zip, name) + 24, size);
    }

    private static int centralEntry(byte[] zip, String name) {
        ByteBuffer buffer = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        for (int at = 0; at + 46 < zip.length; at++) {
            if (buffer.getInt(at) == 0x02014b50 && buffer.getShort(at + 28) == wanted.length
                    && Arrays.equals(zip, at + 46, at + 46 + wanted.length, wanted, 0, wanted.length)) {
                return at;
            }
        }
        throw new AssertionError("no central directory entry " + name);
    }
}
