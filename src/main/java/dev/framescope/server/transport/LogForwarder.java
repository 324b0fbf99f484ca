package dev.framescope.server.transport;

import io.modelcontextprotocol.spec.McpSchema.LoggingLevel;
import io.modelcontextprotocol.spec.McpSchema.LoggingMessageNotification;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends FrameScope's log lines to the client as {@code notifications/message} once it has asked for them with
 * {@code logging/setLevel}; they are written to stderr as before. slf4j-simple writes each record as one line to
 * whatever {@code System.err} is at that moment, so serving installs a tee on {@code System.err} that passes every
 * line on unchanged and forwards the log records at or above the requested level. Nothing is forwarded before the
 * first {@code logging/setLevel}. Asking for {@code debug} also lowers FrameScope's own loggers to debug (on stderr
 * too), so debug records exist to be sent.
 */
public final class LogForwarder {

    /** RFC 5424 severities in MCP's order, least severe first. */
    static final List<String> LEVELS = List.of("debug", "info", "notice", "warning", "error", "critical", "alert",
            "emergency");
    /** {@code [date ][[thread] ]LEVEL logger - message}, as slf4j-simple writes a record. */
    private static final Pattern RECORD = Pattern.compile(
            "^(?:\\S+ )?(?:\\[[^\\]]*\\] )?(TRACE|DEBUG|INFO|WARN|ERROR) ([\\w.$]+) - (.*)$");
    private static final Map<String, String> MCP_LEVEL = Map.of("TRACE", "debug", "DEBUG", "debug", "INFO", "info",
            "WARN", "warning", "ERROR", "error");
    /** slf4j-simple's int for DEBUG ({@code LocationAwareLogger.DEBUG_INT}). */
    private static final int SLF4J_DEBUG = 10;

    private final Consumer<LoggingMessageNotification> sink;
    private final ThreadLocal<Boolean> forwarding = ThreadLocal.withInitial(() -> false);
    private volatile int threshold = Integer.MAX_VALUE;
    private PrintStream original;

    /** @param sink sends one notification; called on the logging thread, must not block */
    LogForwarder(Consumer<LoggingMessageNotification> sink) {
        this.sink = sink;
    }

    /** Puts the tee in front of {@code System.err}; {@link #uninstall()} puts the original back. */
    public synchronized void install() {
        if (original == null) {
            original = System.err;
            System.setErr(new PrintStream(new Tee(original), true, StandardCharsets.UTF_8));
        }
    }

    public synchronized void uninstall() {
        if (original != null) {
            System.setErr(original);
            original = null;
        }
    }

    /** The client's {@code logging/setLevel}; an unknown level changes nothing (InboundCheck refuses it). */
    void setLevel(String level) {
        int index = LEVELS.indexOf(level);
        if (index < 0) {
            return;
        }
        threshold = index;
        if (index == 0) {
            lowerFrameScopeLoggersToDebug();
        }
    }

    /** The level asked for, or null before the first {@code logging/setLevel}. */
    String level() {
        int t = threshold;
        return t < LEVELS.size() ? LEVELS.get(t) : null;
    }

    /** Forwards {@code line} if it is a log record at or above the level asked for. */
    void line(String line) {
        if (threshold >= LEVELS.size() || forwarding.get()) {
            return;
        }
        Matcher m = RECORD.matcher(line);
        if (!m.matches()) {
            return;
        }
        String level = MCP_LEVEL.get(m.group(1));
        if (LEVELS.indexOf(level) < threshold) {
            return;
        }
        forwarding.set(true); // whatever sending logs is not sent again
        try {
            sink.accept(new LoggingMessageNotification(LoggingLevel.valueOf(level.toUpperCase()), m.group(2),
                    m.group(3)));
        } catch (RuntimeException e) {
            // the connection is going away; the line is on stderr anyway
        } finally {
            forwarding.set(false);
        }
    }

    /** slf4j-simple fixes a logger's level when it is created: change new ones by property, existing ones here. */
    private static void lowerFrameScopeLoggersToDebug() {
        System.setProperty("org.slf4j.simpleLogger.log.dev.framescope", "debug");
        try {
            Object factory = LoggerFactory.getILoggerFactory();
            Field map = factory.getClass().getDeclaredField("loggerMap");
            map.setAccessible(true);
            for (Object logger : ((Map<?, ?>) map.get(factory)).values()) {
                if (logger instanceof Logger named && named.getName().startsWith("dev.framescope")) {
                    Field level = logger.getClass().getDeclaredField("currentLogLevel");
                    level.setAccessible(true);
                    level.setInt(logger, Math.min(level.getInt(logger), SLF4J_DEBUG));
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // another SLF4J binding: records at its own level are still forwarded
        }
    }

    /** Writes through to stderr and hands every complete line to {@link #line}. */
    private final class Tee extends OutputStream {
        private final PrintStream target;
        private final ByteArrayOutputStream current = new ByteArrayOutputStream();

        Tee(PrintStream target) {
            this.target = target;
        }

        @Override
        public synchronized void write(int b) {
            target.write(b);
            collect(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            target.write(b, off, len);
            for (int i = off; i < off + len; i++) {
                collect(b[i]);
            }
        }

        private void collect(int b) {
            if (b == '\n') {
                String text = current.toString(StandardCharsets.UTF_8);
                current.reset();
                line(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
            } else if (current.size() < 16_384) {
                current.write(b);
            }
        }

        @Override
        public void flush() {
            target.flush();
        }
    }
}
