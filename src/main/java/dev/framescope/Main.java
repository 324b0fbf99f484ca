package dev.framescope;

import dev.framescope.cli.FrameScopeCli;
import java.io.PrintStream;

/**
 * Entry point of the JAR. Before anything else runs, {@code System.out} is pointed at stderr so that no library,
 * banner or stray print can reach the real stdout, which carries only JSON-RPC when serving; the real stdout is
 * handed explicitly to the command that owns it.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        PrintStream stdout = System.out;
        System.setOut(System.err);
        configureLogging();
        int exitCode = FrameScopeCli.run(args, stdout, System.in, System.getenv());
        stdout.flush();
        System.exit(exitCode);
    }

    /** slf4j-simple reads these once, at the first logger; all of its output goes to stderr. */
    private static void configureLogging() {
        String level = System.getenv().getOrDefault("FRAMESCOPE_LOG_LEVEL", "info");
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.dev.framescope", level);
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
    }
}
