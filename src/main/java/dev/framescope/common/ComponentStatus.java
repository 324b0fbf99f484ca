package dev.framescope.common;

/**
 * State of one external component the server drives (the browser, the RenderDoc bridge, the dialog page).
 *
 * @param name   component name
 * @param state  {@code not_started}, {@code starting}, {@code running}, {@code degraded}, {@code stopped} or
 *               {@code failed}; "not started" is normal until a tool first needs the component
 * @param detail one line: pid, URL, last failure, or why it has not started
 */
public record ComponentStatus(String name, String state, String detail) {

    public static ComponentStatus notStarted(String name, String why) {
        return new ComponentStatus(name, "not_started", why);
    }
}
