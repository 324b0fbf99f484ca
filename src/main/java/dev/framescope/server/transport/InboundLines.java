package dev.framescope.server.transport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits stdin into newline-delimited lines, never holding more than {@code maxLineBytes} of one line in memory: a
 * longer line is read to its end and reported as {@link Line#tooLong()} with its length and its first
 * {@link #START_BYTES} bytes (where a message's id usually is, so the reply can carry it), so one oversized message
 * costs a reply, not the server. Used by the one stdin reader thread only.
 */
final class InboundLines {

    /** How much of an oversized line is kept: enough for {@code jsonrpc}, {@code id} and {@code method}. */
    static final int START_BYTES = 4096;

    /**
     * One line without its terminator; {@code text} is null when the line was longer than the limit, and then
     * {@code start} holds its first bytes.
     */
    record Line(String text, long length, byte[] start) {
        Line(String text, long length) {
            this(text, length, null);
        }

        boolean tooLong() {
            return text == null;
        }
    }

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int start;
    private int end;

    InboundLines(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** The next line, or null at end of input. A last line without a newline still counts. */
    Line next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] lineStart = null;
        long length = 0;
        while (true) {
            if (start == end && !fill()) {
                return length == 0 ? null : finish(line, length, lineStart);
            }
            int newline = indexOfNewline();
            int stop = newline < 0 ? end : newline;
            int take = stop - start;
            if (length + take <= maxLineBytes) {
                line.write(buffer, start, take);
            } else if (length <= maxLineBytes) {
                // over the limit: keep only the start, drop the rest, go on counting to the end of the line
                line.write(buffer, start, take);
                byte[] kept = line.toByteArray();
                lineStart = Arrays.copyOf(kept, Math.min(kept.length, START_BYTES));
                line.reset();
            }
            length += take;
            start = newline < 0 ? end : newline + 1;
            if (newline >= 0) {
                return finish(line, length, lineStart);
            }
        }
    }

    private Line finish(ByteArrayOutputStream line, long length, byte[] lineStart) {
        if (length > maxLineBytes) {
            return new Line(null, length, lineStart);
        }
        return new Line(line.toString(StandardCharsets.UTF_8), length);
    }

    private int indexOfNewline() {
        for (int i = start; i < end; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(buffer, 0, buffer.length);
        } while (n == 0);
        if (n < 0) {
            return false;
        }
        start = 0;
        end = n;
        return true;
    }
}
