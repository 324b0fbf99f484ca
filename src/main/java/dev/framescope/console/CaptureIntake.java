package dev.framescope.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Map;

/**
 * Streams one capture into a hidden temp file beside its final place, 64 KiB at a time (a 2 GiB upload never sits
 * in memory), and stops at the first thing wrong: a body that does not start with RenderDoc's signature, one over
 * the byte limit, or one that breaks off. Once all of it is on disk, its container is checked as RenderDoc reads it
 * ({@link CaptureFormat}: header, version, sections, a frame capture), so four bytes "RDOC" are not a capture. On
 * any failure the temp file is deleted before the exception leaves, so nothing half-written stays; on success the
 * file is forced to disk and made read-only (0444), ready to be renamed into place by the caller.
 */
final class CaptureIntake {

    /** The first four bytes of every RenderDoc capture ("RDOC", then the format version). */
    static final byte[] SIGNATURE = "RDOC".getBytes(StandardCharsets.US_ASCII);

    private static final int CHUNK = 64 * 1024;

    private CaptureIntake() {
    }

    /** A finished temp file and its size. */
    record Received(Path temp, long size) {
    }

    /**
     * @param parameter what to name in errors: "body" for an upload, "sourcePath" for a local copy
     * @param source    read until its end; closed by the caller
     */
    static Received receive(InputStream source, Path folder, long maxBytes, String parameter) {
        Path temp;
        try {
            temp = Files.createTempFile(folder, AtomicFiles.tempPrefix("upload"), ".tmp");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temp file in " + folder, e);
        }
        try {
            long size;
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                size = copy(source, out, maxBytes, parameter);
                out.force(true);
            }
            String problem = CaptureFormat.problem(temp);
            if (problem != null) {
                throw notACapture(parameter, problem);
            }
            makeReadOnly(temp);
            return new Received(temp, size);
        } catch (IOException e) {
            AtomicFiles.deleteQuietly(temp);
            throw new UncheckedIOException("cannot write " + temp, e);
        } catch (RuntimeException | Error e) {
            AtomicFiles.deleteQuietly(temp);
            throw e;
        }
    }

    private static long copy(InputStream source, FileChannel out, long maxBytes, String parameter)
            throws IOException {
        byte[] head = read(() -> source.readNBytes(SIGNATURE.length), 0, parameter);
        if (!Arrays.equals(head, SIGNATURE)) { // refused before the rest is streamed in, however large
            throw notACapture(parameter, head.length < SIGNATURE.length ? "it is only " + head.length + " bytes long"
                    : "it does not start with RenderDoc's signature \"RDOC\"");
        }
        write(out, head, head.length);
        long size = head.length;
        byte[] buffer = new byte[CHUNK];
        while (true) {
            int n = read(() -> source.read(buffer), size, parameter);
            if (n < 0) {
                return size;
            }
            if (size + n > maxBytes) {
                throw ConsoleException.tooLarge(parameter, maxBytes);
            }
            write(out, buffer, n);
            size += n;
        }
    }

    private static void write(FileChannel out, byte[] bytes, int length) throws IOException {
        ByteBuffer chunk = ByteBuffer.wrap(bytes, 0, length);
        while (chunk.hasRemaining()) {
            out.write(chunk);
        }
    }

    private interface SourceRead<T> {
        T run() throws IOException;
    }

    /** One read from the source; a failing source is the sender's fault (a dropped connection), so 400. */
    private static <T> T read(SourceRead<T> read, long sizeSoFar, String parameter) {
        try {
            return read.run();
        } catch (IOException e) {
            throw new ConsoleException(400, "INVALID_ARGUMENT", "the " + parameter + " broke off after " + sizeSoFar
                    + " bytes (" + e.getMessage() + "); nothing was stored, send it again",
                    Map.of("parameter", parameter, "received_bytes", sizeSoFar));
        }
    }

    private static ConsoleException notACapture(String parameter, String why) {
        return ConsoleException.badRequest(parameter, "the " + parameter + " is not a RenderDoc capture: " + why
                + ". A .rdc file is RenderDoc's header (\"RDOC\", format version, RenderDoc version, thumbnail, "
                + "driver) followed by its sections, the frame capture among them; save one from RenderDoc (File > "
                + "Save Capture As) and upload that file whole. Nothing was stored.");
    }

    static void makeReadOnly(Path file) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        } catch (UnsupportedOperationException notPosix) {
            file.toFile().setReadOnly();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + file + " read-only", e);
        }
    }
}
