package dev.framescope.console;

import static dev.framescope.console.StoreFixtures.everything;
import static dev.framescope.console.StoreFixtures.rdc;
import static dev.framescope.console.StoreFixtures.refused;
import static dev.framescope.console.StoreFixtures.stream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files inside a project: listed, served and written only under captures/ and resources/, never through a link out. */
class ProjectResourcesTest {

    @TempDir
    Path temp;

    private ProjectStore store;
    private String id;
    private Path dir;

    @BeforeEach
    void project() {
        store = new ProjectStore(temp.resolve("projects"), ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        id = store.create("p").id();
        dir = store.root().resolve(id);
    }

    @Test
    void writesListsAndServesResources() throws Exception {
        store.uploadCapture(id, "frame.rdc", stream(rdc(140, 1)));
        byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
        assertEquals("resources/evidence/sub-1.png", store.writeResource(id, "resources/evidence/sub-1.png", png));
        assertEquals("resources/notes.json", store.writeResource(id, "./resources//notes.json", "{}".getBytes()));

        List<ResourceInfo> listed = store.resources(id);
        assertEquals(List.of("captures/frame.rdc", "resources/evidence/sub-1.png", "resources/notes.json"),
                listed.stream().map(ResourceInfo::path).toList());
        assertEquals(List.of("capture", "image", "json"), listed.stream().map(ResourceInfo::type).toList());
        assertEquals(List.of(140L, 4L, 2L), listed.stream().map(ResourceInfo::size).toList());

        Path served = store.resource(id, "resources/evidence/sub-1.png");
        assertEquals(dir.resolve("resources/evidence/sub-1.png").toRealPath(), served);
        assertArrayEquals(png, Files.readAllBytes(served));
        assertEquals(store.capture(id, "frame.rdc"), store.resource(id, "captures/frame.rdc"));

        store.writeResource(id, "resources/evidence/sub-1.png", new byte[] {1});
        assertArrayEquals(new byte[] {1}, Files.readAllBytes(served), "replaced in place");
    }

    @Test
    void refusesPathsThatLeaveTheAllowList() throws Exception {
        store.writeResource(id, "resources/a.png", new byte[] {1});
        for (String path : new String[] {"project.json", "history.json", "../" + id + "/project.json",
                "resources/../project.json", "resources/../../x", "/etc/passwd", "captures/../history.json",
                "resources\\a.png", "", null, "resources", "captures/sub/a.rdc", "resources/.write-1.tmp",
                "captures/notes.txt", "C:/Windows/win.ini", "%2e%2e/project.json"}) {
            refused(400, "path", () -> store.resource(id, path));
            refused(400, "path", () -> store.writeResource(id, path, new byte[] {2}));
        }
        refused(404, "path", () -> store.resource(id, "resources/missing.png"));
        refused(404, "path", () -> store.resource(id, "resources/evidence"));
        refused(400, "path", () -> store.writeResource(id, "captures/x.rdc", rdc(110, 1)));
        refused(400, "path", () -> store.writeResource(id, "resources/a.png/b.png", new byte[] {2}));
        assertEquals(List.of("captures", "history.json", "project.json", "resources", "resources/a.png"),
                everything(dir));
    }

    @Test
    void linksThatLeadOutOfTheProjectAreNeitherServedNorWrittenThrough() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Path secret = Files.writeString(outside.resolve("secret.png"), "secret");
        store.writeResource(id, "resources/inside.png", new byte[] {1});
        Files.createSymbolicLink(dir.resolve("resources/leak.png"), secret);
        Files.createSymbolicLink(dir.resolve("resources/out"), outside);
        Files.createSymbolicLink(dir.resolve("resources/alias.png"), dir.resolve("resources/inside.png"));
        Files.createSymbolicLink(dir.resolve("resources/cross.png"), dir.resolve("project.json"));

        refused(400, "path", () -> store.resource(id, "resources/leak.png"));
        refused(400, "path", () -> store.resource(id, "resources/out/secret.png"));
        refused(400, "path", () -> store.resource(id, "resources/cross.png"));
        assertEquals(store.resource(id, "resources/inside.png"), store.resource(id, "resources/alias.png"),
                "a link that stays inside resources/ is fine");

        refused(400, "path", () -> store.writeResource(id, "resources/out/new.png", new byte[] {2}));
        assertFalse(Files.exists(outside.resolve("new.png")));
        assertEquals(List.of("secret.png"), everything(outside));
        assertEquals(List.of("resources/inside.png"), store.resources(id).stream().map(ResourceInfo::path).toList(),
                "links are not listed");
    }

    @Test
    void aCapturesFolderThatIsALinkOutIsRefused() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("elsewhere"));
        Files.write(outside.resolve("x.rdc"), rdc(110, 1));
        Files.delete(dir.resolve("captures"));
        Files.createSymbolicLink(dir.resolve("captures"), outside);
        refused(400, "capturePath", () -> store.capture(id, "x.rdc"));
        assertEquals(List.of(), store.resources(id));
    }
}
