package dev.framescope.console;

import static dev.framescope.console.StoreFixtures.breaksAfter;
import static dev.framescope.console.StoreFixtures.everything;
import static dev.framescope.console.StoreFixtures.rdc;
import static dev.framescope.console.StoreFixtures.refused;
import static dev.framescope.console.StoreFixtures.stream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Projects, captures and their files on real folders: ids, names, uploads, local copies, start-up clean-up. */
class ProjectStoreTest {

    @TempDir
    Path temp;

    private ProjectStore store(long maxBytes) {
        return new ProjectStore(temp.resolve("projects"), maxBytes);
    }

    @Test
    void createsProjectsInAnOwnerOnlyRootAndListsTheNewestFirst() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.root())));

        ProjectSummary first = store.create("  Shadow bug  ");
        ProjectSummary second = store.create(null);
        assertTrue(first.id().matches("prj-[A-Za-z0-9_-]{16}"), first.id());
        assertEquals("Shadow bug", first.name());
        assertEquals("Untitled", second.name());
        assertFalse(first.hasCapture());
        Path dir = store.root().resolve(first.id());
        assertEquals(List.of("captures", "history.json", "project.json", "resources"), everything(dir));

        Thread.sleep(5);
        store.uploadCapture(first.id(), "frame.rdc", stream(rdc(100, 1)));
        List<ProjectSummary> listed = store.list();
        assertEquals(List.of(first.id(), second.id()), listed.stream().map(ProjectSummary::id).toList(),
                "the project just written to comes first");
        assertTrue(listed.get(0).hasCapture());
        assertTrue(Instant.parse(listed.get(0).updatedAt()).isAfter(Instant.parse(first.updatedAt())));

        Project project = store.get(first.id());
        assertEquals(first.updatedAt(), project.createdAt());
        assertEquals("Shadow bug", project.name());
        assertEquals(List.of("captures/frame.rdc"), project.captures().stream().map(Project.Capture::path).toList());
        assertEquals(100, project.captures().get(0).size());
        assertEquals(0, store.history(first.id()).version());
    }

    @Test
    void refusesMalformedIdsAndNamesBeforeTheyBecomePaths() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        Files.writeString(temp.resolve("project.json"), "{\"name\":\"outside\"}");
        for (String id : new String[] {"../x", "..", "prj-../../../tmp", "", null, "prj-AAAAAAAAAAAAAAA/",
                "PRJ-AAAAAAAAAAAAAAAA"}) {
            ConsoleException e = refused(400, "id", () -> store.get(id));
            assertEquals("INVALID_ARGUMENT", e.code());
            refused(400, "id", () -> store.history(id));
            refused(400, "id", () -> store.writeResource(id, "resources/a.png", new byte[1]));
        }
        assertEquals("NOT_FOUND", refused(404, null, () -> store.get("prj-AAAAAAAAAAAAAAAA")).code());
        refused(400, "name", () -> store.create("a\nb"));
        refused(400, "name", () -> store.create("x".repeat(201)));
        assertEquals(List.of(), store.list());
        assertEquals(List.of(), everything(store.root()), "nothing was created anywhere");
    }

    @Test
    void uploadStoresACaptureReadOnlyAndReplacesOneOfTheSameName() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("p").id();

        StoredCapture stored = store.uploadCapture(id, "frame.rdc", stream(rdc(70_000, 1)));
        assertEquals(new StoredCapture("captures/frame.rdc", null, 70_000), stored);
        Path file = store.capture(id, "captures/frame.rdc");
        assertEquals(store.root().resolve(id).resolve("captures/frame.rdc").toRealPath(), file);
        assertEquals(file, store.capture(id, "frame.rdc"), "the bare name works too");
        assertArrayEquals(rdc(70_000, 1), Files.readAllBytes(file));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));

        store.uploadCapture(id, "frame.rdc", stream(rdc(500, 2)));
        assertArrayEquals(rdc(500, 2), Files.readAllBytes(file), "replaced, as the design says");
        assertEquals(List.of("captures/frame.rdc"), everything(store.root().resolve(id)).stream()
                .filter(p -> p.startsWith("captures/")).toList(), "one file, no temp left");
    }

    @Test
    void streamsALargeUploadToDiskAtItsFullSize() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("p").id();
        long size = 96L << 20;
        byte[] head = StoreFixtures.rdcHead(size);
        // generated on the fly: the upload is never one array, here or in the store
        InputStream body = new InputStream() {
            private long at;

            @Override
            public int read() {
                return at < size ? (at < head.length ? head[(int) at++] & 0xFF : (int) (at++ & 0x7F)) : -1;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                if (at >= size) {
                    return -1;
                }
                int n = (int) Math.min(length, size - at);
                for (int i = 0; i < n; i++) {
                    buffer[offset + i] = (byte) read();
                }
                return n;
            }
        };
        assertEquals(size, store.uploadCapture(id, "big.rdc", body).size());
        assertEquals(size, Files.size(store.capture(id, "big.rdc")));
    }

    @Test
    void anUploadOverTheLimitIs413AndLeavesNothing() throws Exception {
        ProjectStore store = store(1000);
        String id = store.create("p").id();
        assertEquals(100, store.uploadCapture(id, "ok.rdc", stream(rdc(1000, 1))).size() / 10);

        ConsoleException e = refused(413, "body", () -> store.uploadCapture(id, "big.rdc", stream(rdc(1001, 1))));
        assertEquals("OUTPUT_TOO_LARGE", e.code());
        assertEquals(1000L, e.context().get("limit_bytes"));
        assertEquals(List.of("captures/ok.rdc"), store.get(id).captures().stream().map(Project.Capture::path).toList());
        assertEquals(List.of("ok.rdc"), everything(store.root().resolve(id).resolve("captures")));
    }

    @Test
    void anUploadThatIsNotACaptureIs400NamingTheBody() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("p").id();
        refused(400, "body", () -> store.uploadCapture(id, "a.rdc", stream("PK\3\4 a zip".getBytes())));
        refused(400, "body", () -> store.uploadCapture(id, "a.rdc", stream("RDO".getBytes())));
        refused(400, "body", () -> store.uploadCapture(id, "a.rdc", stream(new byte[0])));
        for (String name : new String[] {"a.txt", "../a.rdc", "dir/a.rdc", ".a.rdc", ".rdc", "a\\b.rdc", "", null,
                "a.rdc\0"}) {
            refused(400, "name", () -> store.uploadCapture(id, name, stream(rdc(110, 1))));
        }
        assertEquals(List.of(), everything(store.root().resolve(id).resolve("captures")));
    }

    @Test
    void anInterruptedUploadLeavesNoFileAndKeepsTheOldCapture() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("p").id();
        store.uploadCapture(id, "frame.rdc", stream(rdc(300, 1)));

        ConsoleException e = refused(400, "body",
                () -> store.uploadCapture(id, "frame.rdc", breaksAfter(rdc(200_000, 2))));
        assertTrue(e.getMessage().contains("broke off"), e.getMessage());
        assertEquals(List.of("frame.rdc"), everything(store.root().resolve(id).resolve("captures")));
        assertArrayEquals(rdc(300, 1), Files.readAllBytes(store.capture(id, "frame.rdc")));
    }

    @Test
    void startUpRemovesTheTempFilesOfAKilledProcessButNotFreshOnes() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("p").id();
        Path dir = store.root().resolve(id);
        Path staleUpload = Files.write(dir.resolve("captures/.upload-123.tmp"), rdc(150, 1));
        Path staleWrite = Files.writeString(dir.resolve(".write-456.tmp"), "{\"half");
        Path staleStage = Files.createDirectories(store.root().resolve(".stage-789.tmp/captures"));
        Path freshUpload = Files.write(dir.resolve("captures/.upload-999.tmp"), rdc(150, 1));
        Path notOurs = Files.writeString(dir.resolve("resources/.notes.tmp"), "kept");
        FileTime beforeThisProcess = FileTime.from(ProcessHandle.current().info().startInstant().orElseThrow()
                .minus(Duration.ofMinutes(5)));
        for (Path stale : List.of(staleUpload, staleWrite, staleStage, staleStage.getParent(), notOurs)) {
            Files.setLastModifiedTime(stale, beforeThisProcess);
        }

        store.close();
        ProjectStore restarted = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        assertFalse(Files.exists(staleUpload));
        assertFalse(Files.exists(staleWrite));
        assertFalse(Files.exists(staleStage.getParent()));
        assertTrue(Files.exists(freshUpload), "newer than this process: not a killed one's");
        assertTrue(Files.exists(notOurs), "only the store's own temp names are removed");
        assertEquals(List.of(), restarted.get(id).captures());
    }

    @Test
    void copiesALocalCaptureAndRefusesWhatIsNotARegularCaptureFile() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("p").id();
        Path source = StoreFixtures.GL_DEFECTS.toAbsolutePath();

        StoredCapture copied = store.copyCapture(id, null, source);
        assertEquals(new StoredCapture("captures/gl_defects.rdc", true, Files.size(source)), copied);
        assertArrayEquals(Files.readAllBytes(source), Files.readAllBytes(store.capture(id, copied.capturePath())));
        assertEquals("captures/renamed.rdc", store.copyCapture(id, "renamed.rdc", source).capturePath());

        Path link = Files.createSymbolicLink(temp.resolve("link.rdc"), source);
        assertEquals("captures/gl_defects.rdc", store.copyCapture(id, null, link).capturePath(),
                "a link to a regular file is followed; the name is the real file's");
        refused(400, "sourcePath", () -> store.copyCapture(id, null, temp));
        refused(400, "sourcePath", () -> store.copyCapture(id, null, Path.of("demo/captures/gl_defects.rdc")));
        refused(400, "sourcePath", () -> store.copyCapture(id, null, temp.resolve("missing.rdc")));
        Path text = Files.writeString(temp.resolve("notes.rdc"), "not a capture");
        refused(400, "sourcePath", () -> store.copyCapture(id, null, text));
        refused(400, "name", () -> store.copyCapture(id, "x.png", source));
        store.close();
        try (ProjectStore small = store(1000)) {
            refused(413, "sourcePath", () -> small.copyCapture(id, null, source));
        }

        ProjectStore reopened = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        Path fifo = temp.resolve("pipe.rdc");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is not available");
        refused(400, "sourcePath", () -> reopened.copyCapture(id, null, fifo)); // would block forever if opened
        assertEquals(List.of("gl_defects.rdc", "renamed.rdc"),
                everything(reopened.root().resolve(id).resolve("captures")));
    }

    @Test
    void aSecondStoreOnTheRootIsRefusedNamingItUntilTheFirstIsClosed() throws Exception {
        ProjectStore first = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        first.describeHolder("http://127.0.0.1:8765/");
        ConsoleException e = refused(409, null, () -> store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES));
        assertEquals("FAILED_PRECONDITION", e.code());
        assertEquals(first.root().toString(), e.context().get("projects"));
        assertEquals(ProcessHandle.current().pid(), e.context().get("holder_pid"));
        assertTrue(e.getMessage().contains(first.root() + " is in use by another FrameScope console (process "
                + ProcessHandle.current().pid() + ", http://127.0.0.1:8765/)"), e.getMessage());

        String id = first.create("kept").id();
        first.close();
        try (ProjectStore second = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES)) {
            assertEquals("kept", second.get(id).name());
        }
    }

    @Test
    void aRootThatCannotBeCreatedIsRefusedNamingTheFolderAndTheCause() throws Exception {
        Path file = Files.writeString(temp.resolve("state"), "a file where a folder should be");
        Path root = file.resolve("console").resolve("projects");
        ConsoleException e = refused(500, null, () -> new ProjectStore(root, ProjectStore.DEFAULT_MAX_UPLOAD_BYTES));
        assertEquals("FAILED_PRECONDITION", e.code());
        assertEquals("The console cannot use its projects folder " + root + ": " + file.resolve("console")
                + ": not a directory. Give it a folder it can write to.", e.getMessage());
        assertEquals("not a directory", e.context().get("reason"));
    }

    @Test
    void capturePathsAreConfinedToTheCapturesFolder() throws Exception {
        ProjectStore store = store(ProjectStore.DEFAULT_MAX_UPLOAD_BYTES);
        String id = store.create("p").id();
        store.uploadCapture(id, "frame.rdc", stream(rdc(110, 1)));
        store.writeResource(id, "resources/x.rdc", rdc(110, 1));
        refused(400, "capturePath", () -> store.capture(id, "resources/x.rdc"));
        refused(400, "capturePath", () -> store.capture(id, "../" + id + "/captures/frame.rdc"));
        refused(400, "capturePath", () -> store.capture(id, "/etc/passwd"));
        refused(404, "capturePath", () -> store.capture(id, "other.rdc"));
        assertNull(store.get(id).captures().stream().filter(c -> c.path().contains("resources")).findAny()
                .orElse(null));
    }
}
