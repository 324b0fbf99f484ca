package dev.framescope.cli;

/**
 * A mistake in a command's own options or arguments that picocli cannot see: a folder that is not a checkout, a
 * port out of range or in use, an output file that cannot be written. The message names the option, what it takes
 * and what was given; the command line prints it as {@code framescope COMMAND: message} and exits 2.
 */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
