package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;

/** Shared helpers of the store's tests: capture-like bytes, failing streams, and checks on what a folder holds. */
final class StoreFixtures {

    static final Path GL_DEFECTS = Path.of("demo/captures/gl_defects.rdc");

    private StoreFixtures() {
    }

    /** {@code size} bytes that start with RenderDoc's signature and then count up, so any mix-up shows. */
    static byte[] rdc(int size, int seed) {
        byte[] bytes = new byte[size];
        System.arraycopy("RDOC".getBytes(StandardCharsets.US_ASCII), 0, bytes, 0, Math.min(4, size));
        for (int i = 4; i < size; i++) {
            bytes[i] = (byte) (i * 31 + seed);
        }
        return bytes;
    }

    static InputStream stream(byte[] bytes) {
        return new ByteArrayInputStream(bytes);
    }

    /** Gives {@code prefix}, then fails as a dropped connection does. */
    static InputStream breaksAfter(byte[] prefix) {
        return new InputStream() {
            private int at;

            @Override
            public int read() throws IOException {
                if (at < prefix.length) {
                    return prefix[at++] & 0xFF;
                }
                throw new IOException("connection reset by peer");
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                if (at >= prefix.length) {
                    throw new IOException("connection reset by peer");
                }
                int n = Math.min(length, prefix.length - at);
                System.arraycopy(prefix, at, buffer, offset, n);
                at += n;
                return n;
            }
        };
    }

    static ConsoleException refused(int status, String parameter, Executable call) {
        ConsoleException e = assertThrows(ConsoleException.class, call);
        assertEquals(status, e.status(), e.getMessage());
        if (parameter != null) {
            assertEquals(parameter, e.context().get("parameter"), e.getMessage());
        }
        return e;
    }

    /**
     * Every file and folder under {@code dir}, hidden ones included, relative and sorted; but the lock file an open
     * store holds on its root, wherever the root is under {@code dir}.
     */
    static List<String> everything(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> !p.equals(dir) && !p.getFileName().toString().equals(ProjectsLock.FILE))
                    .map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }
}
