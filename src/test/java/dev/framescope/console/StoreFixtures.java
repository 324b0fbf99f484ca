package dev.framescope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;

/** Shared helpers of the store's tests: capture-like bytes, failing streams, and checks on what a folder holds. */
final class StoreFixtures {

    static final Path GL_DEFECTS = Path.of("demo/captures/gl_defects.rdc");

    private StoreFixtures() {
    }

    /** The smallest capture {@link #rdc} makes: RenderDoc's header and one empty frame-capture section. */
    static final int MIN_RDC = 95;

    /**
     * A capture of {@code size} bytes as RenderDoc lays one out (format 0x102, no thumbnail, an unnamed driver, one
     * binary frame-capture section holding the rest), whose data counts up from {@code seed}, so any mix-up shows.
     */
    static byte[] rdc(int size, int seed) {
        byte[] bytes = new byte[size];
        System.arraycopy(rdcHead(size), 0, bytes, 0, MIN_RDC);
        for (int i = MIN_RDC; i < size; i++) {
            bytes[i] = (byte) (i * 31 + seed);
        }
        return bytes;
    }

    /** The first {@link #MIN_RDC} bytes of a capture of {@code size} bytes: its header and its section's header. */
    static byte[] rdcHead(long size) {
        if (size < MIN_RDC) {
            throw new IllegalArgumentException("a capture has at least " + MIN_RDC + " bytes, not " + size);
        }
        ByteBuffer head = ByteBuffer.allocate(MIN_RDC).order(ByteOrder.LITTLE_ENDIAN);
        head.put("RDOC\0\0\0\0".getBytes(StandardCharsets.US_ASCII)).putInt(0x102).putInt(54);
        head.put(Arrays.copyOf("1.24 test".getBytes(StandardCharsets.US_ASCII), 16));
        head.putShort((short) 0).putShort((short) 0).putInt(0); // no thumbnail
        head.putLong(0).putInt(8).put((byte) 1).put((byte) 0); // machine, driver (Vulkan), its name: ""
        head.putInt(0).putInt(1).putLong(size - MIN_RDC).putLong(size - MIN_RDC).putLong(0x15).putInt(0).putInt(1)
                .put((byte) 0); // binary section, frame capture, lengths, version, flags, name: ""
        return head.array();
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
