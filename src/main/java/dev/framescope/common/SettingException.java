package dev.framescope.common;

/**
 * A setting the person gave that FrameScope cannot use: an environment variable (or the option that stands for one,
 * such as {@code --groups}) that is not a number, out of range or names nothing. A mistake, not a bug: the message
 * names the setting, what it takes and what was given, and the command line says it in one line and exits 2.
 */
public final class SettingException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SettingException(String message) {
        super(message);
    }
}
