package dev.framescope.cli;

import dev.framescope.server.FrameScopeServer;

/** Process exit codes of every command; README "Exit codes" documents them. */
public final class ExitCodes {

    /** Success; for {@code serve}, the client closed stdin. */
    public static final int OK = 0;
    /** {@code call}: the tool returned an error result; {@code doctor}: a required part is missing;
     * {@code demo}: a step failed; {@code assert-capture}: the frame has findings; {@code assert-effects}:
     * effects differ from their goldens, lack one or fail to render. */
    public static final int FAILED = 1;
    /**
     * Bad command line: unknown command or option, arguments that are not a JSON object, unknown tool; an option's
     * folder, file or port that cannot be used; a setting in the environment that cannot be used.
     */
    public static final int USAGE = 2;
    /**
     * {@code assert-capture}: the capture could not be replayed (RenderDoc bridge missing, crashed, timed out);
     * {@code assert-effects}: the effects could not be rendered (Chromium or its backend missing).
     */
    public static final int UNAVAILABLE = 69;
    /** A bug in FrameScope (stack trace on stderr). */
    public static final int INTERNAL = 70;
    /** {@code serve}: stdin or stdout failed (the client stopped reading, or its pipe broke). */
    public static final int IO_ERROR = FrameScopeServer.TRANSPORT_FAILED;

    private ExitCodes() {
    }
}
