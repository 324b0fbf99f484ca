package dev.framescope.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Splits stdin into newline-delimited lines, never holding more than {@code maxLineBytes} of one line in memory: a
 * longer line is read to its end and reported as {@link Line#tooLong()} with its length, so one oversized message
 * costs a reply, not the server. Used by the one stdin reader thread only.
 */
final class InboundLines {

    /** One line without its terminator; {@code text} is null when the line was longer than the limit. */
    record Line(String text, long length) {
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
        long length = 0;
        while (true) {
            if (start == end && !fill()) {
                return length == 0 ? null : finish(line, length);
            }
            int newline = indexOfNewline();
            int stop = newline < 0 ? end : newline;
            int take = stop - start;
            if (length + take <= maxLineBytes) {
                line.write(buffer, start, take);
            } else if (length <= maxLineBytes) {
                line.reset(); // over the limit: drop what was kept, go on counting to the end of the line
            }
            length += take;
            start = newline < 0 ? end : newline + 1;
            if (newline >= 0) {
                return finish(line, length);
            }
        }
    }

    private Line finish(ByteArrayOutputStream line, long length) {
        if (length > maxLineBytes) {
            return new Line(null, length);
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
